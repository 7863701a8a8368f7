import Foundation
import HollowKit
import SignalTesting
import Synchronization
import Testing

/// The client keeps the server's short-term windows: on a test clock, no sleeps.
@Suite struct RateLimitKeeperTests {
  typealias F = LoaderFixtures
  static let epoch = 1_700_000_000.0

  static func keeper(_ clock: TestClock, file: String? = nil) -> RateLimitKeeper {
    RateLimitKeeper(
      file: file,
      now: {
        let (seconds, attoseconds) = clock.now.offset.components
        return epoch + Double(seconds) + Double(attoseconds) / 1e18
      },
      sleep: { try await clock.sleep(for: $0) })
  }

  static func client(_ http: StubHTTPClient, keeper: RateLimitKeeper?, token: String? = ClientFixtures.token)
    -> TreeHoleClient
  {
    TreeHoleClient(
      configuration: ClientConfiguration(apiRoot: ClientFixtures.apiRoot, token: token), http: http, retry: .never,
      rateLimits: keeper)
  }

  static let page: StubHTTPClient.Responder = { _ in F.json(PostPage(posts: [ClientFixtures.post(1)])) }

  @Test func limitsAreKnownByPathAndByTheServersMessage() {
    #expect(RateLimit(requestPath: "contents/search") == .search)
    #expect(RateLimit(requestPath: "contents/search/attentions") == .search)
    #expect(RateLimit(requestPath: "send/post") == .post && RateLimit(requestPath: "send/comment") == .comment)
    #expect(RateLimit(requestPath: "contents/post/list") == nil)
    #expect(RateLimit(serverMessage: "请不要短时间内连续搜索树洞") == .search)
    #expect(RateLimit(serverMessage: "请不要短时间内连续发送树洞") == .post)
    #expect(RateLimit(serverMessage: "请不要短时间内连续发送树洞回复") == .comment)
    #expect(RateLimit(serverMessage: "找不到这条树洞") == nil)
  }

