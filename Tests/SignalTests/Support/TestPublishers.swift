import Signal
import Synchronization

/// The typed error the test publishers fail with.
enum TestError: Error, Equatable {
  case boom
  case other
}

/// Everything one subscription saw: its values and how it ended.
struct Recording<Output, Failure: Error> {
  var values: [Output] = []
  var completion: Completion<Failure>?
}

extension Recording: Equatable where Output: Equatable, Failure: Equatable {}
extension Recording: Sendable where Output: Sendable {}

/// Subscribes once and records every value and the completion, on the caller's actor.
func record<P: Publisher>(
  _ publisher: P,
  isolation actor: isolated (any Actor)? = #isolation
) async -> Recording<P.Output, P.Failure> {
  var recording = Recording<P.Output, P.Failure>()
  var iterator = publisher.makeAsyncIterator()
  do throws(P.Failure) {
    while let value = try await iterator.next(isolation: actor) {
      recording.values.append(value)
    }
    recording.completion = .finished
  } catch {
    recording.completion = .failure(error)
  }
  return recording
}

/// A thread-safe counter shared by a test and the publishers it builds.
final class Counter: Sendable {
  private let count = Atomic<Int>(0)

  /// Adds one and returns the new count.
  @discardableResult
  func increment() -> Int {
    count.add(1, ordering: .relaxed).newValue
  }

  var value: Int { count.load(ordering: .relaxed) }
}

/// Publishes `values`, then fails with `TestError.boom` on each of its first `failingSubscriptions`
/// subscriptions and finishes on the later ones. Counts its subscriptions.
struct FlakyPublisher: Publisher {
  typealias Output = Int
  typealias Failure = TestError

  let values: [Int]
  let failingSubscriptions: Int
  let subscriptions = Counter()

  func makeAsyncIterator() -> Iterator {
    let number = subscriptions.increment()
    return Iterator(values: values[...], fails: number <= failingSubscriptions)
  }

  struct Iterator: AsyncIteratorProtocol {
    var values: ArraySlice<Int>
    var fails: Bool

    mutating func next() async throws(TestError) -> Int? {
      try await next(isolation: nil)
    }

    mutating func next(isolation actor: isolated (any Actor)?) async throws(TestError) -> Int? {
      if let value = values.popFirst() { return value }
      guard fails else { return nil }
      fails = false
      throw .boom
    }
  }
}

/// Publishes `values` and then fails with `error`; every subscription does the same.
func failing(after values: [Int], with error: TestError = .boom) -> some Publisher<Int, TestError> {
  FlakyPublisher(values: values, failingSubscriptions: .max).mapError { _ in error }
}

/// Feeds `values` through `operators` from a source that then stays open, lets the consumer
/// receive `valuesBeforeCancel` outputs, cancels the consumer's task and returns everything
/// it received. Returns only if cancellation ends the stream.
func outputsUntilCancelled<P: Publisher>(
  feeding values: [Int],
  valuesBeforeCancel: Int,
  through operators: (Publishers.AsyncSequencePublisher<AsyncStream<Int>>) -> P
) async -> [P.Output] where P.Output: Sendable {
  let (source, input) = AsyncStream.makeStream(of: Int.self)
  let (received, receivedSignal) = AsyncStream.makeStream(of: Void.self)
  let publisher = operators(source.publisher)
  let consumer = Task {
    var outputs: [P.Output] = []
    var iterator = publisher.makeAsyncIterator()
    while let output = try? await iterator.next() {
      outputs.append(output)
      receivedSignal.yield()
    }
    return outputs
  }
  for value in values { input.yield(value) }
  var signals = received.makeAsyncIterator()
  for _ in 0..<valuesBeforeCancel { await signals.next() }
  consumer.cancel()
  return await consumer.value
}
