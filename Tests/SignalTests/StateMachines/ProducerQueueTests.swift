import Testing

@testable import Signal

@Suite struct ProducerQueueTests {
  private struct Boom: Error, Equatable {}
  private typealias Queue = ProducerQueue<Int, Boom>

  private func isQueued(_ action: Queue.PushAction) -> Bool {
    if case .queued = action { return true }
    return false
  }

  private func isFull(_ action: Queue.PushAction) -> Bool {
    if case .full = action { return true }
    return false
  }

  private func drained(_ queue: inout Queue, consumed: Int = 0) -> [Int]? {
    var batch = RingBuffer<Int>()
    guard case .deliver = queue.refill(&batch, consumed: consumed) else { return nil }
    var values: [Int] = []
    while let value = batch.popFirst() { values.append(value) }
    return values
  }

  private func started(producers: Int, capacity: Int, refundsOnDrain: Bool) -> Queue {
    var queue = Queue(producers: producers, capacity: capacity, refundsOnDrain: refundsOnDrain)
    var batch = RingBuffer<Int>()
    if case .startProducers = queue.refill(&batch, consumed: 0) {} else { Issue.record("no start on first demand") }
    return queue
  }

  @Test func acceptsNothingBeforeTheFirstDemandThenDeliversInArrivalOrder() {
    var idle = Queue(producers: 2, capacity: 4, refundsOnDrain: true)
    if case .closed = idle.push(1, from: 0) {} else { Issue.record("an idle queue accepted a value") }

    var queue = started(producers: 2, capacity: 4, refundsOnDrain: true)
    #expect(isQueued(queue.push(1, from: 0)))
    #expect(isQueued(queue.push(2, from: 1)))
    #expect(isQueued(queue.push(3, from: 0)))
    #expect(drained(&queue) == [1, 2, 3])
  }

  @Test func aDrainGivesBackTheRoomOfWhatItTookWhenRefundingOnDrain() {
    var queue = started(producers: 2, capacity: 2, refundsOnDrain: true)
    #expect(isQueued(queue.push(1, from: 0)))
    #expect(isQueued(queue.push(2, from: 0)))
    #expect(isFull(queue.push(3, from: 0)))
    // Each producer has its own room.
    #expect(isQueued(queue.push(10, from: 1)))
    #expect(drained(&queue) == [1, 2, 10])
    #expect(isQueued(queue.push(3, from: 0)))
  }

  @Test func withoutRefundOnDrainRoomComesBackOnlyAsTheConsumerReportsIt() {
    var queue = started(producers: 2, capacity: 1, refundsOnDrain: false)
    #expect(isQueued(queue.push(1, from: 0)))
    #expect(isFull(queue.push(2, from: 0)))
    #expect(drained(&queue) == [1])
    #expect(isFull(queue.push(2, from: 0)))
    // One unit frees one value's room of every producer.
    #expect(queue.consumed(1).isEmpty)
    #expect(isQueued(queue.push(2, from: 0)))
    #expect(isQueued(queue.push(20, from: 1)))
  }

  @Test func aParkedProducerIsWokenWhenItsRoomComesBack() async {
    var queue = started(producers: 1, capacity: 1, refundsOnDrain: false)
    #expect(isQueued(queue.push(1, from: 0)))
    #expect(isFull(queue.push(2, from: 0)))
    await withUnsafeContinuation { (producer: UnsafeContinuation<Void, Never>) in
      let parked = queue.parkProducer(0, producer)
      #expect(parked)
      let woken = queue.consumed(1)
      #expect(woken.count == 1)
      // Resumed either way, so that a failure cannot hang the test.
      if woken.isEmpty { producer.resume() }
      woken.resumeAll()
    }
    #expect(isQueued(queue.push(2, from: 0)))
  }

  @Test func aFailureComesAfterTheQueuedValuesThenTheStreamStaysFinished() {
    var queue = started(producers: 1, capacity: 4, refundsOnDrain: true)
    #expect(isQueued(queue.push(1, from: 0)))
    _ = queue.complete(.failure(Boom()))
    if case .closed = queue.push(2, from: 0) {} else { Issue.record("a completed queue accepted a value") }
    #expect(drained(&queue) == [1])
    var batch = RingBuffer<Int>()
    if case .fail(let error, _) = queue.refill(&batch, consumed: 0) {
      #expect(error == Boom())
    } else {
      Issue.record("the failure was not delivered")
    }
    if case .finish = queue.refill(&batch, consumed: 0) {} else { Issue.record("the stream did not stay finished") }
  }

  @Test func cancellingDiscardsTheQueuedValuesAndHandsBackTheProducerTasks() {
    var queue = started(producers: 1, capacity: 4, refundsOnDrain: true)
    let task = Task {}
    let adopted = queue.adopt(task)
    #expect(adopted)
    #expect(isQueued(queue.push(1, from: 0)))
    let termination = queue.cancel()
    #expect(termination.tasksToCancel.count == 1)
    var batch = RingBuffer<Int>()
    if case .finish = queue.refill(&batch, consumed: 0) {} else { Issue.record("a cancelled queue did not finish") }
    #expect(batch.isEmpty)
    let second = queue.cancel()
    #expect(second.tasksToCancel.isEmpty)
    let adoptedAfterTheEnd = queue.adopt(task)
    #expect(!adoptedAfterTheEnd)
  }
}
