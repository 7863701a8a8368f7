import Foundation
import TestScheduling
import Testing

@testable import HollowServer

@Suite(.offCooperativePool) struct ShutdownLatchTests {
  @Test func firingWakesEveryWaiterOnEveryThread() async {
    let latch = ShutdownLatch()
    let waiters = 8
    let (woken, report) = AsyncStream.makeStream(of: Bool.self)
    for _ in 0..<waiters {
      Thread {
        // An hour: only the latch can end this wait within the test's lifetime.
        report.yield(latch.wait(for: .seconds(3600)))
      }.start()
    }
    latch.fire()
    var results: [Bool] = []
    for await result in woken {
      results.append(result)
      if results.count == waiters { break }
    }
    #expect(results == Array(repeating: true, count: waiters))
  }

  @Test func aWaitAfterFiringReturnsAtOnce() {
    let latch = ShutdownLatch()
    latch.fire()
    #expect(latch.wait(for: .seconds(3600)))
  }

  @Test func aWaitWithoutFiringRunsOutItsDuration() {
    #expect(!ShutdownLatch().wait(for: .milliseconds(1)))
  }

  @Test func shutdownDoesNotWaitOutSimulatedLatency() async throws {
    let server = HollowServer(configuration: ServerConfiguration(latency: .fixed(.seconds(3600))))
    let port = try server.start()
    let client = try TestClient(port: port)
    try client.sendRequest("GET", "/v3/contents/system_msg")
    // The request is now (or soon) waiting out an hour of latency; shutdown must not join it.
    // The guard thread only bounds a regression (a hang would fail here, not stall CI).
    let (outcomes, report) = AsyncStream.makeStream(of: String.self)
    Thread {
      server.shutdown()
      report.yield("shut down")
    }.start()
    Thread {
      Thread.sleep(forTimeInterval: 60)
      report.yield("still waiting after 60 s")
    }.start()
    var iterator = outcomes.makeAsyncIterator()
    #expect(await iterator.next() == "shut down")
    #expect(server.port == nil)
  }
}
