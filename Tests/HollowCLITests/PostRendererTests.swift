import Foundation
import HollowKit
import Testing

@testable import HollowCLI

@Suite struct PostRendererTests {
  private let now = 1_700_000_000

  private func context(
    width: Int = 60, colors: Bool = false, keywords: [String] = [], limits: RenderLimits = .full
  ) -> RenderContext {
    RenderContext(
      width: width, painter: Painter(colors: colors),
      time: RelativeTime(now: Date(timeIntervalSince1970: TimeInterval(now)), zone: .utc),
      highlighter: Highlighter(keywords: keywords, colors: colors), limits: limits)
  }

  private func post(_ pid: Int, _ text: String, ago seconds: Int = 300) -> Post {
    Post(
      pid: pid, text: text, type: .text, timestamp: now - seconds, updatedAt: now - seconds, replyCount: 2, likeCount: 1
    )
  }

  private func comment(_ cid: Int, on pid: Int, _ text: String, name: String = "Alice") -> HollowKit.Comment {
    Comment(cid: cid, pid: pid, text: text, timestamp: now - 60, name: name, isDZ: name == "洞主")
  }

  @Test func headerShowsPidTimeLikesRepliesAndTag() {
    var post = post(123, "hello")
    post.tag = "性相关"
    let lines = PostRenderer(context: context()).post(post)
    #expect(lines == ["#123  5 min ago · 1 like · 2 replies [性相关]", "  hello"])
  }

