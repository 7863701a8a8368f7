import Synchronization

/// The per-subscriber totals of `signalSubjectSinks` (one uncontended atomic each, as
/// OpenCombine's workload has one array slot each), and a wait for every sink's completion.
final class SinkTotals: Sendable {
  private let totals: [Tally]
  private let unfinished: Atomic<Int>
  private let finished: AsyncStream<Void>
  private let signal: AsyncStream<Void>.Continuation

  init(count: Int) {
    totals = (0..<count).map { _ in Tally() }
    unfinished = Atomic(count)
    (finished, signal) = AsyncStream.makeStream(of: Void.self)
  }

  func add(_ value: Int, at index: Int) {
    totals[index].value.wrappingAdd(value, ordering: .relaxed)
  }

  func finish() {
    if unfinished.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { signal.finish() }
  }

  func waitUntilFinished() async {
    for await _ in finished {}
  }

  /// Waits until every subscriber's total is at least `value` (a total of ones counts deliveries).
  func waitUntilEach(received value: Int) async {
    while totals.contains(where: { $0.value.load(ordering: .relaxed) < value }) { await Task.yield() }
  }

  var total: Int { totals.reduce(0) { $0 &+ $1.value.load(ordering: .relaxed) } }
}

/// One subscriber's total, in its own object so that subscribers never share a cache line.
final class Tally: Sendable {
  let value = Atomic(0)
}
