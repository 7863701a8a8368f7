/// A cold, `Sendable` asynchronous sequence of values with a typed failure.
///
/// A publisher is an `AsyncSequence`: every `for try await` loop (every call to
/// `makeAsyncIterator()`) is a new, independent subscription. Nothing runs until
/// someone iterates, and each iteration does the work again. Because it is an
/// `AsyncSequence`, every publisher also works with the standard library's async
/// algorithms and with swift-async-algorithms; and any `AsyncSequence` becomes a
/// publisher with ``_Concurrency/AsyncSequence/publisher``.
///
/// ```swift
/// let doubled = [1, 2, 3].publisher.map { $0 * 2 }
/// for await value in doubled { print(value) }  // 2, 4, 6
/// ```
///
/// Every iterator in Signal implements `next(isolation:)` and forwards the caller's
/// isolation upstream, so iterating on an actor does not hop executors per element.
public protocol Publisher<Output, Failure>: AsyncSequence, Sendable where Element == Output {
  /// The type of the values the publisher produces (the sequence's `Element`).
  associatedtype Output
  /// The type of error that ends the publisher; `Never` for publishers that cannot fail.
  associatedtype Failure
}