  @Test func citedPostsAreIndentedUnderTheCitingPost() {
    let quoted = post(7, "the quoted text", ago: 3 * 3_600)
    let citing = post(123, "see #7 and #9999999, and me #123")
    let quotes: [Int: Quote] = [7: .post(quoted, origin: .network), 9_999_999: .missing(pid: 9_999_999)]
    let renderer = PostRenderer(context: context(), quotes: ResolvedQuotes(citedBy: citing, quotes: quotes))
    let lines = renderer.post(citing)
    #expect(
      lines == [
        "#123  5 min ago · 1 like · 2 replies", "  see #7 and #9999999, and me #123",
        "  │ #7  3 h ago · 1 like · 2 replies", "  │ the quoted text", "  │ #9999999 (not found)",
      ])
  }

  @Test func quoteFailuresAreShownInline() {
    let citing = post(1, "#7 #8")
    let failure = HollowError(request: "post/detail", kind: .httpStatus(504))
    let quotes: [Int: Quote] = [7: .failed(pid: 7, failure), 8: .notCached(pid: 8)]
    let renderer = PostRenderer(context: context(), quotes: ResolvedQuotes(citedBy: citing, quotes: quotes))
    #expect(
      renderer.post(citing).suffix(2) == [
        "  │ #7 (could not load: unexpected HTTP status 504)",
        "  │ #8 (could not load: not in the cache)",
      ])
  }

  @Test func previewShowsTheFirstThreeCommentsAndHowManyMore() {
    var post = post(5, "text")
    post.replyCount = 5
    let comments = (1...4).map { comment($0, on: 5, "c\($0)", name: $0 == 1 ? "洞主" : "Bob") }
    let lines = PostRenderer(context: context()).preview(post, comments: comments)
    #expect(Array(lines.suffix(4)) == ["  ┊ 洞主: c1", "  ┊ Bob: c2", "  ┊ Bob: c3", "  ┊ … 2 more comments"])
  }

  @Test func fullShowsEveryCommentWithItsReplyTarget() {
    var reply = comment(2, on: 5, "no")
    reply.replyTo = 1
    let lines = PostRenderer(context: context()).full(post(5, "text"), comments: [comment(1, on: 5, "yes"), reply])
    #expect(
      Array(lines.suffix(5)) == [
        "2 comments", "  #1 Alice · 1 min ago", "    yes", "  #2 Alice → #1 · 1 min ago", "    no",
      ])
  }

  @Test func imagesShowTheirSize() {
    var post = post(5, "look")
    post.type = .image
    post.imagePath = "ab/abcdef.png"
    post.imageMetadata = ImageMetadata(width: 640, height: 480)
    #expect(PostRenderer(context: context()).post(post).last == "  [image 640x480]")
  }

  @Test func votesShowOptionsWithCountsOrQuestionMarks() {
    var hidden = post(5, "吃什么")
    hidden.vote = Vote(voted: nil, options: ["面", "米饭"], counts: ["面": -1, "米饭": -1])
    #expect(
      Array(PostRenderer(context: context()).post(hidden).suffix(3)) == [
        "  vote (vote to see the counts):", "      面    ?", "      米饭  ?",
      ])
    var voted = hidden
    voted.vote = Vote(voted: "面", options: ["面", "米饭"], counts: ["面": 3, "米饭": 12])
    #expect(Array(PostRenderer(context: context()).post(voted).suffix(2)) == ["    ✓ 面    3", "      米饭  12"])
  }

  @Test func longTextIsWrappedToTheWidth() {
    let lines = PostRenderer(context: context(width: 24)).post(post(5, String(repeating: "树洞", count: 20)))
    #expect(lines.allSatisfy { DisplayWidth.of($0.text) <= 24 })
    // The header takes two lines at this width, the 80 columns of text four lines of 22.
    #expect(lines.count == 2 + 4)
  }

  @Test func searchKeywordsAreHighlightedInPostsAndComments() {
    let renderer = PostRenderer(context: context(keywords: ["cat"]))
    let lines = renderer.preview(post(5, "A Cat"), comments: [comment(1, on: 5, "my cat")])
    #expect(lines.contains("  A *Cat*"))
    #expect(lines.contains("  ┊ Alice: my *cat*"))
  }

  @Test func noEscapeCodesWithoutColours() {
    var post = post(5, "Cat #7")
    post.tag = "刷屏"
    let quotes = ResolvedQuotes(citedBy: post, quotes: [7: .missing(pid: 7)])
    let renderer = PostRenderer(context: context(keywords: ["cat"]), quotes: quotes)
    let text = renderer.preview(post, comments: [comment(1, on: 5, "cat")]).joined().text
    #expect(!text.contains("\u{1B}"))
    let colored = PostRenderer(context: context(colors: true, keywords: ["cat"]), quotes: quotes)
    #expect(colored.preview(post, comments: []).joined().text.contains("\u{1B}[1;30;43mCat\u{1B}[0m"))
  }

  @Test func aListCutsALongTextAndSaysHowMuchIsLeft() {
    let text = String(repeating: "树洞 hello world ", count: 2_000)
    let all = TextWrapper(width: 58).wrap(text).count
    let lines = PostRenderer(context: context(limits: .list)).post(post(5, text))
    let limit = RenderLimits.list.textLines ?? 0
    #expect(lines.count == 1 + limit + 1)
    #expect(lines.last?.text == "  … \(all - limit) more lines")
    #expect(lines.allSatisfy { DisplayWidth.of($0.text) <= 60 })
    // The full view shows every line.
    #expect(PostRenderer(context: context()).post(post(5, text)).count == 1 + all)
  }

  @Test func aHugePostIsAScreenfulInAList() {
    // 2 MB (Docs/Performance.md measures 10 MB in a release build): the header, 20 lines, the count of the rest.
    let text = String(repeating: "树洞说 the quick brown fox ", count: 2_000_000 / 34)
    let lines = PostRenderer(context: context(width: 80, limits: .list)).preview(post(5, text), comments: [])
    #expect(lines.count == 1 + (RenderLimits.list.textLines ?? 0) + 1)
    #expect(lines.last?.text.hasSuffix("more lines") == true)
  }

  @Test func commentsAndQuotesAreCutInAList() {
    let long = String(repeating: "很长的评论 ", count: 500)
    let quoted = post(7, long, ago: 60)
    var citing = post(5, "see #7")
    citing.replyCount = 1
    let quotes = ResolvedQuotes(citedBy: citing, quotes: [7: .post(quoted, origin: .cache)])
    let renderer = PostRenderer(context: context(limits: .list), quotes: quotes)
    let lines = renderer.preview(citing, comments: [comment(1, on: 5, long)]).map(\.text)
    let quoteText = lines.filter { $0.hasPrefix("  │ ") }
    #expect(quoteText.count == 1 + (RenderLimits.list.quotedTextLines ?? 0) + 1)
    #expect(quoteText.last?.hasPrefix("  │ … ") == true)
    let commentLines = lines.filter { $0.hasPrefix("  ┊ ") }
    #expect(commentLines.count == (RenderLimits.list.commentLines ?? 0) + 1)
    #expect(commentLines.last?.hasSuffix("more lines") == true)
  }

  @Test func aListShowsAtMostEightCitedPosts() {
    let missing = (1...20).map { Quote.missing(pid: $0) }
    let cited = ResolvedQuotes(post: missing, all: missing)
    let text = (1...20).map { "#\($0)" }.joined(separator: " ")
    let lines = PostRenderer(context: context(limits: .list), quotes: cited).post(post(100, text)).map(\.text)
    #expect(lines.filter { $0.hasSuffix("(not found)") }.count == 8)
    #expect(lines.last == "  │ … 12 more cited posts")
    let full = PostRenderer(context: context(), quotes: cited).post(post(100, text)).map(\.text)
    #expect(full.filter { $0.hasSuffix("(not found)") }.count == 20)
  }

  @Test func extremeCountsNeverTrap() {
    for replies in [Int.min, Int.min + 1, -1, 0, 1, Int.max] {
      var post = post(5, "x")
      post.replyCount = replies
      post.likeCount = replies
      post.timestamp = replies
      let lines = PostRenderer(context: context()).preview(post, comments: [comment(1, on: 5, "c")])
      #expect(!lines.isEmpty)
      #expect(!lines.contains { $0.text.contains("more comment") } || replies > 1)
    }
  }

  @Test func commentsThatWereNeverCachedAreNotCalledNone() {
    var post = post(5, "text")
    post.replyCount = 12
    let renderer = PostRenderer(context: context())
    #expect(renderer.full(post, comments: nil).last == "12 comments, not cached")
    post.replyCount = 0
    #expect(renderer.full(post, comments: nil).last == "comments not cached")
    #expect(renderer.full(post, comments: []).last == "no comments")
  }
}
