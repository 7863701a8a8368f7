import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// The embedded demo server keeps its writes in the data folder (a temporary one here, never the real
/// home): one command's post, follow or vote is there for the next, until `--reset-demo`.
@Suite struct BackendTests {
  private static func withFolders<T>(_ body: ([String: String]) async throws -> T) async throws -> T {
    let root = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    return try await body([
      "HOLLOW_CACHE_DIR": root.appendingPathComponent("cache").path,
      "XDG_DATA_HOME": root.appendingPathComponent("data").path,
    ])
  }

  private static func pid(_ run: CLIRun) -> Int? {
    run.stdout.split(separator: "#").last.flatMap { Int($0.prefix { $0.isNumber }) }
  }

  @Test func writesOfOneCommandAreThereForTheNext() async throws {
    try await Self.withFolders { variables in
      let first = await CLIHarness.run(["send", "one"], variables: variables)
      let second = await CLIHarness.run(["send", "two"], variables: variables)
      #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
      let pid = try #require(Self.pid(first))
      #expect(Self.pid(second) == pid + 1)
      #expect(await CLIHarness.run(["follow", "40112"], variables: variables).stdout.hasPrefix("following #40112"))
      let attentions = await CLIHarness.run(["--json", "attentions"], variables: variables)
      let page = try JSONDecoder().decode(PostPage.self, from: Data(attentions.stdout.utf8))
      #expect(page.posts.contains { $0.pid == 40112 } && page.posts.contains { $0.pid == pid + 1 })
      let again = await CLIHarness.run(["follow", "40112"], variables: variables)
      #expect(again.status == 1 && again.stderr.contains("您已经关注过了"))
      let reset = await CLIHarness.run(["--reset-demo", "send", "three"], variables: variables)
      #expect(reset.status == 0 && Self.pid(reset) == pid)
      #expect(await CLIHarness.run(["follow", "40112"], variables: variables).status == 0)
    }
  }

  @Test func anUnreadableStateFileIsReportedOnceAndSetAside() async throws {
    try await Self.withFolders { variables in
      let folder = try #require(Backend.demoStateFolder(variables))
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let file = folder + "/demo-state-seed-1-posts-320.json"
      try Data("not json".utf8).write(to: URL(fileURLWithPath: file))
      let first = await CLIHarness.run(["send", "hello"], variables: variables)
      #expect(first.status == 0)
      #expect(
        first.stderr.hasPrefix(
          "hollow-cli: the demo state file \(file) cannot be read (not valid JSON of the expected shape); "
            + "it was set aside as \(file).unreadable-"))
      #expect(first.stderr.hasSuffix(" and the demo starts over\n"))
      let second = await CLIHarness.run(["messages"], variables: variables)
      #expect(second.status == 0 && second.stderr.isEmpty)
    }
  }

  @Test func resetDemoDoesNotApplyToAnotherServer() async {
    let run = await CLIHarness.run(["--reset-demo", "--server", "http://127.0.0.1:1", "timeline"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("hollow-cli: --reset-demo starts the demo server's data over"))
  }

  @Test func theDataFolderFollowsXDGThenHome() {
    #expect(Backend.demoStateFolder(["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]) == "/xdg/hollow")
    #expect(Backend.demoStateFolder(["XDG_DATA_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.local/share/hollow")
    #expect(Backend.demoStateFolder(["HOME": "/home/u/"]) == "/home/u/.local/share/hollow")
    #expect(Backend.demoStateFolder([:]) == nil)
  }
}
