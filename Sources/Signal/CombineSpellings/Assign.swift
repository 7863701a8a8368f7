// Combine's `assign` operators, unavailable with a message that names the Signal way: Signal
// delivers into your objects through `sink` on their actor (the closure need not be `@Sendable`),
// which says where the write happens; `assign(to:on:)` would hide a write to a class from another
// isolation.

extension Publisher where Failure == Never {
  /// Combine's `assign(to:on:)`: unavailable; write the property in a `sink` on the object's actor.
  ///
  /// ```swift
  /// @MainActor final class Badge { var count = 0 }
  /// let subscription = unreadCount.sink(on: MainActor.shared) { badge.count = $0 }
  /// ```
  @available(
    *, unavailable,
    message:
      "use sink on the object's actor: sink(on: MainActor.shared) { object.property = $0 }, or a for await loop on that actor"
  )
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
    fatalError("unavailable")
  }

  /// Combine's `assign(to: &$property)`: unavailable; Signal has no `@Published`.
  ///
  /// Keep the state in a ``CurrentValueSubject`` and send into it:
  ///
  /// ```swift
  /// let count = CurrentValueSubject<Int, Never>(0)
  /// let subscription = unreadCount.sink { count.trySend($0) }
  /// ```
  @available(
    *, unavailable,
    message:
      "Signal has no @Published: keep the state in a CurrentValueSubject and write it in a sink { subject.trySend($0) } (see Coming from Combine)"
  )
  public func assign<Target>(to published: inout Target) {
    fatalError("unavailable")
  }
}
