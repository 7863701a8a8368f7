import Testing

@testable import HollowCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A signal that comes after ``TerminalSignalSource/listening()`` returns and before anyone
/// subscribes reaches the first subscriber: the reader's loop subscribes only after it has taken
/// the terminal, and an early SIGWINCH or SIGTERM must not be lost in between.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct TerminalSignalSourceTests {
  @Test func aSignalBeforeTheSubscriberIsDeliveredToIt() async {
    let signals = await TerminalSignalSource.listening()
    defer { signals.close() }
    // SIGWINCH: its default action is to ignore it, so the test process survives either way.
    #expect(kill(getpid(), SIGWINCH) == 0)
    var received: TerminalSignal?
    for await signal in signals.publisher {
      received = signal
      break
    }
    #expect(received == .resized)
  }
}
