import Synchronization

extension Publisher {
  /// Runs side effects on a subscription's events, leaving the values unchanged.
  ///
  /// ```swift
  /// let logged = posts.handleEvents(
  ///   receiveSubscription: { print("subscribed") },
  ///   receiveOutput: { print("post", $0.id) },
  ///   receiveCompletion: { print("ended:", $0) },
  ///   receiveCancel: { print("cancelled") }
  /// )
  /// ```
  ///
  /// - `receiveSubscription`: when a subscriber subscribes (`makeAsyncIterator()`, which
  ///   `sink` and `for await` call at once), after subscribing to the upstream, as in Combine.
  /// - `receiveOutput`: for every value, before it is returned.
  /// - `receiveCompletion`: once, when the upstream finishes or fails.
  /// - `receiveCancel`: once, instead of `receiveCompletion`, when the subscription ends
  ///   before the upstream does, as Combine's cancel: the iterating task was cancelled (the
  ///   upstream returned `nil`), or the iterator was released before the end (a `break`, an
  ///   operator downstream that finished early such as `first()`, `prefix(untilOutputFrom:)`'s
  ///   upstream or `drop(untilOutputFrom:)`'s trigger once they are done with it).
  @inlinable
  public func handleEvents(
    receiveSubscription: (@Sendable () -> Void)? = nil,
    receiveOutput: (@Sendable (Output) -> Void)? = nil,
    receiveCompletion: (@Sendable (Completion<Failure>) -> Void)? = nil,
    receiveCancel: (@Sendable () -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self,
      receiveSubscription: receiveSubscription,
      receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion,
      receiveCancel: receiveCancel
    )
  }
}

extension Publishers {
  /// A publisher that runs side effects on its upstream's events. See
  /// ``Publisher/handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:)``.
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let receiveSubscription: (@Sendable () -> Void)?
    public let receiveOutput: (@Sendable (Output) -> Void)?
    public let receiveCompletion: (@Sendable (Completion<Failure>) -> Void)?
    public let receiveCancel: (@Sendable () -> Void)?

    @inlinable
    public init(
      upstream: Upstream,
      receiveSubscription: (@Sendable () -> Void)?,
      receiveOutput: (@Sendable (Output) -> Void)?,
      receiveCompletion: (@Sendable (Completion<Failure>) -> Void)?,
      receiveCancel: (@Sendable () -> Void)?
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      let iterator = Iterator(
        upstream: upstream.makeAsyncIterator(), publisher: self,
        release: receiveCancel.map { ReleaseReport($0) })
      receiveSubscription?()
      return iterator
    }

    /// The iterator of a ``HandleEvents``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline let publisher: HandleEvents
      @usableFromInline var hasEnded = false
      /// Reports `receiveCancel` if the iterator is released before the end; `nil` without one.
      @usableFromInline let release: ReleaseReport?

      @inlinable
      init(upstream: Upstream.AsyncIterator, publisher: HandleEvents, release: ReleaseReport?) {
        self.upstream = upstream
        self.publisher = publisher
        self.release = release
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        guard !hasEnded else { return nil }
        do throws(Failure) {
          if let value = try await upstream.next(isolation: actor) {
            publisher.receiveOutput?(value)
            return value
          }
        } catch {
          hasEnded = true
          release?.disarm()
          publisher.receiveCompletion?(.failure(error))
          throw error
        }
        hasEnded = true
        release?.disarm()
        if Task.isCancelled {
          publisher.receiveCancel?()
        } else {
          publisher.receiveCompletion?(.finished)
        }
        return nil
      }
    }
  }
}

/// Calls `receiveCancel` when the last copy of a ``Publishers/HandleEvents`` iterator goes away
/// before its stream ended: how a released subscription (Combine's cancel) is seen, since an
/// iterator is released by being dropped.
@usableFromInline
final class ReleaseReport: Sendable {
  @usableFromInline let receiveCancel: @Sendable () -> Void
  @usableFromInline let hasEnded = Atomic(false)

  @usableFromInline
  init(_ receiveCancel: @escaping @Sendable () -> Void) {
    self.receiveCancel = receiveCancel
  }

  /// The stream ended (and was reported) through the iterator: nothing to report on release.
  @inlinable
  func disarm() {
    hasEnded.store(true, ordering: .relaxed)
  }

  deinit {
    if !hasEnded.load(ordering: .relaxed) { receiveCancel() }
  }
}
