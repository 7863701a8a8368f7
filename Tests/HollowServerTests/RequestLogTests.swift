import Testing

@testable import HollowServer

@Suite struct RequestLogTests {
  private static func request(_ path: String, _ index: Int) -> HTTPRequest {
    HTTPRequest(
      method: "GET", path: path,
      query: [QueryItem(name: "i", value: "\(index)"), QueryItem(name: "token", value: "t")],
      minorVersion: 1, headers: [], body: [])
  }

  @Test func theLogKeepsTheLatestRequestsAndCountsThemAll() {
    let log = RequestLog(capacity: 3)
    for index in 0..<5 { log.record(Self.request(index % 2 == 0 ? "/even" : "/odd", index)) }
    #expect(log.all.map { $0.query.first?.value } == ["2", "3", "4"])
    #expect(log.all.allSatisfy { !$0.query.contains { $0.name == "token" } })
    #expect(log.total == 5)
    #expect(log.count(path: "/even") == 3 && log.count(path: "/odd") == 2)
  }

  @Test func aWaiterResumesWhenItsConditionHoldsAndNotBefore() async {
    let log = RequestLog(capacity: 4)
    log.record(Self.request("/a", 0))
    // Already true: returns at once.
    await log.wait { $0.count == 1 }
    let (resumed, signal) = AsyncStream.makeStream(of: Void.self)
    let waiter = Task {
      await log.wait { $0.contains { $0.path == "/b" } }
      signal.finish()
    }
    log.record(Self.request("/a", 1))
    log.record(Self.request("/b", 2))
    for await _ in resumed {}
    await waiter.value
    #expect(log.all.map(\.path) == ["/a", "/a", "/b"])
  }

  @Test func endlessMadeUpPathsDoNotGrowTheCounts() {
    let log = RequestLog(capacity: 2)
    for index in 0..<(RequestLog.maximumCountedPaths + 100) { log.record(Self.request("/made-up/\(index)", index)) }
    log.record(Self.request("/made-up/0", 0))
    #expect(log.count(path: "/made-up/0") == 2)
    #expect(log.count(path: "/made-up/\(RequestLog.maximumCountedPaths + 50)") == 0)
    #expect(log.total == RequestLog.maximumCountedPaths + 101)
    #expect(log.all.count == 2)
  }
}
