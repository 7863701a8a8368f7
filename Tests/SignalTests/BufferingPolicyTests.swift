import Signal
import Testing

@Suite struct BufferingPolicyTests {
  @Test func defaultIsBackPressureWith64Slots() {
    #expect(BufferingPolicy.default == .suspend(64))
    #expect(BufferingPolicy.default.capacity == 64)
  }

  @Test(arguments: [BufferingPolicy.suspend(5), .dropOldest(5), .dropNewest(5)])
  func capacityIsTheGivenSize(policy: BufferingPolicy) {
    #expect(policy.capacity == 5)
  }

  @Test(arguments: [BufferingPolicy.suspend(0), .dropOldest(-1), .dropNewest(Int.min)])
  func capacityIsAtLeastOne(policy: BufferingPolicy) {
    #expect(policy.capacity == 1)
  }

  @Test func aPolicyNamedWithoutACapacityHasTheDefaultOne() {
    #expect(BufferingPolicy.suspend == .suspend(64))
    #expect(BufferingPolicy.dropOldest == .dropOldest(BufferingPolicy.defaultCapacity))
    #expect(BufferingPolicy.dropNewest == .dropNewest(64))
  }

  @Test func withCapacityKeepsTheKind() {
    #expect(BufferingPolicy.suspend(1).withCapacity(7) == .suspend(7))
    #expect(BufferingPolicy.dropOldest.withCapacity(2) == .dropOldest(2))
    #expect(BufferingPolicy.dropNewest(3).withCapacity(0) == .dropNewest(0))
  }

  @Test func aZeroCapacitySubscriberStillReceivesValues() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values(buffering: .suspend(0)).makeAsyncIterator()
    #expect(subject.trySend(1) == .delivered)
    #expect(subject.trySend(2) == .full)
    #expect(await iterator.next() == 1)
    #expect(subject.trySend(2) == .delivered)
  }

  @Test func policiesAreHashableByCaseAndSize() {
    #expect(BufferingPolicy.suspend(1) != .dropOldest(1))
    #expect(BufferingPolicy.dropNewest(2) != .dropNewest(3))
    #expect(Set([BufferingPolicy.suspend(1), .suspend(1), .dropOldest(1)]).count == 2)
  }
}
