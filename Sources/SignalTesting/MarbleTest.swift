import Signal
import Testing

/// Marble tests: drive a ``TestSource`` from a ``MarbleDiagram`` on a ``TestClock`` and check
/// what an operator publishes against an expected diagram, tick by tick.
///
/// ```swift
/// @Test func debounceWaitsForTwoQuietTicks() async {
///   await MarbleTest.expect(
///     "a-b-----c--|", through: { source, clock in source.debounce(for: .seconds(2), clock: clock) },
///     produces: "----b-----c|")
/// }
/// ```
///
/// A failure is recorded with Swift Testing's `Issue.record`, the two diagrams aligned tick by
/// tick so the first difference shows in its column:
///
/// ```
/// marbles differ
/// expected: ----b-----c|
/// actual:   ---b------c|
/// ```
///
/// How it runs: the operator subscribes to the source at once; then for each tick `t` (one
/// `tick` of virtual time, a second by default) the clock advances to `t`, which fires the
/// operator's timers due by then, and the source sends the events of tick `t`, each `send`
/// returning once the operator has taken it (see ``TestSource``). An output is stamped with
/// the tick the clock shows when it arrives. Before moving on, the run waits until the outputs
/// expected by then have arrived (each output signals; there is no yield budget), so a correct
/// operator passes whatever the scheduling, however loaded the machine; a wrong one that never
/// produces an expected output is given up on after 10 s and its diagram reported.
/// One tick past the longer diagram catches late extra outputs.
/// A source's `#` fails with ``Failure``; any failure of the operator is drawn `#`.
///
/// The operator is driven in lock step with its source, so an operator that stops reading
/// (a full `.suspend` buffer downstream) stops the run: test such operators directly.
public enum MarbleTest {
  /// The error a source diagram's `#` fails with.
  public struct Failure: Error, Sendable, Equatable {
    public init() {}
  }

