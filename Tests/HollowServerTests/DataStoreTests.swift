import Dispatch
import Foundation
import HollowKit
import Synchronization
import TestScheduling
import Testing

@testable import HollowServer

/// The demo's writes kept in a data folder (a temporary one: never the real home), shared by servers
/// one after the other and at once; and `randomlist` random per request, with an injected seed.
@Suite(.offCooperativePool) struct DataStoreTests {
  private static func configuration(_ folder: String, reset: Bool = false) -> ServerConfiguration {
    // Rate limits off: these tests write as fast as they can (up to 40 posts at once); the limits have their
    // own rows in ConformanceTests.
    ServerConfiguration(seed: 5, postCount: 60, stateFolder: folder, resetState: reset, enforcesRateLimits: false)
  }

  private static func withDataFolder<T>(_ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-state-\(UUID().uuidString)")
      .path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(folder + "/hollow")
  }

  private static func send(_ text: String, port: Int) throws -> Int {
    try TestClient(port: port).post("/v3/send/post", form: [("text", text), ("type", "text")]).decode(SentPost.self).pid
  }

  /// The pids of the first three timeline pages.
  private static func timelinePids(port: Int) throws -> [Int] {
    let client = try TestClient(port: port)
    return try (1...3).flatMap { page in
      try client.get("/v3/contents/post/list?page=\(page)").decode(PostPage.self).posts.map(\.pid)
    }
  }

  @Test func writesOutliveTheServerThatMadeThem() throws {
    try Self.withDataFolder { folder in
      let (pid, cid, followed, voted) = try withServer(Self.configuration(folder)) { server, port in
        #expect(server.keepsState && server.stateNotices.isEmpty)
        let client = try TestClient(port: port)
        let page = try client.get("/v3/contents/post/list?page=1").decode(PostPage.self)
        let pid = try Self.send("kept across runs", port: port)
        let cid = try client.post(
          "/v3/send/comment", form: [("pid", "\(pid)"), ("text", "and so is this"), ("type", "text")]
        )
        .decode(SentComment.self).cid
        let followed = try #require(page.posts.first { !$0.isFollowed }).pid
        #expect(try client.post("/v3/edit/attention", form: [("pid", "\(followed)"), ("switch", "1")]).status == 200)
        let poll = try #require(page.posts.first { $0.vote != nil && $0.vote?.voted == nil })
        let option = try #require(poll.vote?.options.first)
        _ = try client.post("/v3/send/vote", form: [("pid", "\(poll.pid)"), ("option", option)])
        return (pid, cid, followed, (poll.pid, option))
      }
      try withServer(Self.configuration(folder)) { server, port in
        #expect(server.stateNotices.isEmpty)
        let client = try TestClient(port: port)
        #expect(try Self.timelinePids(port: port).contains(pid))
        let detail = try client.get("/v3/contents/post/detail?pid=\(pid)").decode(PostDetail.self)
        #expect(detail.post.text == "kept across runs" && detail.comments?.map(\.cid) == [cid])
        let attentions = try client.get("/v3/contents/post/attentions?page=1").decode(PostPage.self)
        #expect(attentions.posts.contains { $0.pid == followed } && attentions.posts.contains { $0.pid == pid })
        let poll = try client.get("/v3/contents/post/detail?pid=\(voted.0)").decode(PostDetail.self).post
        #expect(poll.vote?.voted == voted.1)
        let again = try client.post("/v3/edit/attention", form: [("pid", "\(followed)"), ("switch", "1")])
        #expect(try again.decode(APIStatus.self).code == APIStatus.failure)
        #expect(try Self.send("the next one", port: port) == pid + 1)
      }
    }
  }

