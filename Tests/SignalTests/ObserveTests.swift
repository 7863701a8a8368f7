import Observation
import Testing

@testable import Signal

@MainActor @Observable private final class Model {
  var count = 0
  var step = 1
}

/// Released when the closure that holds it is: tells a test that tracking has stopped.
private final class Token: Sendable {
  let released: AsyncStream<Void>.Continuation

  init(_ released: AsyncStream<Void>.Continuation) {
    self.released = released
  }

  deinit {
    released.finish()
  }
}

@MainActor @Suite struct ObserveTests {
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @Test func theFirstValueIsTheCurrentOneThenEachChangeFollows() async {
    let model = Model()
    model.count = 5
    var iterator = Publishers.Observe(buffering: .suspend(8)) { model.count * 10 }.makeAsyncIterator()
    #expect(await iterator.next() == 50)
    model.count = 6
    #expect(await iterator.next() == 60)
    model.count = 7
    #expect(await iterator.next() == 70)
  }

  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @Test func anExpressionTracksEveryPropertyItReads() async {
    let model = Model()
    var iterator = Publishers.Observe { model.count + model.step }.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    model.step = 10
    #expect(await iterator.next() == 10)
    model.count = 5
    #expect(await iterator.next() == 15)
  }

  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @Test func changesMadeTogetherArriveAsOneValue() async {
    let model = Model()
    var iterator = Publishers.Observe(buffering: .suspend(8)) { model.count }.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    model.count = 1
    model.count = 2
    model.count = 3
    #expect(await iterator.next() == 3)
  }

  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @Test func operatorsApply() async {
    let model = Model()
    var iterator = Publishers.Observe { model.count }.map { "#\($0)" }.makeAsyncIterator()
    #expect(await iterator.next() == "#0")
    model.count = 2
    #expect(await iterator.next() == "#2")
  }

  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @Test func cancellingTheConsumerStopsTracking() async {
    let model = Model()
    let (released, release) = AsyncStream.makeStream(of: Void.self)
    let (firstValue, first) = AsyncStream.makeStream(of: Int.self)
    let consumer = Task {
      let token = Token(release)
      let observed = Publishers.Observe { withExtendedLifetime(token) { model.count } }
      for await value in observed { first.yield(value) }
      return true
    }
    var values = firstValue.makeAsyncIterator()
    #expect(await values.next() == 0)
    consumer.cancel()
    #expect(await consumer.value)
    // The closure (and the token it holds) is let go once nothing tracks the model any more.
    for await _ in released {}
    model.count = 1
  }

  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @Test func theClosureKeepsTheIsolationItWasWrittenIn() {
    // Written on the main actor, with no annotation: @_inheritActorContext makes it main-actor
    // isolated, so it may read a @MainActor model; without it the closure would be nonisolated.
    let model = Model()
    let observe = Publishers.Observe { model.count }
    #expect(observe.emit.isolation === MainActor.shared)
  }
}
