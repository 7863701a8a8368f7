import Signal
import SignalTesting

/// Every operator and source of Signal, for the contract tests. A new operator joins with one
/// line.
public enum ContractTable {
  private typealias Failing<Output> = Publishers.SetFailureType<Just<Output>, ContractError>

  private static func just<Output: Sendable>(_ value: Output) -> Failing<Output> {
    Just(value).setFailureType(to: ContractError.self)
  }

  public static let operators: [OperatorCase] = [
    OperatorCase("map", [8]) { up, _ in up.map { $0 + 1 } },
    OperatorCase("tryMap", [7]) { up, _ in up.tryMap { $0 }.mapError { _ in .boom } },
    OperatorCase("tryMap throwing", ContractOutcome([], failed: true), endsAfterSeven: true) { up, _ in
      up.tryMap { _ -> Int in throw ContractError.boom }.mapError { _ in .boom }
    },
    OperatorCase("compactMap", [7]) { up, _ in up.compactMap { $0 } },
    OperatorCase("filter", [7]) { up, _ in up.filter { $0 > 0 } },
    OperatorCase("removeDuplicates", [7]) { up, _ in up.removeDuplicates() },
    OperatorCase("scan", [7]) { up, _ in up.scan(0, +) },
    OperatorCase("reduce", [7]) { up, _ in up.reduce(0, +) },
    OperatorCase("dropFirst", [7]) { up, _ in up.dropFirst(0) },
    OperatorCase("prefix", [7]) { up, _ in up.prefix(5) },
    OperatorCase("prefix reached", [7], endsAfterSeven: true) { up, _ in up.prefix(1) },
    OperatorCase("first", [7], endsAfterSeven: true) { up, _ in up.first() },
    OperatorCase("first(where:)", [7], endsAfterSeven: true) { up, _ in up.first { $0 == 7 } },
    OperatorCase("catch", [7]) { up, _ in up.catch { _ in just(0) } },
    OperatorCase("replaceError", [7]) { up, _ in up.replaceError(with: 0).setFailureType(to: ContractError.self) },
    OperatorCase("retry", [7]) { up, _ in up.retry(1) },
    OperatorCase("mapError", [7]) { up, _ in up.mapError { $0 } },
    OperatorCase("handleEvents", [7]) { up, _ in up.handleEvents(receiveOutput: { _ in }) },
    OperatorCase("eraseToAnyPublisher", [7]) { up, _ in up.eraseToAnyPublisher() },
    OperatorCase("merge", [7]) { up, _ in up.merge(with: Empty()) },
    OperatorCase("merge of 3", [7]) { up, _ in up.merge(with: Empty(), Empty()) },
    OperatorCase("MergeMany", [7]) { up, _ in [up.eraseToAnyPublisher(), Empty().eraseToAnyPublisher()].merged() },
    OperatorCase("zip", [8], endsAfterSeven: true) { up, _ in up.zip(just(1)).map { $0 + $1 } },
    OperatorCase("zip of 3", [9], endsAfterSeven: true) { up, _ in up.zip(just(1), just(1)).map { $0 + $1 + $2 } },
    OperatorCase("ZipMany", [8], endsAfterSeven: true) { up, _ in
      Publishers.ZipMany([up.eraseToAnyPublisher(), just(1).eraseToAnyPublisher()]).map { $0.reduce(0, +) }
    },
    OperatorCase("combineLatest", [8]) { up, _ in up.combineLatest(just(1)).map { $0 + $1 } },
    OperatorCase("combineLatest of 3", [9]) { up, _ in up.combineLatest(just(1), just(1)).map { $0 + $1 + $2 } },
    OperatorCase("CombineLatestMany", [8]) { up, _ in
      Publishers.CombineLatestMany([up.eraseToAnyPublisher(), just(1).eraseToAnyPublisher()]).map { $0.reduce(0, +) }
    },
    OperatorCase("flatMap", [7]) { up, _ in up.flatMap(maxPublishers: 2) { just($0) } },
    OperatorCase("flatMap failing inner", ContractOutcome([], failed: true), endsAfterSeven: true) { up, _ in
      up.flatMap { _ in Fail<Int, ContractError>(error: .boom) }
    },
    OperatorCase("flatMap (hot inner)", [7], subscribesAtOnce: false) { up, _ in just(0).flatMap { _ in up } },
    OperatorCase("switchToLatest", [7]) { up, _ in up.map { just($0) }.switchToLatest() },
    OperatorCase("switchToLatest (hot inner)", [7], subscribesAtOnce: false) { up, _ in just(up).switchToLatest() },
    OperatorCase("flatMapLatest", [7]) { up, _ in up.flatMapLatest { just($0) } },
    OperatorCase("debounce", [7]) { up, clock in up.debounce(for: .seconds(1), clock: clock) },
    OperatorCase("throttle", [7]) { up, clock in up.throttle(for: .seconds(1), clock: clock, latest: true) },
    OperatorCase("delay", [7]) { up, clock in up.delay(for: .zero, clock: clock) },
    OperatorCase("timeout", [7]) { up, clock in up.timeout(.seconds(1), clock: clock) },
    OperatorCase("collect by time", [7]) { up, clock in up.collect(.byTime(clock, .seconds(1))).map { $0.reduce(0, +) }
    },
    OperatorCase("collect by count", [7]) { up, _ in up.collect(.byCount(2)).map { $0.reduce(0, +) } },
    OperatorCase("share", [7]) { up, _ in up.share() },
    OperatorCase("share(replay:)", [7]) { up, _ in up.share(replay: 1) },
    OperatorCase("multicast + autoconnect", [7]) { up, _ in
      up.multicast { PassthroughSubject<Int, ContractError>() }.autoconnect()
    },
    OperatorCase("buffer", [7]) { up, _ in up.buffer(.suspend(4)) },
    OperatorCase("append values", [7, 1, 2]) { up, _ in up.append(1, 2) },
    OperatorCase("append sequence", [7, 1]) { up, _ in up.append([1]) },
    OperatorCase("append publisher", [7, 1]) { up, _ in up.append(just(1)) },
    OperatorCase("append failing publisher", ContractOutcome([7], failed: true)) { up, _ in
      up.append(Fail(error: .boom))
    },
    OperatorCase("append after a failing prefix", ContractOutcome([], failed: true), endsAfterSeven: true) { up, _ in
      up.tryMap { _ -> Int in throw ContractError.boom }.mapError { _ in .boom }.append(just(1))
    },
    OperatorCase("Concatenate", [7, 1]) { up, _ in Publishers.Concatenate(prefix: up, suffix: just(1)) },
    // The upstream as the suffix: subscribed when the prefix finishes. The prefixes are empty
    // because a subscriber that cancels on a prefix value rightly never subscribes the suffix.
    OperatorCase("prepend values (hot suffix)", [7], subscribesAtOnce: false) { up, _ in up.prepend() },
    OperatorCase("prepend sequence (hot suffix)", [7], subscribesAtOnce: false) { up, _ in up.prepend([Int]()) },
    OperatorCase("prepend publisher (hot suffix)", [7], subscribesAtOnce: false) { up, _ in
      up.prepend(Empty<Int, ContractError>())
    },
    // withLatestFrom pairs a value only with the other's value that reached it first, and the
    // two are read concurrently: rows whose outcome does not depend on that race.
    OperatorCase("withLatestFrom (no other value)", []) { up, _ in
      up.withLatestFrom(Empty<Int, ContractError>()) { $0 + $1 }
    },
    OperatorCase("withLatestFrom (upstream as the other)", [], endsAfterSeven: true) { up, _ in
      Empty<Int, ContractError>().withLatestFrom(up) { $0 + $1 }
    },
    OperatorCase("withLatestFrom of 2 (upstream as an other)", [], endsAfterSeven: true) { up, _ in
      Empty<Int, ContractError>().withLatestFrom(up, just(1)) { $0 + $1 + $2 }
    },
    OperatorCase("count", [1]) { up, _ in up.count() },
    OperatorCase("last", [7]) { up, _ in up.last() },
    OperatorCase("last(where:)", [7]) { up, _ in up.last { $0 > 0 } },
    OperatorCase("contains", [1], endsAfterSeven: true) { up, _ in up.contains(7).map { $0 ? 1 : 0 } },
    OperatorCase("contains(where:) no match", [0]) { up, _ in up.contains { $0 < 0 }.map { $0 ? 1 : 0 } },
    OperatorCase("allSatisfy", [1]) { up, _ in up.allSatisfy { $0 > 0 }.map { $0 ? 1 : 0 } },
    OperatorCase("allSatisfy failing", [0], endsAfterSeven: true) { up, _ in
      up.allSatisfy { $0 < 0 }.map { $0 ? 1 : 0 }
    },
    OperatorCase("min", [7]) { up, _ in up.min() },
    OperatorCase("max(by:)", [7]) { up, _ in up.max(by: <) },
    OperatorCase("replaceEmpty", [7]) { up, _ in up.replaceEmpty(with: 0) },
    OperatorCase("replaceNil", [7]) { up, _ in up.map { Optional($0) }.replaceNil(with: 0) },
    OperatorCase("prefix(while:)", [7]) { up, _ in up.prefix { $0 > 0 } },
    OperatorCase("prefix(while:) failing", [], endsAfterSeven: true) { up, _ in up.prefix { $0 < 0 } },
    OperatorCase("drop(while:)", [7]) { up, _ in up.drop { $0 < 0 } },
    OperatorCase("prefix(untilOutputFrom:) (silent trigger)", [7]) { up, _ in
      up.prefix(untilOutputFrom: Empty<Int, Never>())
    },
    OperatorCase("prefix(untilOutputFrom:) (upstream as trigger)", [], endsAfterSeven: true) { up, _ in
      PassthroughSubject<Int, ContractError>().prefix(untilOutputFrom: up)
    },
    OperatorCase("drop(untilOutputFrom:) (trigger ends first)", [], endsAfterSeven: true) { up, _ in
      up.drop(untilOutputFrom: Empty<Int, ContractError>())
    },
    OperatorCase("drop(untilOutputFrom:) (upstream as trigger)", [], endsAfterSeven: true) { up, _ in
      Empty<Int, ContractError>().drop(untilOutputFrom: up)
    },
    OperatorCase("ignoreOutput", []) { up, _ in up.ignoreOutput().map { _ -> Int in } },
    OperatorCase("output(at:)", [7], endsAfterSeven: true) { up, _ in up.output(at: 0) },
    OperatorCase("output(in:)", [7]) { up, _ in up.output(in: 0..<3) },
    OperatorCase("materialize + dematerialize", [7]) { up, _ in up.materialize().dematerialize() },
    OperatorCase("measureInterval", [0]) { up, clock in up.measureInterval(using: clock).map { _ in 0 } },
    OperatorCase("print", [7]) { up, _ in up.print("contract", to: DiscardedLines()) },
  ]