  /// Drives `source` (its characters standing for `values`) through `makeOperator` and checks
  /// the output against `expected` (its characters standing for `outputs`).
  ///
  /// ```swift
  /// await MarbleTest.expect(
  ///   "1-2-3|", values: ["1": 1, "2": 2, "3": 3],
  ///   through: { source, _ in source.map { $0 * 2 } },
  ///   produces: "2-4-6|", outputs: ["2": 2, "4": 4, "6": 6])
  /// ```
  ///
  /// - Returns: whether the output matched (an issue is recorded when it did not).
  @discardableResult
  public static func expect<Input: Sendable, P: Publisher>(
    _ source: String,
    values: [Character: Input],
    through makeOperator: (TestSource<Input, Failure>, TestClock) -> P,
    produces expected: String,
    outputs: [Character: P.Output],
    tick: Duration = .seconds(1),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool where P.Output: Equatable & Sendable {
    let sourceDiagram: MarbleDiagram<Input>
    let expectedDiagram: MarbleDiagram<P.Output>
    do throws(MarbleSyntaxError) {
      sourceDiagram = try MarbleDiagram(source, values: values)
      expectedDiagram = try MarbleDiagram(expected, values: outputs)
    } catch {
      Issue.record("bad marble diagram: \(error)", sourceLocation: sourceLocation)
      return false
    }
    let actual = await run(sourceDiagram, through: makeOperator, expecting: expectedDiagram, tick: tick)
    guard actual != expectedDiagram.events else { return true }
    let drawn = MarbleDiagram.aligned(
      expected: expectedDiagram, actual: MarbleDiagram(events: actual), values: outputs)
    Issue.record(
      "marbles differ\nexpected: \(drawn.expected)\nactual:   \(drawn.actual)", sourceLocation: sourceLocation)
    return false
  }

  /// ``expect(_:values:through:produces:outputs:tick:sourceLocation:)`` for streams of
  /// one-letter strings: every letter or digit stands for itself.
  ///
  /// ```swift
  /// await MarbleTest.expect("-a-b|", through: { source, _ in source.map { $0.uppercased() } }, produces: "-A-B|")
  /// ```
  @discardableResult
  public static func expect<P: Publisher>(
    _ source: String,
    through makeOperator: (TestSource<String, Failure>, TestClock) -> P,
    produces expected: String,
    tick: Duration = .seconds(1),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool where P.Output == String {
    await expect(
      // The source's letters too, so an output the expected diagram lacks is still drawn by name.
      source, values: letters(in: source), through: makeOperator, produces: expected,
      outputs: letters(in: source + expected),
      tick: tick, sourceLocation: sourceLocation)
  }

  /// Every letter and digit of `diagram`, standing for itself.
  static func letters(in diagram: String) -> [Character: String] {
    var values: [Character: String] = [:]
    for character in diagram where character.isLetter || character.isNumber { values[character] = String(character) }
    return values
  }

  /// Plays `source` tick by tick and returns what the operator published, stamped with ticks.
  static func run<Input: Sendable, P: Publisher>(
    _ source: MarbleDiagram<Input>,
    through makeOperator: (TestSource<Input, Failure>, TestClock) -> P,
    expecting expected: MarbleDiagram<P.Output>,
    tick: Duration
  ) async -> [MarbleEvent<P.Output>] where P.Output: Sendable {
    let clock = TestClock()
    let testSource = TestSource<Input, Failure>()
    let log = Lock<[MarbleEvent<P.Output>]>([])
    // Every output signals, so the run waits for what is due without a yield budget.
    let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
    let stamp = { @Sendable (kind: MarbleEvent<P.Output>.Kind) in
      let now = Int((clock.now.offset / tick).rounded(.down))
      log.withLock { $0.append(MarbleEvent(tick: now, kind: kind)) }
      arrived.yield()
    }
    // Subscribed here, before any tick, as a `for await` or a `sink` would be.
    var iterator = makeOperator(testSource, clock).makeAsyncIterator()
    let consumer = Task {
      do throws(P.Failure) {
        while let value = try await iterator.next(isolation: nil) { stamp(.value(value)) }
        stamp(.finished)
      } catch {
        stamp(.failed)
      }
      // Nothing more will arrive: a wait for more ends.
      arrived.finish()
    }
    var arrival = arrivals.makeAsyncIterator()
    var isWaiting = true
    let end = Swift.max(source.length, expected.length) + 1
    for now in 0..<end {
      await clock.advance(to: TestClock.Instant(offset: tick * now))
      for event in source.events(at: now) {
        switch event.kind {
        case .value(let value): await testSource.send(value)
        case .finished: await testSource.send(completion: .finished)
        case .failed: await testSource.send(completion: .failure(Failure()))
        }
      }
      let due = expected.events.count { $0.tick <= now }
      // Once an output never came, the run has failed: the rest is played without waiting.
      if isWaiting { isWaiting = await waitForOutputs(due, in: log, arrival: &arrival, signal: arrived) }
    }
    consumer.cancel()
    await consumer.value
    return log.withLock { events in events.filter { $0.tick < end } }
  }

  /// How long the run waits for an output that is due before it moves on and reports the
  /// difference: a bound for a wrong operator only, never reached by a correct one, which is
  /// waited for however long the scheduling delays it.
  static let giveUpAfter = Duration.seconds(10)

  /// Waits until `due` outputs have arrived (each arrival signals `arrival`), the stream has
  /// ended, or `giveUpAfter` has passed with the outputs still missing; returns `false` then.
  static func waitForOutputs<Output>(
    _ due: Int,
    in log: Lock<[MarbleEvent<Output>]>,
    arrival: inout AsyncStream<Void>.Iterator,
    signal: AsyncStream<Void>.Continuation
  ) async -> Bool {
    guard log.withLock({ $0.count }) < due else { return true }
    let deadline = ContinuousClock.now + giveUpAfter
    // Wakes the wait if nothing arrives: only a wrong operator gets here.
    let watchdog = Task {
      try? await Task.sleep(until: deadline, clock: .continuous)
      signal.yield()
    }
    defer { watchdog.cancel() }
    while log.withLock({ $0.count }) < due {
      guard ContinuousClock.now < deadline else { return false }
      guard await arrival.next() != nil else { return true }
    }
    return true
  }
}
