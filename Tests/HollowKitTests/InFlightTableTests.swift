import HollowKit
import Testing

@Suite struct InFlightTableTests {
  @Test func concurrentCallersShareOneWork() async {
    let table = InFlightTable<String, Int>()
    let gate = TestGate()
    let runs = TestCounter()
    let values = await withTaskGroup(of: Int?.self) { group in
      for _ in 0..<5 {
        group.addTask {
          await table.value(for: "k") {
            runs.increment()
            await gate.wait()
            return 42
          }
        }
      }
      #expect(await LoaderFixtures.eventually { table.joinerCount(for: "k") == 5 })
      gate.open()
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(values == Array(repeating: 42, count: 5))
    #expect(runs.count == 1)
    #expect(table.statistics.started == 1)
    #expect(table.statistics.joined == 4)
    #expect(table.count == 0)
  }

  @Test func oneJoinerLeavingDoesNotCancelTheWorkForTheOther() async {
    let table = InFlightTable<String, Bool>()
    let gate = TestGate()
    let first = Task {
      await table.value(for: "k") {
        await gate.wait(); return !Task.isCancelled
      }
    }
    #expect(await LoaderFixtures.eventually { gate.waitingCount == 1 })
    let second = Task {
      await table.value(for: "k") {
        Issue.record("a second work started"); return false
      }
    }
    #expect(await LoaderFixtures.eventually { table.joinerCount(for: "k") == 2 })
    first.cancel()
    #expect(await first.value == nil)  // the leaver gets nil at once, while the work still waits
    #expect(table.joinerCount(for: "k") == 1)
    gate.open()
    #expect(await second.value == true)  // the work was not cancelled
    #expect(await LoaderFixtures.eventually { table.liveTaskCount == 0 })
  }

  @Test func theWorkIsCancelledWhenEveryJoinerLeaves() async {
    let table = InFlightTable<Int, Bool>()
    let observedCancellation = TestGate()
    let cancellations = TestCounter()
    let callers = (0..<3).map { _ in
      Task {
        await table.value(for: 1) {
          await withTaskCancellationHandler {
            await observedCancellation.wait()
          } onCancel: {
            cancellations.increment()
            observedCancellation.open()
          }
          return Task.isCancelled
        }
      }
    }
    #expect(await LoaderFixtures.eventually { table.joinerCount(for: 1) == 3 })
    callers[0].cancel()
    callers[1].cancel()
    #expect(await callers[0].value == nil)
    #expect(await callers[1].value == nil)
    #expect(table.count == 1)
    #expect(cancellations.count == 0)  // two of three left: the work goes on
    callers[2].cancel()
    #expect(await callers[2].value == nil)
    #expect(table.count == 0)
    #expect(await LoaderFixtures.eventually { table.liveTaskCount == 0 })
    #expect(cancellations.count == 1)
  }

  @Test func aFinishedWorkIsForgottenSoTheNextCallerStartsAgain() async {
    let table = InFlightTable<String, Int>()
    let runs = TestCounter()
    for _ in 0..<2 {
      _ = await table.value(for: "k") { runs.increment() }
    }
    #expect(runs.count == 2)
    #expect(table.statistics.started == 2)
    #expect(table.statistics.joined == 0)
  }

  @Test func aCallerCancelledBeforeJoiningStartsNothing() async {
    let table = InFlightTable<String, Int>()
    let value = await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await table.value(for: "k") {
        Issue.record("work started for a cancelled caller")
        return 1
      }
    }.value
    #expect(value == nil)
    #expect(table.statistics.started == 0)
    #expect(table.liveTaskCount == 0)
  }

  @Test func differentKeysRunIndependently() async {
    let table = InFlightTable<Int, Int>()
    let values = await withTaskGroup(of: Int?.self) { group in
      for key in 0..<4 { group.addTask { await table.value(for: key) { key * 10 } } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(values.compactMap { $0 }) == [0, 10, 20, 30])
  }
}
