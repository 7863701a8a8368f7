import Foundation
import Testing

@testable import HollowCLI

/// The reader's signals: one that arrives before the loop has subscribed is not lost (a SIGHUP
/// right after the first frame used to leave the reader running, its terminal restored never).
@Suite(.serialized, .timeLimit(.minutes(1))) struct TerminalSignalSourceTests {
  @Test func aSignalBeforeTheSubscriberIsDeliveredWhenItSubscribes() async {
    let signals = TerminalSignalSource()
    defer { signals.close() }
    signals.deliver(.resized)
    signals.deliver(.terminate(SIGHUP))
    var received: [TerminalSignal] = []
    for await signal in signals.publisher {
      received.append(signal)
      if received.count == 2 { break }
    }
    #expect(received == [.resized, .terminate(SIGHUP)])
  }
}
