import Dispatch
import HollowWire
import Synchronization
import Testing

@Suite struct DetachedThreadTests {
  @Test func runsTheBodyOnAThreadOfItsOwn() {
    let done = DispatchSemaphore(value: 0)
    let ran = Atomic(0)
    #expect(
      DetachedThread.start(stackBytes: 64 * 1024) {
        ran.add(1, ordering: .relaxed)
        done.signal()
      })
    done.wait()
    #expect(ran.load(ordering: .relaxed) == 1)
  }

  @Test func manyThreadsEachRunOnce() {
    let count = 64
    let group = DispatchGroup()
    let ran = Atomic(0)
    for _ in 0..<count {
      group.enter()
      #expect(
        DetachedThread.start(stackBytes: 0) {
          ran.add(1, ordering: .relaxed)
          group.leave()
        })
    }
    group.wait()
    #expect(ran.load(ordering: .relaxed) == count)
  }
}
