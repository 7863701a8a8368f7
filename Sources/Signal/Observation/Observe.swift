import Observation

@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
extension Publishers {
  /// A publisher of an expression over `@Observable` models: its value now, then its value
  /// after every change of what it read, built on the Observation module's `Observations`.
  ///
  /// ```swift
  /// @MainActor @Observable final class Cart {
  ///   var items: [Item] = []
  ///   var discount = 0
  /// }
  ///
  /// // On the main actor: the closure runs there, where the model lives.
  /// let totals = Publishers.Observe { cart.items.map(\.price).reduce(0, +) - cart.discount }
  /// for await total in totals.removeDuplicates() { label.text = "\(total)" }
  /// ```
  ///
  /// - **Values**: the first is the expression's value when the subscription starts; then one
  ///   value per transaction that changed a property the expression read (changes made together,
  ///   before the model's actor suspends, arrive as one value, as with `Observations`). Only the
  ///   properties read in the last evaluation are tracked.
  /// - **Isolation**: `emit` runs on the isolation it was written in (usually the main actor,
  ///   with the model), whatever task iterates the publisher.
  /// - **Buffering**: a pump task reads the changes into the subscriber's buffer with
  ///   `buffering`, the policy the subjects and `buffer` use. The default, `.dropOldest(1)`,
  ///   keeps the latest value for a consumer that falls behind; `.suspend(n)` keeps `n` values.
  /// - **Ending**: never on its own (`Failure` is `Never`). Cancelling the consumer's task or
  ///   dropping its iterator cancels the pump, which stops tracking the model.
  /// - **Cold**: each subscription tracks on its own, from its own first value.
  public struct Observe<Output: Sendable>: Publisher {
    public typealias Failure = Never
    public typealias Element = Output
    public typealias Iterator = Buffer<AsyncSequencePublisher<Observations<Output, Never>>>.Iterator

    /// The subscriber's buffer: its capacity and what happens when it is full.
    public let buffering: BufferingPolicy
    @usableFromInline let emit: @isolated(any) @Sendable () -> Output

    /// Creates a publisher of `emit`'s value and its changes.
    ///
    /// - Parameters:
    ///   - buffering: the subscriber's buffer (by default the latest value only).
    ///   - emit: reads the observable properties; runs on the isolation it was written in.
    @inlinable
    public init(
      buffering: BufferingPolicy = .dropOldest(1),
      // @_inheritActorContext: as on Observations.init, the closure takes the isolation it is
      // written in (a @MainActor view model's reads stay on the main actor); safe because it is
      // @isolated(any) @Sendable, so the compiler checks its reads against that isolation and
      // Observations runs it there. ObserveTests.theClosureKeepsTheIsolationItWasWrittenIn fails
      // if it is lost.
      @_inheritActorContext _ emit: @escaping @isolated(any) @Sendable () -> Output
    ) {
      self.buffering = buffering
      self.emit = emit
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Observations(emit).publisher.buffer(buffering).makeAsyncIterator()
    }
  }
}
