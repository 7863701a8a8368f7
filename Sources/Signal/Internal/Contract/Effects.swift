/// What a state machine decided that must happen once its lock is released: the parked tasks
/// to resume, the tasks to cancel and the subscriptions to let go of.
///
/// Every event of every Signal state machine returns its own action enum, and whatever the
/// enum asks to be woken, cancelled or released travels in an `Effects`, which the storage
/// performs in one place (``SubscriptionStorage/perform(_:)``): tasks are cancelled first,
/// then waiters resumed (each counted by the ``Census``), then subscriptions released. Nothing
/// of that runs under a lock: a resumed task may run inline, a cancelled one runs its
/// cancellation handlers, and a released upstream runs its own code.
@usableFromInline
struct Effects: Sendable {
  @usableFromInline var wakeups = Wakeups()
  @usableFromInline var tasksToCancel: [Task<Void, Never>] = []
  @usableFromInline var subscriptionsToRelease: [any ReleasableSubscription] = []

  @inlinable
  init() {}

  @inlinable
  init(waking waiter: Waiter?) {
    wakeups = Wakeups(waiter)
  }

  @inlinable
  init(waking wakeups: Wakeups) {
    self.wakeups = wakeups
  }

  @inlinable
  var isEmpty: Bool {
    wakeups.isEmpty && tasksToCancel.isEmpty && subscriptionsToRelease.isEmpty
  }

  @inlinable
  mutating func wake(_ waiter: Waiter?) {
    wakeups.append(waiter)
  }

  @inlinable
  mutating func wake(_ waiters: [Waiter]) {
    wakeups.append(contentsOf: waiters)
  }

  @inlinable
  mutating func wake(_ other: Wakeups) {
    wakeups.append(contentsOf: other)
  }

  @inlinable
  mutating func cancel(_ task: Task<Void, Never>?) {
    if let task { tasksToCancel.append(task) }
  }

  @inlinable
  mutating func release(_ subscription: (any ReleasableSubscription)?) {
    if let subscription { subscriptionsToRelease.append(subscription) }
  }

  @inlinable
  mutating func merge(_ other: Effects) {
    // Most merged effects are empty (a value that wakes nobody): then nothing is touched at all.
    if !other.wakeups.isEmpty { wakeups.append(contentsOf: other.wakeups) }
    if !other.tasksToCancel.isEmpty { tasksToCancel += other.tasksToCancel }
    if !other.subscriptionsToRelease.isEmpty { subscriptionsToRelease += other.subscriptionsToRelease }
  }
}
