import Testing

@testable import Signal

@Suite(.timeLimit(.minutes(1))) struct LiveTasksTests {
  @Test func theWaitForTheTasksIsAParkTheCensusCounts() async {
    let scope = CensusScope()
    let census = Census.$scope.withValue(scope) { Census() }
    let tasks = LiveTasks()
    tasks.started()
    let waiting = Task { await tasks.allReturned(reportingTo: census) }
    while scope.parkedContinuations.load(ordering: .acquiring) == 0 { await Task.yield() }
    tasks.returned()
    await waiting.value
    #expect(scope.parkedContinuations.load(ordering: .acquiring) == 0)
    census.objectDestroyed()
    #expect(scope.isQuiet)
  }

  @Test func nothingIsParkedWhenEveryTaskHasReturned() async {
    let scope = CensusScope()
    let census = Census.$scope.withValue(scope) { Census() }
    let tasks = LiveTasks()
    tasks.started()
    tasks.returned()
    await tasks.allReturned(reportingTo: census)
    census.objectDestroyed()
    #expect(scope.isQuiet)
  }
}
