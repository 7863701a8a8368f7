import HollowKit
import HollowServer
import Signal
import Testing

/// Requests are Signal `Performable`s: a cold one-shot publisher and the indexed fan-in.
@Suite struct RequestTests {
  @Test func thePublisherIsColdAndPerformsPerSubscription() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let request = server.client.request(SystemMessagesRequest.self, .init())
    #expect(server.server.requestCount(path: "/v3/contents/system_msg") == 0)
    for try await messages in request.publisher { #expect(!messages.isEmpty) }
    for try await messages in request.publisher { #expect(!messages.isEmpty) }
    #expect(server.server.requestCount(path: "/v3/contents/system_msg") == 2)
  }

  @Test func thePublisherFailsWithTheTypedError() async throws {
    let (client, _) = ClientFixtures.client(body: WireFixtures.tokenExpired)
    var iterator = client.request(PostListRequest.self, .init()).publisher.makeAsyncIterator()
    do {
      _ = try await iterator.next()
      Issue.record("expected a failure")
    } catch {
      #expect(error.kind == .tokenExpired(message: "登录凭据过期，请重新登录"))
    }
  }

  @Test func fanInDeliversEveryDetailTaggedByIndexAndKeepsFailuresAsValues() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let pids = try await server.client.perform(PostListRequest.self, .init(page: 2)).posts.prefix(5).map(\.pid)
    let wanted = pids + [9_999_999]
    let requests = wanted.map { server.client.request(PostDetailRequest.self, .init(pid: $0, includeComments: false)) }
    var outcomes: [Int: OptionalOutput<PostDetailResult, HollowError>] = [:]
    for await (index, outcome) in PostDetailRequest.publisher(for: requests, maxConcurrent: 2) {
      #expect(outcomes.updateValue(outcome, forKey: index) == nil)
    }
    #expect(outcomes.count == wanted.count)
    for (index, pid) in pids.enumerated() {
      #expect(outcomes[index]?.value?.post.pid == pid)
    }
    guard case .noSuchPost = outcomes[pids.count]?.error?.kind else {
      Issue.record("expected noSuchPost for the unknown pid, got \(String(describing: outcomes[pids.count]))")
      return
    }
    #expect(server.server.requestCount(path: "/v3/contents/post/detail") == wanted.count)
  }
}
