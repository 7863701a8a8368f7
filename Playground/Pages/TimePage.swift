import Signal
import SignalTesting
import Synchronization

/// Time operators on a virtual clock: the same keystrokes go through each operator, and the
/// page prints what comes out at which virtual instant. A `TestClock` drives everything, so
/// the page runs in an instant.
enum TimePage: PlaygroundPage {
  static let name = "time"
  static let summary =
    "debounce, throttle, delay, timeout, collect, Timer and withTimeout on a TestClock (and an ImmediateClock)"

  /// What a user types, and when (milliseconds from the start).
  static let keystrokes: [(at: Int, text: String)] = [
    (0, "t"), (100, "tr"), (200, "tre"), (300, "tree"), (900, "tree "), (1000, "tree h"), (2000, "tree ho"),
  ]

  static func run() async {
    print("input:", keystrokes.map { "\($0.text)@\($0.at)ms" }.joined(separator: ", "))
    await replay("debounce(for: 300ms)") { $0.debounce(for: .milliseconds(300), clock: $1) }
    await replay("throttle(for: 500ms, latest: true)") {
      $0.throttle(for: .milliseconds(500), clock: $1, latest: true)
    }
    await replay("throttle(for: 500ms, latest: false)") {
      $0.throttle(for: .milliseconds(500), clock: $1, latest: false)
    }
    await replay("delay(for: 250ms)") { $0.delay(for: .milliseconds(250), clock: $1) }
    await replay("timeout(700ms): the 1 s pause ends the stream") { $0.timeout(.milliseconds(700), clock: $1) }
    await replay("collect(.byTime(clock, 500ms))") { source, clock in
      source.collect(.byTime(clock, .milliseconds(500))).map { $0.joined(separator: " | ") }
    }

    // A timer ticks on a grid: each tick is the previous one plus the interval, never "now + interval".
    let clock = TestClock()
    let ticks = Task { await Publishers.Timer(every: .milliseconds(400), clock: clock).prefix(4).allValues() }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(2))
    print("Timer(every: 400ms).prefix(4):", await ticks.value.map(\.offset))

    // An ImmediateClock never waits: each sleep moves its time to the deadline and returns.
    let immediate = ImmediateClock()
    let instantTicks = await Publishers.Timer(every: .seconds(1), clock: immediate).prefix(3).allValues()
    print("Timer(every: 1s).prefix(3) on an ImmediateClock:", instantTicks.map(\.offset), "now:", immediate.now.offset)

    // retry with a backoff: the failed attempts wait 1 s, 2 s, then 4 s before the next one.
    let retryClock = ImmediateClock()
    let server = FlakyServer(failures: 3)
    let backoff = Backoff.exponential(initial: .seconds(1), maximum: .seconds(30))
    let answer = try? await Deferred { server.fetch() }.retry(3, delay: backoff, clock: retryClock).firstValue()
    print(
      "retry(3, delay: exponential from 1s):", answer ?? "-", "after", server.attempts, "attempts, at",
      retryClock.now.offset)

    // A marble diagram is a timeline as text: one character per tick, (groups) share a tick.
    if let marbles = try? MarbleDiagram("a-b--(cd)|") {
      let ticks = marbles.events.map { event in
        switch event.kind {
        case .value(let value): "\(value)@\(event.tick)"
        case .finished: "|@\(event.tick)"
        case .failed: "#@\(event.tick)"
        }
      }
      print("MarbleDiagram(\"a-b--(cd)|\"):", ticks.joined(separator: " "))
    }

    // withTimeout bounds one async operation: a 2 s job within 5 s succeeds; within 1 s it times out.
    for limit in [5, 1] {
      let jobClock = TestClock()
      let job = Task {
        try await withTimeout(.seconds(limit), clock: jobClock) { () async -> String in
          (try? await jobClock.sleep(for: .seconds(2))) == nil ? "cancelled" : "done"
        }
      }
      await jobClock.waitForSleepers(count: 2)
      await jobClock.advance(by: .seconds(5))
      switch await job.result {
      case .success(let value): print("withTimeout(\(limit)s) { a 2 s job }:", value)
      case .failure(let failure): print("withTimeout(\(limit)s) { a 2 s job }: threw", failure)
      }
    }
  }

  /// Types the keystrokes into a `TestSource`, through the operator `build` makes, and prints
  /// each output with the virtual instant at which it arrived.
  static func replay<P: Publisher>(
    _ title: String,
    _ build: (TestSource<String, Never>, TestClock) -> P
  ) async where P.Output: Sendable, P.Failure == Never {
    let clock = TestClock(settleYields: 10_000)
    let source = TestSource<String, Never>()
    let publisher = build(source, clock)
    let consumer = Task {
      var lines: [String] = []
      for await output in publisher { lines.append("  \(clock.now.offset): \(output)") }
      lines.append("  \(clock.now.offset): finished")
      return lines
    }
    for (at, text) in keystrokes {
      await clock.advance(to: .init(offset: .milliseconds(at)))
      await source.send(text)
    }
    await clock.advance(by: .seconds(1))
    await source.send(completion: .finished)
    await clock.run()
    print(title)
    for line in await consumer.value { print(line) }
  }
}

/// Fails its first `failures` requests, then answers: a stand-in for a server having a bad moment.
private final class FlakyServer: Sendable {
  struct Unavailable: Error {}

  private let count = Atomic(0)
  private let failures: Int

  init(failures: Int) {
    self.failures = failures
  }

  var attempts: Int { count.load(ordering: .relaxed) }

  func fetch() -> AnyPublisher<String, Unavailable> {
    let attempt = count.add(1, ordering: .relaxed).newValue
    guard attempt > failures else { return Fail(error: Unavailable()).eraseToAnyPublisher() }
    return Just("the answer").setFailureType(to: Unavailable.self).eraseToAnyPublisher()
  }
}