  @Test func twoServersAtOnceSeeAndKeepEachOthersWrites() throws {
    try Self.withDataFolder { folder in
      try withServer(Self.configuration(folder)) { _, first in
        try withServer(Self.configuration(folder)) { _, second in
          let pids = Mutex<[Int]>([])
          DispatchQueue.concurrentPerform(iterations: 40) { index in
            if let pid = try? Self.send("post \(index)", port: index % 2 == 0 ? first : second) {
              pids.withLock { $0.append(pid) }
            }
          }
          let sent = pids.withLock { $0 }
          #expect(sent.count == 40 && Set(sent).count == 40)
          for port in [first, second] {
            let shown = try Self.timelinePids(port: port)
            #expect(Set(sent).isSubset(of: shown))
          }
        }
      }
      let file = try DemoStateFile(folder: folder, seed: 5, postCount: 60)
      guard case .journal(let journal, _) = file.read() else {
        Issue.record("the state file is not readable")
        return
      }
      #expect(journal.operations.count == 40)
    }
  }

  @Test func anUnreadableStateFileIsSetAsideReportedAndTheDemoStartsOver() throws {
    try Self.withDataFolder { folder in
      let base = try withServer(Self.configuration(folder)) { _, port in try Self.send("first", port: port) }
      let name = try DemoStateFile(folder: folder, seed: 5, postCount: 60).name
      let garbage = Data("{\"format\": \"hollow-demo-state\", \"operations\": [tru".utf8)
      try garbage.write(to: URL(fileURLWithPath: folder + "/" + name))
      try withServer(Self.configuration(folder)) { server, port in
        let notice = try #require(server.stateNotices.first)
        #expect(notice.contains("cannot be read (not valid JSON of the expected shape)"))
        #expect(notice.contains("set aside as \(folder)/\(name).unreadable-"))
        #expect(try Self.send("after", port: port) == base)
      }
      let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".unreadable-") }
      #expect(aside.count == 1)
      #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + aside[0])) == garbage)
      try withServer(Self.configuration(folder)) { server, port in
        #expect(server.stateNotices.isEmpty)
        let pid = try Self.send("again", port: port)
        #expect(pid == base + 1)
      }
    }
  }

  @Test func resetStartsOverAndARunningServerFollows() throws {
    try Self.withDataFolder { folder in
      try withServer(Self.configuration(folder)) { _, port in
        let pid = try Self.send("to be forgotten", port: port)
        try withServer(Self.configuration(folder, reset: true)) { _, fresh in
          let shown = try Self.timelinePids(port: fresh)
          #expect(!shown.contains(pid))
          let again = try Self.send("first again", port: fresh)
          #expect(again == pid)
        }
        // The other server reset the file: this one takes that in at its next request.
        let detail = try TestClient(port: port).get("/v3/contents/post/detail?pid=\(pid)").decode(PostDetail.self)
        #expect(detail.post.text == "first again")
      }
    }
  }

  @Test func aFolderThatCannotBeUsedIsReportedAndWritesLastWhileTheServerRuns() throws {
    try Self.withDataFolder { folder in
      let target = folder + "-target"
      try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: target) }
      try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: target)
      try withServer(Self.configuration(folder)) { server, port in
        #expect(!server.keepsState)
        #expect(
          server.stateNotices.first?.hasPrefix("cannot keep the demo state in \(folder): it is a symbolic link") == true
        )
        let pid = try Self.send("in memory", port: port)
        #expect(try Self.timelinePids(port: port).contains(pid))
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
    }
  }

  @Test func randomListIsRandomPerRequestAndRepeatableWithAnInjectedSeed() throws {
    func pages(randomSeed: UInt64, count: Int) throws -> [[Int]] {
      try withServer(ServerConfiguration(randomSeed: randomSeed)) { _, port in
        let client = try TestClient(port: port)
        return try (0..<count).map { _ in
          try client.get("/v3/contents/post/randomlist").decode(PostPage.self).posts.map(\.pid)
        }
      }
    }
    let first = try pages(randomSeed: 42, count: 3)
    #expect(first.allSatisfy { (0...15).contains($0.count) && Set($0).count == $0.count })
    #expect(first[0] != first[1] && first[1] != first[2])
    #expect(try pages(randomSeed: 42, count: 3) == first)
    #expect(try pages(randomSeed: 43, count: 1)[0] != first[0])
  }
}
