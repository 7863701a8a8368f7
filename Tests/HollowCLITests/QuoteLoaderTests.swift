import Foundation
import HollowKit
import HollowServer
import Testing

@testable import HollowCLI

@Suite struct QuoteLoaderTests {
  @Test func citedPidsAreDistinctInOrderWithoutOwnPid() {
    let texts = [
      QuoteLoader.Citing(text: "#3 #1 #3 me #9", ownPid: 9), QuoteLoader.Citing(text: "#1 #2 and #9", ownPid: 2),
    ]
    #expect(QuoteLoader.citedPids(texts) == [3, 1, 9])
  }

  @Test func fetchesEachMissingPidOnceAndReusesKnownPosts() async throws {
    let server = HollowServer(configuration: ServerConfiguration(seed: 3))
    let port = try server.start()
    defer { server.shutdown() }
    let root = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let client = TreeHoleClient(configuration: ClientConfiguration(apiRoot: root))
    let page = try await client.perform(PostListRequest.self, .init(page: 1))
    let known = try #require(page.posts.first)
    let fetched = try #require(page.posts.last)
    let texts = [
      QuoteLoader.Citing(text: "#\(known.pid) #\(fetched.pid) #9999999", ownPid: 1),
      QuoteLoader.Citing(text: "again #\(fetched.pid) and #9999999", ownPid: 2),
    ]
    var reports: [Int] = []
    let quotes = await QuoteLoader(client: client).load(citedBy: texts, known: [known.pid: known]) { done, total in
      #expect(total == 2)
      reports.append(done)
    }
    #expect(quotes[known.pid] == .found(known))
    #expect(quotes[fetched.pid] == .found(fetched))
    #expect(quotes[9_999_999] == .notFound)
    #expect(reports == [0, 1, 2])
    #expect(server.requestCount(path: "/v3/contents/post/detail") == 2)
  }

  @Test func unreachableQuotesAreFailuresNotCrashes() async throws {
    let root = try #require(URL(string: "http://127.0.0.1:1"))
    let client = TreeHoleClient(configuration: ClientConfiguration(apiRoot: root))
    let quotes = await QuoteLoader(client: client).load(citedBy: [.init(text: "#5", ownPid: 1)], known: [:])
    #expect(quotes[5] == .failed("cannot connect to the server"))
  }
}
