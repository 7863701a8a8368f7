import Foundation
import Synchronization
import Testing

@testable import HollowCLI

@Suite struct ServeRunnerTests {
  @Test func servesUntilToldToStopAndAnotherRunCanUseIt() async throws {
    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    let client = Mutex<CLIRun?>(nil)
    let environment = CLIEnvironment(
      stdout: stdout, stderr: stderr, variables: [:], now: CLIHarness.now,
      waitForTermination: {
        // The server is up and its address printed: use it, then let serve stop.
        let url = stdout.text.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init) ?? "none"
        let run = await CLIHarness.run(["--server", url, "--token", "s3cret", "messages"])
        client.withLock { $0 = run }
      })
    let status = await HollowCommandLine.run(["serve", "--port", "0", "--token", "s3cret"], environment: environment)
    #expect(status == 0)
    #expect(stdout.text.hasPrefix("serving the demo tree hole at http://127.0.0.1:"))
    #expect(stdout.text.contains("press Ctrl-C to stop"))
    #expect(!stdout.text.contains("s3cret"))
    #expect(stderr.text == "stopping\n")
    let run = try #require(client.withLock { $0 })
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("欢迎来到树洞"))
  }

  @Test func serveAndTheEmbeddedServerShareTheKeptWrites() async throws {
    let root = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let variables = ["XDG_DATA_HOME": root.path, "HOLLOW_CACHE_DIR": root.appendingPathComponent("cache").path]
    let stdout = CapturedOutput()
    let sent = Mutex<CLIRun?>(nil)
    let environment = CLIEnvironment(
      stdout: stdout, stderr: CapturedOutput(), variables: variables, now: CLIHarness.now,
      waitForTermination: {
        let url = stdout.text.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init) ?? "none"
        let run = await CLIHarness.run(["--server", url, "send", "from serve"], variables: variables)
        sent.withLock { $0 = run }
      })
    #expect(await HollowCommandLine.run(["serve", "--port", "0"], environment: environment) == 0)
    #expect(stdout.text.contains("writes are kept in \(root.path)/hollow (--reset-demo starts over)\n"))
    let run = try #require(sent.withLock { $0 })
    let pid = try #require(run.stdout.split(separator: "#").last.flatMap { Int($0.prefix { $0.isNumber }) })
    let embedded = await CLIHarness.run(["post", "\(pid)"], variables: variables)
    #expect(embedded.status == 0 && embedded.stdout.contains("from serve"), "\(embedded.stderr)")
  }

  @Test func jsonPrintsTheAddress() async throws {
    let stdout = CapturedOutput()
    let environment = CLIEnvironment(stdout: stdout, stderr: CapturedOutput(), variables: [:], now: CLIHarness.now)
    let status = await HollowCommandLine.run(["--json", "serve", "--port", "0"], environment: environment)
    #expect(status == 0)
    let address = try JSONDecoder().decode(ServeRunner.Address.self, from: Data(stdout.text.utf8))
    #expect(address.url.hasPrefix("http://127.0.0.1:"))
    #expect(address.imageBase == address.url + "/images")
    #expect(!address.tokenRequired)
  }

  @Test func aBusyPortFailsWithExitOne() async throws {
    try await CLIHarness.withServer { url in
      let port = try #require(URL(string: url)?.port)
      let run = await CLIHarness.run(["serve", "--port", "\(port)"])
      #expect(run.status == 1)
      #expect(run.stderr.hasPrefix("hollow-cli: cannot start the server on port \(port):"))
    }
  }
}
