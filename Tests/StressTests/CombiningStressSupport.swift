@testable import Signal

/// A value tagged with the upstream (or inner publisher) it came from and its position there.
struct Tag: Sendable, Equatable {
  let source: Int
  let index: Int
}

/// Runs `body` in a fresh Census scope and waits (yielding, bounded) until everything it
/// created has been released; returns whether the scope ended quiet.
func inQuietCensusScope(_ body: () async throws -> Void) async rethrows -> Bool {
  let scope = CensusScope()
  try await Census.$scope.withValue(scope) { try await body() }
  let deadline = ContinuousClock.now + .seconds(10)
  while !scope.isQuiet, ContinuousClock.now < deadline { await Task.yield() }
  return scope.isQuiet
}

/// `true` when, per source, the indices received are exactly 0, 1, 2, ... (nothing lost
/// before the last one received, duplicated or reordered).
func isGaplessPerSource(_ tags: [Tag]) -> Bool {
  var next: [Int: Int] = [:]
  for tag in tags {
    guard tag.index == next[tag.source, default: 0] else { return false }
    next[tag.source] = tag.index + 1
  }
  return true
}

/// Iterates `publisher` in a task that cancels itself after `cancelAfter` values (if given);
/// returns the values and the failure, if any.
func consume<P: Publisher>(_ publisher: P, cancelAfter: Int?) async -> (values: [P.Output], failure: P.Failure?)
where P.Output: Sendable {
  await Task {
    var values: [P.Output] = []
    var iterator = publisher.makeAsyncIterator()
    do throws(P.Failure) {
      while let value = try await iterator.next(isolation: nil) {
        values.append(value)
        if let cancelAfter, values.count >= cancelAfter { withUnsafeCurrentTask { $0?.cancel() } }
      }
      return (values, nil)
    } catch {
      return (values, error)
    }
  }.value
}

/// The error the stress tests inject.
struct InjectedFailure: Error, Equatable {}

/// Publishes `Tag(source, 0..<count)`, yielding now and then so that sources interleave, and
/// fails with ``InjectedFailure`` instead of producing the value at `failAt`.
struct TaggedSource: Publisher {
  typealias Output = Tag
  typealias Failure = InjectedFailure

  let source: Int
  let count: Int
  var failAt: Int? = nil

  func makeAsyncIterator() -> Iterator { Iterator(source: self) }

  struct Iterator: AsyncIteratorProtocol {
    let source: TaggedSource
    var index = 0

    mutating func next() async throws(InjectedFailure) -> Tag? { try await next(isolation: nil) }

    mutating func next(isolation actor: isolated (any Actor)?) async throws(InjectedFailure) -> Tag? {
      guard index < source.count, !Task.isCancelled else { return nil }
      if index == source.failAt { throw InjectedFailure() }
      if index % 7 == 0 { await Task.yield() }
      defer { index += 1 }
      return Tag(source: source.source, index: index)
    }
  }
}

/// Counts the subscriptions alive at once and remembers the peak.
final class Gauge: Sendable {
  private let current = Lock(0)
  private let highest = Lock(0)

  func enter() {
    let now = current.withLock { count in
      count += 1
      return count
    }
    highest.withLock { $0 = max($0, now) }
  }

  func leave() { current.withLock { $0 -= 1 } }

  var peak: Int { highest.withLock { $0 } }
}
