#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One workload's timed repetitions, in the order they ran.
///
/// The figures of record are medians over the repetitions. A comparison of several workloads measured in the same
/// rounds (``interleavedDurations(isolation:repetitions:count:warmUps:warmingEach:_:)``) is taken round by round instead
/// (``roundRelativeMedians(_:)``): this machine flips within seconds between two states about 2x apart, and a median
/// per workload puts a workload timed just after such a flip in the slow state while one timed just before it stays
/// in the fast one.
struct Samples {
  /// Each repetition's wall time.
  var rounds: [Duration] = []
  /// The CPU time the process spent on each repetition (all threads): on a machine shared with other work, wall
  /// time also measures the waits for a core.
  var cpuRounds: [Double] = []

  /// The median wall time, in nanoseconds.
  var medianWall: Double { median(of: rounds).nanoseconds }

  /// The median CPU time, in nanoseconds.
  var cpu: Double { median(of: cpuRounds) }

  /// The slowest repetition's wall time over the fastest's.
  var spread: Double { (rounds.max()?.nanoseconds ?? 0) / (rounds.min()?.nanoseconds ?? 1) }

  /// Each repetition's time per element, in nanoseconds: its wall time, or its CPU time when `cpu`.
  func perElement(_ elements: Int, cpu: Bool = false) -> [Double] {
    (cpu ? cpuRounds : rounds.map(\.nanoseconds)).map { $0 / Double(elements) }
  }
}

/// The middle of `values` (the upper of the two middle ones for an even count): every median of `signal-bench`.
func median<Value: Comparable>(of values: [Value]) -> Value {
  values.sorted()[values.count / 2]
}

/// Each workload's median, over the rounds, of its time relative to the other workloads of its round (`times[w][r]`:
/// workload `w` in round `r`; relative to the round's geometric mean). A change of the machine's speed between two
/// rounds scales a whole round and cancels out; a change within one round spoils that round only, which the median
/// leaves out. (A statistic taken within each round, such as its slowest over its fastest workload, would cancel
/// the drift too, but it takes every round's extremes and reads higher the noisier the machine.)
func roundRelativeMedians(_ times: [[Double]]) -> [Double] {
  guard let rounds = times.first?.count, rounds > 0 else { return [] }
  let scales = (0..<rounds).map { round in
    exp(times.map { log($0[round]) }.reduce(0, +) / Double(times.count))
  }
  return times.map { workload in
    median(of: (0..<rounds).map { workload[$0] / scales[$0] })
  }
}

/// Every repetition of one workload, after `warmUps` untimed runs.
func durations(
  isolation: isolated (any Actor)? = #isolation, repetitions: Int, warmUps: Int = 1, _ body: () async -> Int
) async -> Samples {
  await interleavedDurations(repetitions: repetitions, count: 1, warmUps: warmUps) { _ in await body() }[0]
}

/// ``durations(isolation:repetitions:warmUps:_:)`` of `count` workloads compared with one another (`body(i)` runs the
/// i-th): `warmUps` untimed runs of each, then the repetitions in rounds (every workload once, then again), so that a drift of the
/// machine's speed during the run falls on all of them alike.
///
/// `warmingEach`: every timed repetition follows an untimed run of the same workload, so that it finds the process as
/// its own workload leaves it (the thread pool, the allocator's free lists), not as the one before left it.
func interleavedDurations(
  isolation: isolated (any Actor)? = #isolation, repetitions: Int, count: Int, warmUps: Int = 1,
  warmingEach: Bool = false, _ body: (Int) async -> Int
) async -> [Samples] {
  let clock = ContinuousClock()
  var sink = 0
  for index in 0..<count {
    for _ in 0..<warmUps { sink &+= await body(index) }
  }
  var samples = [Samples](repeating: Samples(), count: count)
  for _ in 0..<repetitions {
    for index in 0..<count {
      if warmingEach { sink &+= await body(index) }
      let start = clock.now
      let cpuStart = processCPUNanoseconds()
      sink &+= await body(index)
      samples[index].cpuRounds.append(processCPUNanoseconds() - cpuStart)
      samples[index].rounds.append(clock.now - start)
    }
  }
  blackHole(sink)
  return samples
}

/// ``interleavedDurations(isolation:repetitions:count:warmUps:warmingEach:_:)`` of Signal and its peer at each of `points`
/// points (each point's Signal workload, then its peer's, then the next point's): one pair of samples per point.
func pairedDurations(
  isolation: isolated (any Actor)? = #isolation, repetitions: Int, points: Int, ours: (Int) async -> Int,
  peer: (Int) async -> Int
) async -> [(ours: Samples, peer: Samples)] {
  let measured = await interleavedDurations(repetitions: repetitions, count: 2 * points) { workload in
    workload.isMultiple(of: 2) ? await ours(workload / 2) : await peer(workload / 2)
  }
  return (0..<points).map { (measured[2 * $0], measured[2 * $0 + 1]) }
}

/// The process's CPU time (every thread), in nanoseconds.
func processCPUNanoseconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
  return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
}