  @Test func theWindowStartsWhenTheAnswerArrivesPlusAMargin() async {
    let clock = TestClock()
    let keeper = Self.keeper(clock)
    #expect(keeper.delay(before: .search) == .zero)
    keeper.answerArrived(.search)
    #expect(keeper.delay(before: .search) == .milliseconds(2_300))
    #expect(keeper.delay(before: .post) == .zero && keeper.delay(before: .comment) == .zero)
    await clock.advance(by: .seconds(2))
    #expect(keeper.delay(before: .search) == .milliseconds(300))
    await clock.advance(by: .milliseconds(300))
    #expect(keeper.delay(before: .search) == .zero)
    keeper.answerArrived(.post)
    keeper.answerArrived(.comment)
    #expect(
      keeper.delay(before: .post) == .milliseconds(6_300) && keeper.delay(before: .comment) == .milliseconds(3_300))
  }

  @Test func twoSearchesInARowWaitThenBothSucceed() async throws {
    let clock = TestClock()
    let http = StubHTTPClient(responder: Self.page)
    let client = Self.client(http, keeper: Self.keeper(clock))
    _ = try await client.perform(SearchRequest.self, .init(keywords: "猫"))
    let second = Task { try await client.perform(SearchRequest.self, .init(keywords: "狗")) }
    await clock.waitForSleepers()
    #expect(http.requests.count == 1)  // the second waits for the window
    await clock.advance(by: .milliseconds(2_300))
    #expect(try await second.value.posts.count == 1)
    #expect(http.requests.count == 2)
    // Reads that are not searches never wait.
    _ = try await client.perform(PostListRequest.self, .init(page: 1))
    #expect(http.requests.count == 3)
  }

  @Test func theLastAnswerIsKeptAcrossRuns() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rate-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("rate-limits").path
    let clock = TestClock()
    Self.keeper(clock, file: file).answerArrived(.comment)
    await clock.advance(by: .seconds(1))
    let nextRun = Self.keeper(clock, file: file)
    #expect(nextRun.delay(before: .comment) == .milliseconds(2_300))
    #expect(nextRun.delay(before: .search) == .zero)
    // A damaged file opens every window rather than failing.
    try Data("search nonsense\n\u{0}\u{1}".utf8).write(to: URL(fileURLWithPath: file))
    #expect(Self.keeper(clock, file: file).delay(before: .search) == .zero)
  }

  @Test func aReadToldToWaitWaitsTheWindowAndTriesOnceMore() async throws {
    let clock = TestClock()
    let answers = Mutex(0)
    let http = StubHTTPClient { _ in
      let count = answers.withLock { count in
        count += 1
        return count
      }
      return count == 1
        ? F.error(code: -1, message: "请不要短时间内连续搜索树洞") : F.json(PostPage(posts: [ClientFixtures.post(1)]))
    }
    let client = Self.client(http, keeper: Self.keeper(clock))
    let search = Task { try await client.perform(SearchRequest.self, .init(keywords: "猫")) }
    await clock.waitForSleepers()
    #expect(http.requests.count == 1)
    await clock.advance(by: .milliseconds(2_300))
    #expect(try await search.value.posts.count == 1)
    #expect(http.requests.count == 2)
  }

  @Test func aReadToldToWaitTwiceFailsWithASentence() async throws {
    let http = StubHTTPClient { _ in F.error(code: -1, message: "请不要短时间内连续搜索树洞") }
    let clock = TestClock()
    let client = Self.client(http, keeper: Self.keeper(clock))
    let search = Task { try await client.perform(SearchRequest.self, .init(keywords: "猫")) }
    await clock.waitForSleepers()
    #expect(http.requests.count == 1)
    await clock.advance(by: .milliseconds(2_300))
    let error = try await #require(throws: HollowError.self) { try await search.value }
    #expect(http.requests.count == 2)
    #expect(error.kind == .rateLimited(.search, message: "请不要短时间内连续搜索树洞"))
    #expect(error.description.contains("the server asked to wait (one search every 2 s)"))
  }

  @Test func aWriteToldToWaitIsNeverSentAgain() async throws {
    let http = StubHTTPClient { _ in F.error(code: -1, message: "请不要短时间内连续发送树洞回复") }
    let client = Self.client(http, keeper: Self.keeper(TestClock()))
    let error = try await #require(throws: HollowError.self) {
      try await client.perform(SendCommentRequest.self, .init(pid: 1, text: "hi"))
    }
    #expect(http.requests.count == 1)
    #expect(error.kind == .rateLimited(.comment, message: "请不要短时间内连续发送树洞回复"))
    #expect(error.description.contains("the server asked to wait (one comment every 3 s); nothing was sent again"))
  }

  @Test func dailyCapsAreSentences() async throws {
    func failure(_ message: String, _ perform: (TreeHoleClient) async throws -> Void) async -> HollowError? {
      let client = Self.client(StubHTTPClient { _ in F.error(code: -1, message: message) }, keeper: nil)
      do {
        try await perform(client)
        return nil
      } catch {
        return error as? HollowError
      }
    }
    let search = await failure("你今天搜索太多树洞了，明天再来吧") { client in
      _ = try await client.perform(SearchRequest.self, .init(keywords: "猫"))
    }
    #expect(search?.kind == .dailyCap(DailyCap(what: "searches", limit: 1000), message: "你今天搜索太多树洞了，明天再来吧"))
    #expect(
      search?.description.contains("the server's daily limit of 1000 searches is reached; try again tomorrow") == true)
    let post = await failure("你24小时内已经发送太多树洞了") { client in
      _ = try await client.perform(SendPostRequest.self, .init(text: "hi"))
    }
    #expect(post?.description.contains("the server's daily limit of 100 posts is reached") == true)
    let wander = await failure("你今天刷了太多树洞了，明天再来吧") { client in
      _ = try await client.perform(RandomListRequest.self, .init())
    }
    #expect(wander?.description.contains("the server's daily limit of 200 wander batches is reached") == true)
    let other = await failure("系统正在维护升级，请稍后重试...") { client in
      _ = try await client.perform(PostListRequest.self, .init(page: 1))
    }
    #expect(other?.kind == .server(code: -1, message: "系统正在维护升级，请稍后重试..."))
  }

  @Test func withoutATokenFollowedPostsMessagesAndWritesStopWithASentence() async throws {
    // A server allowing anonymous reading: list and search answer, the rest asks for a login.
    let http = StubHTTPClient { request in
      let path = request.url.path
      guard path.hasSuffix("/post/list") || path.hasSuffix("/contents/search") else {
        return F.error(code: -100, message: "登录凭据过期，请使用邮箱重新登录。")
      }
      return Self.page(request)
    }
    let anonymous = Self.client(http, keeper: nil, token: nil)
    func expectTokenRequired(_ perform: () async throws -> Void) async {
      do {
        try await perform()
        Issue.record("expected tokenRequired")
      } catch {
        #expect((error as? HollowError)?.kind == .tokenRequired)
      }
    }
    await expectTokenRequired { _ = try await anonymous.perform(AttentionListRequest.self, .init(page: 1)) }
    await expectTokenRequired { _ = try await anonymous.perform(SystemMessagesRequest.self, .init()) }
    await expectTokenRequired { _ = try await anonymous.perform(SendPostRequest.self, .init(text: "hi")) }
    await expectTokenRequired { _ = try await anonymous.perform(AttentionSearchRequest.self, .init(keywords: "a")) }
    #expect(http.requests.count == 4)
    // Reads go out anonymously.
    _ = try await anonymous.perform(PostListRequest.self, .init(page: 1))
    _ = try await anonymous.perform(SearchRequest.self, .init(keywords: "猫"))
    #expect(http.requests.count == 6)
    // With a token, the same answer is an expired login, not a missing one.
    let expired = Self.client(http, keeper: nil)
    await #expect(throws: HollowError.self) { _ = try await expired.perform(SystemMessagesRequest.self, .init()) }
    do {
      _ = try await expired.perform(SystemMessagesRequest.self, .init())
    } catch {
      guard case .tokenExpired = (error as HollowError).kind else {
        Issue.record("expected tokenExpired, got \(error)")
        return
      }
    }
    #expect(http.requests.prefix(6).allSatisfy { $0.headers["TOKEN"] == nil })
  }

  @Test func aSearchFeedSaysItIsWaitingNotFailing() async throws {
    let clock = TestClock()
    let keeper = Self.keeper(clock)
    let http = StubHTTPClient(responder: Self.page)
    try await F.withCache { cache, _ in
      let loaders = TreeHoleLoaders(client: Self.client(http, keeper: keeper), cache: cache)
      keeper.answerArrived(.search)
      let model = loaders.feeds.model(.search(SearchRequest.Parameters(keywords: "猫")))
      model.refresh()
      for await snapshot in model.snapshots where snapshot.isWaiting {
        #expect(snapshot.phase == .loading && snapshot.failures.isEmpty)
        break
      }
      await clock.waitForSleepers()
      #expect(http.requests.isEmpty)
      await clock.advance(by: .milliseconds(2_300))
      for await snapshot in model.snapshots where !snapshot.isLoading {
        #expect(!snapshot.isWaiting && snapshot.phase == .fresh && snapshot.posts.count == 1)
        break
      }
      #expect(http.requests.count == 1)
    }
  }
}
