import Foundation
import HollowKit
import TestScheduling
import Testing

@testable import HollowCLI

/// Every wire model, decoded from answers whose numbers are extreme (Int.min, Int.max, -1, 0, and
/// numbers beyond Int) and whose strings are hostile or huge, then rendered the way the CLI
/// shows it (list and full views, with and without colours) and re-encoded as `--json` prints it.
/// Decoding may refuse a value; nothing may trap.
///
/// Off the cooperative pool and one case at a time: its cases compute for seconds without
/// suspending (debug build). On the pool they would hold every thread the async tests of the
/// process need; all at once on threads of their own, they would take most of two cores from them.
@Suite(.offCooperativePool, .serialized) struct ModelFuzzTests {
  static var numbers: [Any] {
    [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max, 1e300, -0.5]
  }
  static var strings: [Any] {
    [
      "", "\u{1B}]52;c;cm0=\u{07}\u{1B}[2J\u{202E}\u{9B}8m", String(repeating: "树洞 long ", count: 2_000),
      String(repeating: "\u{301}", count: 2_000), String(repeating: "#1234567 ", count: 500), NSNull(), 7,
    ]
  }

  struct Model: Sendable {
    var name: String
    var sample: @Sendable () -> [String: Any]
    /// Decodes the JSON and renders it; throws only when decoding refuses it.
    var render: @Sendable (Data, [RenderContext]) throws -> Int
  }

  /// A list with colours and search keywords, and a full view without, at a clock far off.
  static func contexts() -> [RenderContext] {
    [
      RenderContext(
        width: 40, painter: Painter(colors: true), time: RelativeTime(now: Date(timeIntervalSince1970: 1.7e9)),
        highlighter: Highlighter(keywords: ["树", "a"], colors: true), limits: .list),
      RenderContext(
        width: 40, painter: Painter(colors: false), time: RelativeTime(now: .distantFuture), limits: .full),
    ]
  }

  /// The lines' total size, so rendering cannot be optimised away, and a check that they are safe.
  static func measure(_ lines: [TerminalText]) -> Int {
    lines.reduce(0) { $0 + $1.text.utf8.count }
  }

  static func decode<T: Codable>(_ type: T.Type, _ data: Data) throws -> T {
    let value = try WireFormat.decode(T.self, from: data)
    _ = JSONText.encode(value)
    return value
  }

  static let post: @Sendable () -> [String: Any] = {
    HostileServerTests.post(
      5,
      [
        "text": "see #5 and #6", "type": "vote", "url": "ab/c.png", "image_metadata": ["w": 3, "h": 4], "tag": "t",
        "vote": ["voted": "a", "vote_options": ["a", "b"], "vote_data": ["a": 1, "b": -1]] as [String: Any],
      ])
  }
  static let comment: @Sendable () -> [String: Any] = {
    HostileServerTests.comment(
      9, on: 5, ["reply_to": 8, "tag": "t", "url": "ab/d.png", "image_metadata": ["w": 1, "h": 2]])
  }

  static func renderPost(_ post: Post, comments: [HollowKit.Comment], contexts: [RenderContext]) -> Int {
    contexts.reduce(0) { total, context in
      let failure = HollowError(request: "post/detail", kind: .transport(.other("x\u{1B}[2J")))
      let loaded: [Int: Quote] = [6: .post(post, origin: .network), 7: .missing(pid: 7), 8: .failed(pid: 8, failure)]
      let renderer = PostRenderer(
        context: context, quotes: ResolvedQuotes(citedBy: post, comments: comments, quotes: loaded))
      return total + measure(renderer.preview(post, comments: comments))
        + measure(renderer.full(post, comments: comments)) + measure(renderer.full(post, comments: nil))
    }
  }

