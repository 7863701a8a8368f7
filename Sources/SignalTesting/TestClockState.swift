/// The state of a ``TestClock``: virtual time, its sleepers in wake order, and the tasks
/// waiting for a number of sleepers. Mutating methods return what the clock must resume
/// after releasing its lock.
struct TestClockState {
  private(set) var now: TestClock.Instant
  /// Sorted by deadline, then by the order of parking: the order in which they wake.
  private(set) var sleepers: [Sleeper] = []
  private var countWaiters: [CountWaiter] = []
  private var nextID = 0
  /// Counts sleeps starting and ending, so an advance can tell when tasks have stopped
  /// moving on the clock.
  private(set) var activity = 0

  init(now: TestClock.Instant) {
    self.now = now
  }

  mutating func makeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  enum ParkAction {
    /// The deadline has passed: return at once.
    case wakeNow
    /// The task is cancelled: throw at once.
    case cancelNow
    /// Parked; resume these waiters, whose sleeper count is now reached.
    case parked([CountWaiter])
  }

  /// `isCancelled` is read under the lock, so a cancellation handler that ran before the
  /// sleeper was parked (and found nothing to remove) cannot leave it parked.
  mutating func park(_ sleeper: Sleeper, isCancelled: Bool) -> ParkAction {
    if isCancelled { return .cancelNow }
    if sleeper.deadline <= now { return .wakeNow }
    let index = sleepers.firstIndex { $0.deadline > sleeper.deadline } ?? sleepers.endIndex
    sleepers.insert(sleeper, at: index)
    activity += 1
    let reached = countWaiters.filter { $0.count <= sleepers.count }
    countWaiters.removeAll { $0.count <= sleepers.count }
    return .parked(reached)
  }

  mutating func removeSleeper(id: Int) -> Sleeper? {
    guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
    activity += 1
    return sleepers.remove(at: index)
  }

  /// One step of an advance: the sleepers woken at one instant, and how many slept before.
  struct Step {
    let woken: [Sleeper]
    let sleepingBefore: Int
  }

  /// Moves `now` to the earliest deadline if it is not after `limit`, and takes its sleepers.
  mutating func wakeEarliest(notAfter limit: TestClock.Instant) -> Step? {
    guard let earliest = sleepers.first?.deadline, earliest <= limit else { return nil }
    let sleepingBefore = sleepers.count
    now = Swift.max(now, earliest)
    let count = sleepers.prefix { $0.deadline <= now }.count
    let woken = Array(sleepers.prefix(count))
    sleepers.removeFirst(count)
    activity += 1
    return Step(woken: woken, sleepingBefore: sleepingBefore)
  }

  mutating func moveNow(to instant: TestClock.Instant) {
    now = Swift.max(now, instant)
  }

  /// Parks a waiter unless its count is already reached or it is cancelled; `false`: resume it now.
  mutating func parkCountWaiter(_ waiter: CountWaiter, isCancelled: Bool) -> Bool {
    guard !isCancelled, sleepers.count < waiter.count else { return false }
    countWaiters.append(waiter)
    return true
  }

  mutating func removeCountWaiter(id: Int) -> CountWaiter? {
    guard let index = countWaiters.firstIndex(where: { $0.id == id }) else { return nil }
    return countWaiters.remove(at: index)
  }
}
