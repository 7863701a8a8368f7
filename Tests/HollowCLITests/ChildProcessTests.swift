import Testing

@testable import HollowCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct ChildProcessTests {
  @Test func answersTheExitStatus() async throws {
    #expect(try await ChildProcess.start("/bin/sh", arguments: ["-c", "exit 0"]).exitStatus() == 0)
    #expect(try await ChildProcess.start("/bin/sh", arguments: ["-c", "exit 3"]).exitStatus() == 3)
  }

  @Test func aSignalIs128PlusItsNumber() async throws {
    let child = try ChildProcess.start("/bin/sh", arguments: ["-c", "kill -TERM $$"])
    #expect(await child.exitStatus() == 128 + SIGTERM)
  }

  @Test func theChildHandlesSIGINTByDefaultEvenWhenThisProcessIgnoresIt() async throws {
    // The editor runs while hollow-cli ignores SIGINT; the editor must not inherit that.
    let previous = signal(SIGINT, SIG_IGN)
    defer { signal(SIGINT, previous) }
    let child = try ChildProcess.start("/bin/sh", arguments: ["-c", "kill -INT $$; exit 0"])
    #expect(await child.exitStatus() == 128 + SIGINT)
  }

  @Test func passesTheArgumentsAsGiven() async throws {
    let child = try ChildProcess.start(
      "/bin/sh", arguments: ["-c", #"[ "$1" = "a b" ] && [ "$2" = "'c'" ]"#, "name", "a b", "'c'"])
    #expect(await child.exitStatus() == 0)
  }

  @Test func silencedReadsNothingAndWritesNowhere() async throws {
    // stdin at end of file (so `read` fails) and stdout writable: /dev/null on all three.
    let child = try ChildProcess.start(
      "/bin/sh", arguments: ["-c", "read line && exit 5; echo out; echo err >&2; exit 0"], silenced: true)
    #expect(await child.exitStatus() == 0)
  }

  @Test func aMissingProgramIsAStartFailure() {
    #expect(throws: ChildProcess.StartFailure.self) {
      try ChildProcess.start("/nonexistent/hollow-editor", arguments: [])
    }
  }

  @Test func aDetachedChildIsReaped() async throws {
    let child = try ChildProcess.start("/bin/sh", arguments: ["-c", "exit 0"])
    child.detach()
    // Once reaped by the detached waiter, the pid is no longer this process's child.
    var reaped = false
    for _ in 0..<10_000 where !reaped {
      reaped = waitpid(child.id, nil, WNOHANG) < 0 && errno == ECHILD
      if !reaped { await Task.yield() }
    }
    #expect(reaped)
  }
}
