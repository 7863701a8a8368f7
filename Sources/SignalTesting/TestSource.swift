import Signal

/// A publisher that a test drives one event at a time, in lock step with its subscriber.
///
/// ``send(_:)`` hands the value to the subscriber and returns only when the subscriber has
/// come back for the next value (or its subscription has ended). So when `send` returns,
/// whatever the subscriber does with a value, such as an operator starting a timer, has
/// happened, and the test can move a ``TestClock`` knowing exactly where the operator stands.
///
/// ```swift
/// let source = TestSource<Int, Never>()
/// let recorder = Recorder(source.delay(for: .seconds(1), clock: clock))
/// await source.send(1)                   // the delay has taken 1 at t=0
/// await clock.advance(by: .seconds(1))
/// #expect(await recorder.next() == .value(1))
/// ```
///
/// It is meant for one subscriber at a time: each value goes to whichever subscription asks
/// first. A send waits until a subscription asks; once the source has had subscribers and
/// none is left, or after the completion, a send drops its event and returns `false` at
/// once instead of waiting forever. Because a send waits for the next request, a subscriber
/// that applies back-pressure (a full buffer) holds the sender too: send from a task then.
public final class TestSource<Output: Sendable, Failure: Error>: Publisher, Sendable {
  public typealias Element = Output

  private let state = Lock(TestSourceState<Output, Failure>())

  public init() {}

  /// Delivers `value` to the subscriber; returns once the subscriber asks for the next value
  /// or its subscription ends.
  ///
  /// - Returns: `false` if the value was dropped: no subscription is left, or the source
  ///   has completed.
  @discardableResult
  public func send(_ value: Output) async -> Bool {
    await deliver(.value(value))
  }

  /// Ends the subscription with `completion`; returns once the subscriber has received it.
  /// Later subscriptions end at once with the same completion.
  ///
  /// - Returns: `false` if the completion was dropped (see ``send(_:)``).
  @discardableResult
  public func send(completion: Completion<Failure>) async -> Bool {
    await deliver(.completion(completion))
  }

  private func deliver(_ event: TestSourceEvent<Output, Failure>) async -> Bool {
    await withUnsafeContinuation { (sender: TestSourceState<Output, Failure>.Sender) in
      let action = state.withLock { $0.send(event, sender: sender) }
      action.perform()
    }
  }

  public func makeAsyncIterator() -> Iterator {
    Iterator(subscription: Subscription(source: self))
  }

  /// The iterator of a ``TestSource``.
  public struct Iterator: AsyncIteratorProtocol {
    let subscription: Subscription
    var isDone = false

    public mutating func next() async throws(Failure) -> Output? {
      try await next(isolation: nil)
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      guard !isDone else { return nil }
      switch await subscription.source.next(isolation: actor) {
      case .value(let value):
        return value
      case .completion(.failure(let error)):
        isDone = true
        throw error
      case .completion(.finished), nil:
        isDone = true
        return nil
      }
    }
  }

  /// Ends the subscription when the iterator goes away, so a sender waiting for the next
  /// request does not wait forever.
  final class Subscription: Sendable {
    let source: TestSource

    init(source: TestSource) {
      self.source = source
      source.state.withLock { $0.subscribed() }
    }

    deinit {
      source.state.withLock { $0.subscriptionEnded() }.perform()
    }
  }

  private func next(isolation actor: isolated (any Actor)?) async -> TestSourceEvent<Output, Failure>? {
    let id = state.withLock { $0.makeID() }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (receiver: TestSourceState<Output, Failure>.Receiver) in
        let action = state.withLock { $0.request(id: id, receiver: receiver, isCancelled: Task.isCancelled) }
        action.perform()
      }
    } onCancel: {
      state.withLock { $0.cancelRequest(id: id) }.perform()
    }
  }
}