  /// Long, not endless: a synchronous sequence never suspends, so an endless one would hold
  /// a thread of the cooperative pool until its cancellation is noticed, and with every test
  /// case running at once on two cores, the tasks that cancel them would never run.
  private static var longSequence: Publishers.SetFailureType<SequencePublisher<ClosedRange<Int>>, ContractError> {
    (1...1_000_000).publisher.setFailureType(to: ContractError.self)
  }

  private static let checkInterval = SequencePublisher<ClosedRange<Int>>.Iterator.cancellationCheckInterval

  public static let sources: [SourceCase] = [
    SourceCase("Just") { just(7) },
    SourceCase("Empty") { Empty<Int, ContractError>() },
    SourceCase("Fail") { Fail<Int, ContractError>(error: .boom) },
    SourceCase("Deferred", lateValuesAllowed: checkInterval) { Deferred { longSequence } },
    SourceCase("Future") {
      Future<Int, ContractError> {
        await Task.yield(); return 7
      }
    },
    SourceCase("Sequence.publisher", lateValuesAllowed: checkInterval) { longSequence },
    SourceCase("AsyncSequence.publisher") {
      AsyncStream<Int> { _ in }.publisher.setFailureType(to: ContractError.self)
    },
    SourceCase("Timer") {
      Publishers.Timer(every: .milliseconds(1)).map { _ in 7 }.setFailureType(to: ContractError.self)
    },
    SourceCase("Performable.publisher") { Sleep().publisher },
    SourceCase("fan-in") {
      Sleep.publisher(for: Array(repeating: Sleep(), count: 8)).map { $0.0 }.setFailureType(to: ContractError.self)
    },
    SourceCase("PassthroughSubject") { PassthroughSubject<Int, ContractError>() },
    SourceCase("CurrentValueSubject") { CurrentValueSubject<Int, ContractError>(7) },
    SourceCase("ReplaySubject") { ReplaySubject<Int, ContractError>(bufferSize: 2) },
    SourceCase("values(buffering:)") { PassthroughSubject<Int, ContractError>().values(buffering: .dropOldest(1)) },
  ]
}

/// Work that waits for an hour (or its task's cancellation), then produces 7.
private struct Sleep: Performable {
  func perform() async throws(ContractError) -> Int {
    try? await Task.sleep(for: .seconds(3600))
    return 7
  }
}

/// Where the contract's `print` row writes: nowhere.
private struct DiscardedLines: TextOutputStream, Sendable {
  mutating func write(_ string: String) {}
}
