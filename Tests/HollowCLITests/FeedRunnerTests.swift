import Foundation
import HollowKit
import HollowServer
import Testing

@testable import HollowCLI

/// The list commands through the library loaders: the cache, offline runs and delivery order.
@Suite struct FeedRunnerTests {
  private static func imageRequests(_ server: HollowServer) -> Int {
    server.requests.count { $0.path.hasPrefix("/images/") }
  }

  @Test func aWarmRunSendsNoImageOrDetailRequest() async throws {
    try await CLIHarness.withServer(configuration: ServerConfiguration(seed: 7)) { server, url in
      try await CLIHarness.withCacheFolder { _, variables in
        let cold = await CLIHarness.run(["--server", url, "timeline", "--pages", "2"], variables: variables)
        #expect(cold.status == 0, "\(cold.stderr)")
        let images = Self.imageRequests(server)
        let details = server.requestCount(path: "/v3/contents/post/detail")
        let pages = server.requestCount(path: "/v3/contents/post/list")
        #expect(images > 0)
        #expect(details > 0)
        let warm = await CLIHarness.run(["--server", url, "timeline", "--pages", "2"], variables: variables)
        #expect(warm.stdout == cold.stdout)
        #expect(Self.imageRequests(server) == images)
        #expect(server.requestCount(path: "/v3/contents/post/detail") == details)
        #expect(server.requestCount(path: "/v3/contents/post/list") == pages + 2)
      }
    }
  }

  @Test func offlineAfterAWarmRunShowsTheCacheAndSaysSo() async throws {
    try await CLIHarness.withServer(configuration: ServerConfiguration(seed: 7)) { server, url in
      try await CLIHarness.withCacheFolder { _, variables in
        let online = await CLIHarness.run(["--server", url, "timeline"], variables: variables)
        let requests = server.requests.count
        let offline = await CLIHarness.run(["--server", url, "--offline", "timeline"], variables: variables)
        #expect(offline.status == 0)
        #expect(server.requests.count == requests)
        #expect(offline.stdout == "offline: showing cached data from just now\n" + online.stdout)
        let notCached = await CLIHarness.run(
          ["--server", url, "--offline", "timeline", "--page", "2"], variables: variables)
        #expect(notCached.status == 1)
        #expect(notCached.stdout.isEmpty)
        #expect(notCached.stderr == "hollow-cli: offline: timeline page 2 is not in the cache\n")
        let json = await CLIHarness.run(["--server", url, "--offline", "--json", "timeline"], variables: variables)
        #expect(json.stderr == "offline: showing cached data from just now\n")
        let pages = try JSONDecoder().decode([PostPage].self, from: Data(json.stdout.utf8))
        #expect(pages.count == 1)
      }
    }
  }

  @Test func anUnreachableServerFallsBackToTheCache() async throws {
    try await CLIHarness.withCacheFolder { _, variables in
      let (url, online) = try await CLIHarness.withServer(configuration: ServerConfiguration(seed: 7)) { _, url in
        (url, await CLIHarness.run(["--server", url, "search", "食堂"], variables: variables))
      }
      // The server is shut down now: its port refuses connections.
      let fallback = await CLIHarness.run(["--server", url, "search", "食堂"], variables: variables)
      #expect(fallback.status == 0, "\(fallback.stderr)")
      #expect(
        fallback.stdout == "offline: showing cached data from just now (cannot connect to the server)\n" + online.stdout
      )
      let nothing = await CLIHarness.run(["--server", url, "attentions"], variables: variables)
      #expect(nothing.status == 1)
      #expect(
        nothing.stderr == "hollow-cli: cannot connect to the server, and followed posts page 1 is not in the cache\n")
    }
  }

  @Test func asReadyShowsTheSamePostsAsInOrder() async throws {
    try await CLIHarness.withServer { url in
      let ordered = await CLIHarness.run(["--server", url, "timeline", "--pages", "2"])
      let asReady = await CLIHarness.run(["--server", url, "timeline", "--pages", "2", "--as-ready"])
      #expect(asReady.status == 0)
      #expect(Set(CLIHarness.headerPids(asReady.stdout)) == Set(CLIHarness.headerPids(ordered.stdout)))
      #expect(CLIHarness.headerPids(asReady.stdout).count == CLIHarness.headerPids(ordered.stdout).count)
      #expect(asReady.stdout.hasSuffix("timeline page 1-2 · 62 posts · more: hollow-cli timeline --page 3\n"))
    }
  }

  @Test func noCacheLeavesTheFolderAlone() async throws {
    try await CLIHarness.withServer { url in
      try await CLIHarness.withCacheFolder { folder, variables in
        let run = await CLIHarness.run(["--server", url, "--no-cache", "timeline"], variables: variables)
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
      }
    }
  }
}
