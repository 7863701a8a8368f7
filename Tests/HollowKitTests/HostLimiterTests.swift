import Foundation
import HollowKit
import Testing

@Suite struct HostLimiterTests {
  let host = URL(string: "http://a.test:8080/x")!

  @Test func hostKeysIncludeSchemeAndPort() {
    #expect(HostLimiter.host(of: URL(string: "http://a.test:8080/y")!) == HostLimiter.host(of: host))
    #expect(HostLimiter.host(of: URL(string: "http://a.test:8081/x")!) != HostLimiter.host(of: host))
    #expect(HostLimiter.host(of: URL(string: "https://a.test:8080/x")!) != HostLimiter.host(of: host))
  }

  @Test func atMostTheLimitRunAtOnceAndTheRestQueue() async {
    let limiter = HostLimiter(limitPerHost: 2)
    let gate = TestGate()
    let url = host
    let finished = await withTaskGroup(of: Int?.self) { group in
      for index in 0..<6 {
        group.addTask {
          await limiter.withPermit(for: url) { () async -> Int in
            await gate.wait()
            return index
          }
        }
      }
      #expect(await LoaderFixtures.eventually { gate.waitingCount == 2 && limiter.waitingCount == 4 })
      #expect(limiter.activeCount(for: url) == 2)
      gate.open()
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(finished.compactMap { $0 }.sorted() == Array(0..<6))
    #expect(limiter.peakCount(for: url) == 2)
    #expect(limiter.activeCount(for: url) == 0)
  }

  @Test func aCancelledWaiterLeavesWithoutRunning() async {
    let limiter = HostLimiter(limitPerHost: 1)
    let url = host
    let gate = TestGate()
    let holder = Task {
      await limiter.withPermit(for: url) { () async -> Bool in
        await gate.wait()
        return true
      }
    }
    #expect(await LoaderFixtures.eventually { gate.waitingCount == 1 })
    let waiter = Task { await limiter.withPermit(for: url) { () async -> Bool in true } }
    #expect(await LoaderFixtures.eventually { limiter.waitingCount == 1 })
    waiter.cancel()
    #expect(await waiter.value == nil)
    #expect(limiter.waitingCount == 0)
    gate.open()
    #expect(await holder.value == true)
    #expect(limiter.activeCount(for: url) == 0)
  }

  @Test func aCancelledTaskNeverTakesAFreePermit() async {
    let limiter = HostLimiter(limitPerHost: 1)
    let url = host
    let ran = await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await limiter.withPermit(for: url) { () async -> Bool in true }
    }.value
    #expect(ran == nil)
    #expect(limiter.peakCount(for: url) == 0)
  }

  @Test func hostsHaveSeparateBudgets() async {
    let limiter = HostLimiter(limitPerHost: 1)
    let other = URL(string: "http://b.test/x")!
    let url = host
    let outcome = await limiter.withPermit(for: url) { () async -> Int? in
      await limiter.withPermit(for: other) { () async -> Int in 7 }
    }
    #expect(outcome == .some(.some(7)))
  }

  @Test func aLimitBelowOneCountsAsOne() {
    #expect(HostLimiter(limitPerHost: 0).limitPerHost == 1)
  }
}
