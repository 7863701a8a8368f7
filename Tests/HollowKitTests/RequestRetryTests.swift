import Foundation
import HollowKit
import HollowServer
import Signal
import SignalTesting
import Synchronization
import Testing

/// Retrying through ``TreeHoleClient/send(_:)``: counted requests, time on a test clock.
@Suite struct RequestRetryTests {
  typealias Answer = Result<HTTPClientResponse, TransportFailure>

  /// One second before every retry, no jitter, at most `retries` retries; waits on `clock`.
  private static func retry(_ clock: TestClock, retries: Int = 2) -> RequestRetry {
    RequestRetry(policy: .upTo(retries, backoff: .constant(.seconds(1))), maximumRetryAfter: .seconds(10), clock: clock)
  }

  /// A stub that gives `answers` in order, then repeats the last.
  private static func client(_ clock: TestClock, retries: Int = 2, _ answers: [Answer]) -> (
    TreeHoleClient, StubHTTPClient
  ) {
    let next = Atomic(0)
    return ClientFixtures.client(retry: retry(clock, retries: retries)) { _ in
      answers[min(next.add(1, ordering: .relaxed).oldValue, answers.count - 1)]
    }
  }

  private static func status(_ status: Int, _ headers: [String: String] = [:], body: String = "") -> Answer {
    .success(HTTPClientResponse(status: status, headers: headers, body: Data(body.utf8)))
  }

  private static let ok = status(200, body: WireFixtures.listPage)

  private static func list(_ client: TreeHoleClient) -> Task<Result<PostPage, HollowError>, Never> {
    Task {
      do throws(HollowError) {
        return .success(try await client.perform(PostListRequest.self, .init()))
      } catch {
        return .failure(error)
      }
    }
  }

  private static func sendPost(_ client: TreeHoleClient) async -> HollowError? {
    await ClientFixtures.failure { () async throws(HollowError) in
      try await client.perform(SendPostRequest.self, .init(text: "hello"))
    }
  }

  @Test func aReadRetriesServerErrorsAfterTheBackoff() async throws {
    let clock = TestClock()
    let (client, http) = Self.client(clock, [Self.status(503), Self.status(500), Self.ok])
    let run = Self.list(client)
    await clock.waitForSleepers(count: 1)
    #expect(http.requests.count == 1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(1)))
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(count: 1)
    #expect(http.requests.count == 2)
    await clock.advance(by: .seconds(1))
    let page = try await run.value.get()
    #expect(!page.posts.isEmpty)
    #expect(http.requests.count == 3)
  }

  @Test func theLastServerErrorIsReportedAsItsStatus() async {
    let clock = TestClock()
    let (client, http) = Self.client(clock, [Self.status(502)])
    let run = Self.list(client)
    for _ in 0..<2 {
      await clock.waitForSleepers(count: 1)
      await clock.advance(by: .seconds(1))
    }
    #expect(await run.value.failure?.kind == .httpStatus(502))
    #expect(http.requests.count == 3)
  }

  @Test(arguments: [TransportFailure.notConnected, .connectionLost, .timedOut])
  func aReadRetriesConnectionFailures(_ failure: TransportFailure) async throws {
    let clock = TestClock()
    let (client, http) = Self.client(clock, [.failure(failure), Self.ok])
    let run = Self.list(client)
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    _ = try await run.value.get()
    #expect(http.requests.count == 2)
  }

  @Test func finalFailuresAreNotRetried() async {
    let answers: [Answer] = [
      Self.status(404), Self.status(413), Self.status(200, body: "{"), .failure(.hostNotFound),
      .failure(.tooLarge(limit: 1, announced: nil)), .failure(.deadlineExceeded(total: .seconds(30))),
      Self.status(200, body: WireFixtures.tokenExpired),
    ]
    for answer in answers {
      let (client, http) = Self.client(TestClock(), [answer])
      // Nobody advances the clock: a retry would hang here.
      #expect(await Self.list(client).value.failure != nil)
      #expect(http.requests.count == 1, "\(answer)")
    }
  }