  static let models: [Model] = [
    Model(name: "Post", sample: post) { data, contexts in
      renderPost(try decode(Post.self, data), comments: [], contexts: contexts)
    },
    Model(name: "Comment", sample: comment) { data, contexts in
      let comment = try decode(HollowKit.Comment.self, data)
      return contexts.reduce(0) { total, context in
        let renderer = CommentRenderer(context: context)
        return total + measure(renderer.full(comment)) + measure(renderer.preview(comment, prefix: [Span("  ")]))
      }
    },
    Model(
      name: "PostPage",
      sample: {
        [
          "code": 0, "data": [post()], "count": 1, "comments": ["5": [comment()]],
          "config": ["web_frontend_version": "v", "announcement": "a"],
        ]
      }
    ) { data, contexts in
      let page = try decode(PostPage.self, data)
      return page.posts.reduce(0) { $0 + renderPost($1, comments: page.comments?[$1.pid] ?? [], contexts: contexts) }
    },
    Model(name: "PostDetail", sample: { ["code": 0, "post": post(), "data": [comment(), comment()]] }) {
      data, contexts in
      let detail = try decode(PostDetail.self, data)
      return renderPost(detail.post, comments: detail.comments ?? [], contexts: contexts)
    },
    Model(
      name: "SystemMessageList", sample: { ["code": 0, "data": [["title": "t", "content": "c", "timestamp": 1]]] }
    ) { data, contexts in
      let list = try decode(SystemMessageList.self, data)
      return contexts.reduce(0) { $0 + measure(MessageRenderer(context: $1).lines(list.messages)) }
    },
    Model(
      name: "VoteResult",
      sample: { ["code": 0, "vote": ["voted": "a", "vote_options": ["a", "b"], "vote_data": ["a": 2, "b": 3]]] }
    ) { data, contexts in
      let result = try decode(VoteResult.self, data)
      return contexts.reduce(0) { $0 + measure(VoteRenderer(context: $1).lines(result.vote, prefix: [Span("  ")])) }
    },
    Model(name: "AttentionResult", sample: { ["code": 0, "data": post()] }) { data, contexts in
      renderPost(try decode(AttentionResult.self, data).post, comments: [], contexts: contexts)
    },
    Model(name: "SentPost", sample: { ["code": 0, "post_id": 1] }) { data, _ in
      TerminalText("posted #\(try decode(SentPost.self, data).pid)").text.count
    },
    Model(name: "SentComment", sample: { ["code": 0, "comment_id": 1] }) { data, _ in
      TerminalText("as #\(try decode(SentComment.self, data).cid)").text.count
    },
    Model(name: "APIStatus", sample: { ["code": -1, "msg": "m"] }) { data, _ in
      let status = try decode(APIStatus.self, data)
      return TerminalText(lines: "\(status.code) \(status.msg ?? "")").text.count + (status.isSuccess ? 1 : 0)
    },
  ]

  /// Every way to replace one leaf of `value`: numbers by extreme numbers, strings by hostile ones.
  static func variants(of value: Any) -> [Any] {
    switch value {
    case let object as [String: Any]:
      return object.keys.sorted().flatMap { key in
        variants(of: object[key] as Any).map { replacement -> Any in
          var copy = object
          copy[key] = replacement
          return copy
        }
      }
    case let array as [Any]:
      return array.indices.flatMap { index in
        variants(of: array[index]).map { replacement -> Any in
          var copy = array
          copy[index] = replacement
          return copy
        }
      }
    case is String:
      return strings
    case is NSNumber where !(value is Bool):
      return numbers
    default:
      return []
    }
  }

  @Test(arguments: models.indices)
  func decodesAndRendersExtremeAndHostileValues(_ index: Int) throws {
    let model = Self.models[index]
    let contexts = Self.contexts()
    // The sample itself decodes and renders.
    let sample = try JSONSerialization.data(withJSONObject: model.sample())
    #expect(try model.render(sample, contexts) > 0, "\(model.name)")
    var decoded = 0
    var refused = 0
    for variant in Self.variants(of: model.sample()) {
      let data = try JSONSerialization.data(withJSONObject: variant)
      do {
        _ = try model.render(data, contexts)
        decoded += 1
      } catch let failure as DecodingFailure {
        // Refused: the message is safe to print.
        #expect(!TerminalText(lines: failure.description).text.contains("\u{1B}"))
        refused += 1
      }
    }
    #expect(decoded > 0, "\(model.name): no variant decoded")
    #expect(refused > 0, "\(model.name): no variant was refused")
  }
}
