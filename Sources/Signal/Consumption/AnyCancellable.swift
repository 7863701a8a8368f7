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
  private let action: Lock<(@Sendable () -> Void)?>

  /// Creates a token that runs `cancel` once: on the first ``cancel()`` or at deinit.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    action = Lock(cancel)
  }

  deinit {
    cancel()
  }

  /// Cancels the activity. Only the first call does anything; later calls are no-ops.
  public func cancel() {
    // Taken under the lock, run outside it: the action may be slow or cancel other tokens.
    let cancel = action.withLock { action in
      defer { action = nil }
      return action
    }
    cancel?()
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