  @Test func tooManyRequestsWaitsTheSecondsTheServerAsks() async throws {
    let clock = TestClock()
    let (client, http) = Self.client(clock, [Self.status(429, ["Retry-After": "7"]), Self.ok])
    let run = Self.list(client)
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(7)))
    await clock.advance(by: .seconds(7))
    _ = try await run.value.get()
    #expect(http.requests.count == 2)
  }

  @Test func retryAfterAsADateCountsFromTheAnswersDate() async throws {
    let clock = TestClock()
    let headers = ["retry-after": "Wed, 21 Oct 2015 07:28:05 GMT", "Date": "Wed, 21 Oct 2015 07:28:00 GMT"]
    let (client, _) = Self.client(clock, [Self.status(503, headers), Self.ok])
    let run = Self.list(client)
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(5)))
    await clock.advance(by: .seconds(5))
    _ = try await run.value.get()
  }

  @Test(arguments: ["3600", "Fri, 01 Jan 2100 00:00:00 GMT"])
  func aLongRetryAfterIsCapped(_ value: String) async throws {
    let clock = TestClock()
    let (client, _) = Self.client(clock, [Self.status(503, ["Retry-After": value]), Self.ok])
    let run = Self.list(client)
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(10)))
    await clock.advance(by: .seconds(10))
    _ = try await run.value.get()
  }

  @Test func anUnreadableRetryAfterFallsBackToTheBackoff() async throws {
    let clock = TestClock()
    let (client, _) = Self.client(clock, [Self.status(503, ["Retry-After": "soon"]), Self.ok])
    let run = Self.list(client)
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(1)))
    await clock.advance(by: .seconds(1))
    _ = try await run.value.get()
  }

  @Test(arguments: [
    Self.status(500), Self.status(503, ["Retry-After": "1"]), Self.status(429), .failure(.connectionLost),
    .failure(.timedOut),
  ])
  func aWriteThatMayHaveReachedTheServerIsNeverRetried(_ answer: Answer) async {
    let (client, http) = Self.client(
      TestClock(), [answer, .success(HTTPClientResponse(status: 200, body: Data(WireFixtures.sentPost.utf8)))])
    #expect(await Self.sendPost(client) != nil)
    #expect(http.requests.count == 1)
    #expect(http.requests.first?.method == .post)
  }

  @Test func aWriteThatCouldNotConnectIsRetried() async {
    let clock = TestClock()
    let sent: Answer = .success(HTTPClientResponse(status: 200, body: Data(WireFixtures.sentPost.utf8)))
    let (client, http) = Self.client(clock, [.failure(.notConnected), sent])
    let run = Task { await Self.sendPost(client) }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(await run.value == nil)
    #expect(http.requests.count == 2)
  }

  @Test func neverSendsOnce() async {
    let (client, http) = ClientFixtures.client(retry: .never) { _ in Self.status(503) }
    #expect(await Self.list(client).value.failure?.kind == .httpStatus(503))
    #expect(http.requests.count == 1)
  }

  @Test func cancellingDuringTheWaitEndsTheRequest() async {
    let clock = TestClock()
    let (client, http) = Self.client(clock, [Self.status(503)])
    let run = Self.list(client)
    await clock.waitForSleepers(count: 1)
    run.cancel()
    #expect(await run.value.failure?.kind == .httpStatus(503))
    #expect(http.requests.count == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func theStandardRetryIsTheDefault() {
    let client = TreeHoleClient(configuration: ClientConfiguration(apiRoot: ClientFixtures.apiRoot))
    #expect(client.retry.policy.maxRetries == RequestRetry.standard.policy.maxRetries)
    #expect(client.withToken("t").retry.maximumRetryAfter == RequestRetry.standard.maximumRetryAfter)
  }

  // MARK: Against the demo server

  /// The demo server handles every request, then replaces its answer with a 500: the write is
  /// done, only its answer is lost, which is exactly why a write must not be sent again.
  @Test func onTheServerAReadIsRetriedAndAWriteIsSentOnce() async throws {
    let clock = TestClock()
    let server = try TestServer(
      ServerConfiguration(
        seed: 3, token: ClientFixtures.token, failures: FailureInjection(rate: 1, kinds: [.serverError])),
      retry: Self.retry(clock))
    defer { server.stop() }
    let run = Self.list(server.client)
    for _ in 0..<2 {
      await clock.waitForSleepers(count: 1)
      await clock.advance(by: .seconds(1))
    }
    #expect(await run.value.failure?.kind == .httpStatus(500))
    #expect(server.server.requestCount(path: "/v3/contents/post/list") == 3)
    #expect(await Self.sendPost(server.client)?.kind == .httpStatus(500))
    #expect(server.server.requestCount(path: "/v3/send/post") == 1)
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
