import Signal

/// Subscribes to a publisher in a task of its own and lets a test read what arrives, one
/// event at a time, waiting for each.
///
/// ```swift
/// let recorder = Recorder(source.throttle(for: .seconds(1), clock: clock, latest: true))
/// await source.send(1)
/// #expect(await recorder.next() == .value(1))
/// ```
///
/// The subscription is made before `init` returns (a subject delivers whatever is sent
/// after it) and lasts until the publisher ends or ``cancel()`` is called. Events wait in an
/// unbounded buffer until read.
public final class Recorder<Output: Sendable, Failure: Error>: Sendable {
  /// Something the subscription saw.
  public enum Event: Sendable {
    case value(Output)
    case finished
    case failure(Failure)
  }

  private let reader: Reader
  private let subscription: Task<Void, Never>

  /// Subscribes to `publisher`.
  public init<P: Publisher<Output, Failure>>(_ publisher: P) {
    let (events, sink) = AsyncStream.makeStream(of: Event.self)
    reader = Reader(events.makeAsyncIterator())
    // Subscribed here, not when the task first runs, as Signal's own `sink` does.
    var iterator = publisher.makeAsyncIterator()
    subscription = Task {
      do throws(Failure) {
        while let value = try await iterator.next(isolation: nil) {
          sink.yield(.value(value))
        }
        sink.yield(.finished)
      } catch {
        sink.yield(.failure(error))
      }
      sink.finish()
    }
  }

  /// The next event, waiting for it; `nil` once every event has been read and the
  /// subscription is over (or the reading task is cancelled).
  public func next() async -> Event? {
    await reader.next()
  }

  /// Every remaining event until the subscription is over.
  public func remaining() async -> [Event] {
    var result: [Event] = []
    while let event = await next() { result.append(event) }
    return result
  }

  /// Cancels the subscription's task.
  public func cancel() {
    subscription.cancel()
  }

  /// Waits until the subscription's task has returned.
  public func waitUntilDone() async {
    await subscription.value
  }

  /// Serialises reads of the event stream, whose iterator is not `Sendable`.
  private actor Reader {
    var iterator: AsyncStream<Event>.Iterator

    init(_ iterator: AsyncStream<Event>.Iterator) {
      self.iterator = iterator
    }

    func next() async -> Event? {
      var current = iterator
      defer { iterator = current }
      return await current.next(isolation: self)
    }
  }
}

extension Recorder.Event: Equatable where Output: Equatable, Failure: Equatable {}
