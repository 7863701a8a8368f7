import Synchronization

/// A token that cancels an activity (such as a ``Publisher/sink(isolation:receiveCompletion:receiveValue:)-7w28u``)
/// when you call ``cancel()`` or when the token is deinitialized.
///
/// ```swift
/// var subscriptions = Set<AnyCancellable>()
/// feed.sink { render($0) }.store(in: &subscriptions)
/// subscriptions.removeAll()  // cancels the sink
/// ```
///
/// Tokens are hashable and equal by identity.
public final class AnyCancellable: Sendable, Hashable {
  /// What cancelling does. A `sink` cancels its task directly, and one that had nothing left to
  /// cancel (an immediate publisher, delivered before `sink` returned) holds nothing: neither
  /// needs a closure of its own.
  @usableFromInline
  enum Action: Sendable {
    case run(@Sendable () -> Void)
    case cancelTask(Task<Void, Never>)
    case nothing
  }

  // nonisolated(unsafe): written in `init`, then read and cleared only by the one caller that wins the exchange
  // of `cancelled` (or by `deinit`, which nothing overlaps); concurrentCancelsRunTheActionOnce and the TSan run
  // of AnyCancellableStressTests would see a second access.
  private nonisolated(unsafe) var action: Action
  private let cancelled = Atomic<Bool>(false)

  /// Creates a token that runs `cancel` once: on the first ``cancel()`` or at deinit.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    action = .run(cancel)
  }

  @usableFromInline
  init(_ action: Action) {
    self.action = action
  }

  deinit {
    cancel()
  }

  /// Cancels the activity. Only the first call does anything; later calls are no-ops.
  public func cancel() {
    guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    // Taken out, then run: the action may be slow or cancel other tokens, and what it holds is let go now.
    let action = self.action
    self.action = .nothing
    switch action {
    case .run(let cancel): cancel()
    case .cancelTask(let task): task.cancel()
    case .nothing: break
    }
  }

  /// Keeps this token in `set`; it cancels when removed from the set and released.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  /// Keeps this token in `collection` (for example an array).
  public func store<Cancellables: RangeReplaceableCollection>(in collection: inout Cancellables)
  where Cancellables.Element == AnyCancellable {
    collection.append(self)
  }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
