import Testing

@testable import Signal

@Suite struct MulticastConnectionStateMachineTests {
  @Test func cancellingTheConnectionCancelsTheAdoptedPump() {
    var machine = MulticastConnectionStateMachine()
    let pump = Task {}
    let adopted = machine.adopt(pump)
    #expect(adopted)
    #expect(machine.cancel(()).tasksToCancel == [pump])
    // Cancelled once: a second cancel has nothing left to do.
    #expect(machine.cancel(()).isEmpty)
  }

  @Test func aPumpAdoptedAfterTheConnectionWasCancelledIsRefused() {
    var machine = MulticastConnectionStateMachine()
    #expect(machine.cancel(()).isEmpty)
    let adopted = machine.adopt(Task {})
    #expect(!adopted)
  }

  @Test func aPumpThatReturnedIsNotCancelledAgain() {
    var machine = MulticastConnectionStateMachine()
    let adopted = machine.adopt(Task {})
    #expect(adopted)
    machine.pumpReturned()
    #expect(machine.cancel(()).isEmpty)
  }
}
