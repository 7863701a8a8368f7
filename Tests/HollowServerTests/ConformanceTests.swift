import Foundation
import HollowKit
import HollowServer
import Synchronization
import TestScheduling
import Testing

/// The rules of the real backend (`treehole-api.md`, checked against its handlers), each stated once as a
/// row: the request, the code, message and shape the real backend answers, and the section and phrase of
/// the document the rule comes from. Every row runs against a fresh HollowServer over loopback, whose clock
/// the row moves by hand (rate-limit windows pass without sleeping).
@Suite(.offCooperativePool) struct ConformanceTests {
  @Test(arguments: ConformanceTable.rules)
  func theDemoServerAnswersLikeTheRealBackend(_ rule: ConformanceRule) throws {
    var configuration = ServerConfiguration(seed: 1, token: ConformanceSession.token, randomSeed: 7)
    configuration.allowsAnonymousAccess = rule.server.anonymous
    configuration.enforcesRateLimits = rule.server.rateLimits
    configuration.offsetsTimestamps = rule.server.timestampOffsets
    if let bytes = rule.server.maxImageBytes { configuration.limits.maxImageBytes = bytes }
    let clock = ConformanceClock()
    configuration.clock = ServerClock { clock.now }
    try withServer(configuration) { _, port in
      let session = ConformanceSession(port: port, clock: clock)
      let response = try rule.run(session)
      try rule.expect.check(response, rule: rule)
    }
  }

  @Test func everyRuleNamesItsSectionAndAPhraseOfTheDocument() {
    let sections = [
      "Transport", "Rate limits", "Objects", "Reading", "Writing",
    ]
    for rule in ConformanceTable.rules {
      #expect(sections.contains(rule.section), "\(rule.phrase)")
      #expect(!rule.phrase.isEmpty)
    }
    #expect(Set(ConformanceTable.rules.map(\.phrase)).count == ConformanceTable.rules.count, "each rule once")
    #expect(ServerConfiguration().limits.maxImageBytes == 2_000_000, "the real ImgMaxLength")
    #expect(ServerConfiguration().enforcesRateLimits, "rate limits are on by default")
  }
}

/// Which server a rule runs against.
struct ConformanceServer: Sendable {
  var anonymous = false
  var rateLimits = true
  var timestampOffsets = false
  /// A smaller image limit, so the rule about it runs in a moment (the default is checked on its own).
  var maxImageBytes: Int?

  static let standard = ConformanceServer()
  static let anonymousAccess = ConformanceServer(anonymous: true)
}

/// What the checked answer must be.
struct ConformanceExpectation: Sendable {
  var status = 200
  /// `code`, or nil for an answer that is not JSON.
  var code: Int?
  /// The exact `msg`, when the rule names one.
  var message: String?
  /// The exact plain-text body of an answer that is not JSON.
  var plainText: String?
  /// Bytes the raw body must hold (for rules about the encoding itself).
  var rawText: String?
  /// What the shape must satisfy, and how to say it.
  var shape: String?
  var holds: (@Sendable ([String: Any]) -> Bool)?

  static func code(_ code: Int, _ message: String? = nil) -> ConformanceExpectation {
    ConformanceExpectation(code: code, message: message)
  }

  static func success(_ shape: String, _ holds: @escaping @Sendable ([String: Any]) -> Bool) -> ConformanceExpectation {
    ConformanceExpectation(code: nil, shape: shape, holds: holds)
  }

  static func success(code: Int, _ shape: String, _ holds: @escaping @Sendable ([String: Any]) -> Bool)
    -> ConformanceExpectation
  {
    ConformanceExpectation(code: code, shape: shape, holds: holds)
  }

  static let ginNotFound = ConformanceExpectation(status: 404, plainText: "404 page not found")

  func check(_ response: TestResponse, rule: ConformanceRule) throws {
    let context = Testing.Comment(rawValue: "\(rule.section): \(rule.phrase)")
    #expect(response.status == status, context)
    if let plainText {
      #expect(response.headers["content-type"]?.hasPrefix("text/plain") == true, context)
      #expect(response.text == plainText, context)
      return
    }
    #expect(response.headers["content-type"]?.hasPrefix("application/json") == true, context)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], context)
    let answered = object["code"] as? Int
    if let code {
      #expect(answered == code, "\(context) (msg: \(object["msg"] ?? "none"))")
    } else {
      #expect((answered ?? -1) >= 0, "\(context) (msg: \(object["msg"] ?? "none"))")
    }
    if let message { #expect(object["msg"] as? String == message, context) }
    if code.map({ $0 < 0 }) == true {
      #expect(Set(object.keys) == ["code", "msg"], "errors are exactly {code, msg}: \(context)")
    }
    if let holds, let shape { #expect(holds(object), "\(context): \(shape)") }
    if let rawText { #expect(response.text.contains(rawText), context) }
  }
}

/// One rule of the real backend.
struct ConformanceRule: Sendable, CustomTestStringConvertible {
  var section: String
  var phrase: String
  var server = ConformanceServer.standard
  /// Prepares what the rule needs and sends the request it is about.
  var run: @Sendable (ConformanceSession) throws -> TestResponse
  var expect: ConformanceExpectation

  var testDescription: String { "\(section): \(phrase)" }
}

/// The running server as a rule sees it: requests with the token, without it, and the clock.
struct ConformanceSession: Sendable {
  static let token = "conformance-token"
  let port: Int
  let clock: ConformanceClock

  func advance(seconds: Double) {
    clock.advance(seconds)
  }

  func get(_ target: String, token: String? = Self.token) throws -> TestResponse {
    try TestClient(port: port, token: token).get(target)
  }

  func post(_ path: String, _ form: [(String, String)], token: String? = Self.token) throws -> TestResponse {
    try TestClient(port: port, token: token).post(path, form: form)
  }

  /// The first post on the first `pages` list pages that satisfies `condition`.
  func post(onPages pages: Int = 11, where condition: (Post) -> Bool) throws -> Post {
    for page in 1...pages {
      let found = try get("/v3/contents/post/list?page=\(page)").decode(PostPage.self).posts.first(where: condition)
      if let found { return found }
    }
    throw TestClientError(description: "no post on \(pages) pages matches")
  }

  /// Sends a text post as the user and moves the clock past the post window.
  func sendPost(_ text: String, extra: [(String, String)] = []) throws -> Int {
    let sent = try post("/v3/send/post", [("text", text), ("type", "text")] + extra).decode(SentPost.self).pid
    advance(seconds: 10)
    return sent
  }
}

extension [String: Any] {
  var posts: [[String: Any]] { self["data"] as? [[String: Any]] ?? [] }
  var commentMap: [String: [[String: Any]]]? { self["comments"] as? [String: [[String: Any]]] }
}

func escaped(_ text: String) -> String { TestClient.escape(text) }

/// The server's time in a rule: moved by hand.
final class ConformanceClock: Sendable {
  private let seconds = Mutex(1_800_000_000.0)

  var now: Double { seconds.withLock { $0 } }

  func advance(_ by: Double) {
    seconds.withLock { $0 += by }
  }
}

/// `value`, or a failure naming `what` is missing.
func required<T>(_ value: T?, _ what: String) throws -> T {
  guard let value else { throw TestClientError(description: "missing \(what)") }
  return value
}
