import Synchronization
import Testing

@testable import Signal

/// The lane reader's ring: what one side writes the other reads, in order, across the wrap, and what nobody took
/// goes exactly once when the lane goes.
@Suite struct SubjectLaneTests {
  @Test func valuesComeOutInOrderAcrossTheRingsWrap() {
    let lane = SubjectLane<Int>(capacity: 3)
    var taken: [Int] = []
    var next = 0
    for value in 1...20 {
      _ = lane.append(value)
      // The reader keeps at most 2 behind, so positions wrap around the 4 slots many times.
      while lane.count > 2 {
        taken.append(lane.take(at: next))
        next += 1
      }
    }
    while lane.count > 0 {
      taken.append(lane.take(at: next))
      next += 1
    }
    #expect(taken == Array(1...20))
    #expect(lane.end.load(ordering: .relaxed) == 20 && lane.cursor.load(ordering: .relaxed) == 20)
  }

  @Test func theRingHasRoomForTheCapacityRoundedUpToAPowerOfTwo() {
    #expect(SubjectLane<Int>(capacity: 1).mask == 0)
    #expect(SubjectLane<Int>(capacity: 5).mask == 7)
    #expect(SubjectLane<Int>(capacity: 64).mask == 63)
    #expect(SubjectLane<Int>(capacity: SubjectLane<Int>.largestCapacity).capacity == SubjectLane<Int>.largestCapacity)
  }

  @Test func theCountIsWhatTheReaderHasNotTaken() {
    let lane = SubjectLane<Int>(capacity: 4)
    #expect(lane.count == 0)
    #expect(lane.append(7) == 1)
    #expect(lane.append(8) == 2)
    #expect(lane.count == 2)
    #expect(lane.take(at: 0) == 7)
    #expect(lane.count == 1)
  }

  @Test func theValuesNobodyTookGoWithTheLaneAndTheTakenOnesOnlyOnce() {
    final class Counter: Sendable {
      let live = Atomic(0)
      var count: Int { live.load(ordering: .relaxed) }
    }
    final class Counted: Sendable {
      let counter: Counter
      init(_ counter: Counter) {
        self.counter = counter
        counter.live.add(1, ordering: .relaxed)
      }
      deinit { counter.live.subtract(1, ordering: .relaxed) }
    }
    let counter = Counter()
    do {
      let lane = SubjectLane<Counted>(capacity: 4)
      for _ in 0..<4 { _ = lane.append(Counted(counter)) }
      // Taken values belong to the reader: they go when it lets go of them, not again with the lane.
      var taken = [lane.take(at: 0), lane.take(at: 1)]
      #expect(counter.count == 4)
      taken.removeAll()
      #expect(counter.count == 2)
      _ = lane.append(Counted(counter))
      #expect(counter.count == 3)
    }
    // The lane is gone: the three values between the cursor and the end went with it, each once.
    #expect(counter.count == 0)
  }
}
