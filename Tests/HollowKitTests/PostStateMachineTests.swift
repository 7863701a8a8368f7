import Foundation
import HollowKit
import Testing

/// The post state machine's rules, event by event, without I/O.
@Suite struct PostStateMachineTests {
  typealias Machine = PostStateMachine
  static let base = URL(string: "http://images.test/")!
  static let old = Comment(cid: 1, pid: 5, text: "old, see #9", timestamp: 1, name: "A")
  static let new = Comment(cid: 2, pid: 5, text: "new", timestamp: 2, name: "B")
  static let stored = Date(timeIntervalSince1970: 1_700_000_000)

  static func post(updatedAt: Int = 7, text: String = "see #8", image: String? = nil) -> Post {
    var post = ClientFixtures.post(5)
    post.updatedAt = updatedAt
    post.text = text
    post.imagePath = image
    post.imageMetadata = image.map { _ in ImageMetadata(width: 2, height: 2) }
    return post
  }

  static func image(_ path: String) -> FeedPart {
    .image(ImageReference(url: base.appendingPathComponent(path), expected: ImageMetadata(width: 2, height: 2)))
  }

  static func fetch(_ actions: [Machine.Action], sourceLocation: SourceLocation = #_sourceLocation) -> (
    known: Int?, ticket: Int
  ) {
    for case .fetch(let known, let ticket) in actions { return (known, ticket) }
    Issue.record("no fetch in \(actions)", sourceLocation: sourceLocation)
    return (nil, -1)
  }

  static func parts(_ actions: [Machine.Action]) -> (parts: [FeedPart], cacheOnly: Bool)? {
    for case .loadParts(let parts, let cacheOnly) in actions { return (parts, cacheOnly) }
    return nil
  }

  @Test func openReadsTheCacheOnceThenAsksTheServerWithTheCommentsAge() {
    var machine = Machine(pid: 5)
    #expect(machine.open() == [.readCache])
    #expect(machine.open().isEmpty)
    let actions = machine.cacheRead(
      post: Self.post(), comments: CachedComments(comments: [Self.old], asOf: 7), cachedAt: Self.stored)
    #expect(Self.fetch(actions).known == 7)
    #expect(machine.snapshot.status == .cached && machine.snapshot.cachedAt == Self.stored)
    #expect(machine.snapshot.comments == [Self.old])
    #expect(!machine.snapshot.isSettled)
  }

  @Test func nothingCachedIsInProgressAndAsksWithoutAnAge() {
    var machine = Machine(pid: 5)
    _ = machine.open()
    let actions = machine.cacheRead(post: nil, comments: nil, cachedAt: nil)
    #expect(Self.fetch(actions).known == nil)
    #expect(machine.snapshot.status == .inProgress && machine.snapshot.post == nil)
  }

  @Test func aPostCachedWithoutCommentsHasUnknownCommentsNotNone() {
    var machine = Machine(pid: 5)
    _ = machine.open()
    let actions = machine.cacheRead(post: Self.post(), comments: nil, cachedAt: nil)
    #expect(Self.fetch(actions).known == nil)
    #expect(machine.snapshot.status == .cached && machine.snapshot.comments == nil)
  }

  @Test func theCachedCopysPartsComeFromTheCacheAloneAndTheMissingOnesAgainOnceTheServerAnswers() {
    var machine = Machine(pid: 5)
    _ = machine.open()
    let actions = machine.cacheRead(
      post: Self.post(), comments: CachedComments(comments: [Self.old], asOf: 7), cachedAt: nil)
    let ticket = Self.fetch(actions).ticket
    #expect(Self.parts(actions)?.parts == [.quote(pid: 8), .quote(pid: 9)])
    #expect(Self.parts(actions)?.cacheOnly == true)
    _ = machine.partArrived(.quote(pid: 8), .quote(.notCached(pid: 8)))
    _ = machine.partArrived(.quote(pid: 9), .quote(.post(ClientFixtures.post(9), origin: .cache)))
    #expect(machine.snapshot.isReady && !machine.snapshot.isSettled)
    #expect(machine.snapshot.quotes.post == [.notCached(pid: 8)])
    #expect(machine.snapshot.quotes.cited(by: Self.old) == [.post(ClientFixtures.post(9), origin: .cache)])
    let fresh = machine.detailArrived(.notModified(Self.post()), ticket: ticket)
    // Only the part the cache lacked is asked for again, now cache first.
    #expect(Self.parts(fresh)?.parts == [.quote(pid: 8)] && Self.parts(fresh)?.cacheOnly == false)
    #expect(!machine.snapshot.isReady)
    _ = machine.partArrived(.quote(pid: 8), .quote(.missing(pid: 8)))
    #expect(machine.snapshot.quotes.post == [.missing(pid: 8)])
    #expect(machine.snapshot.isSettled && machine.snapshot.status == .success)
  }

  @Test func aCachePartStillRunningWhenTheServerAnswersIsAskedAgainIfTheCacheLackedIt() {
    var machine = Machine(pid: 5)
    _ = machine.open()
    let ticket = Self.fetch(machine.cacheRead(post: Self.post(), comments: nil, cachedAt: nil)).ticket
    #expect(Self.parts(machine.detailArrived(.complete(Self.post(), comments: []), ticket: ticket)) == nil)
    let again = machine.partArrived(.quote(pid: 8), .quote(.notCached(pid: 8)))
    #expect(Self.parts(again)?.parts == [.quote(pid: 8)] && Self.parts(again)?.cacheOnly == false)
    #expect(machine.partArrived(.quote(pid: 8), .quote(.notCached(pid: 8))).isEmpty, "asked cache first once")
    #expect(machine.snapshot.isSettled)
  }

  @Test func newCommentsReplaceTheShownOnesAndNotModifiedKeepsThem() {
    var machine = Machine(pid: 5, options: .init(loadsQuotes: false))
    _ = machine.open()
    let first = Self.fetch(
      machine.cacheRead(post: Self.post(), comments: CachedComments(comments: [Self.old], asOf: 7), cachedAt: nil))
    var liked = Self.post()
    liked.likeCount = 3
    _ = machine.detailArrived(.notModified(liked), ticket: first.ticket)
    #expect(
      machine.snapshot == PostSnapshot(pid: 5, status: .success, post: liked, comments: [Self.old], isSettled: true))
    let second = Self.fetch(machine.refresh())
    #expect(second.known == 7)
    #expect(machine.snapshot.status == .cached)
    #expect(machine.refresh().isEmpty, "one fetch at a time")
    _ = machine.detailArrived(
      .complete(Self.post(updatedAt: 8), comments: [Self.old, Self.new]), ticket: second.ticket)
    #expect(machine.snapshot.comments == [Self.old, Self.new])
    #expect(Self.fetch(machine.refresh()).known == 8)
  }

  @Test func noSuchPostDropsWhatWasShown() {
    var machine = Machine(pid: 5)
    _ = machine.open()
    let ticket = Self.fetch(
      machine.cacheRead(post: Self.post(), comments: CachedComments(comments: [Self.old], asOf: 7), cachedAt: nil)
    ).ticket
    let error = HollowError(request: "post/detail", kind: .noSuchPost(message: "gone"))
    #expect(machine.detailFailed(error, ticket: ticket).isEmpty)
    #expect(machine.snapshot.isDeleted && machine.snapshot.post == nil && machine.snapshot.comments == nil)
    #expect(machine.snapshot.status == .lethalFailure(error.kind.description))
  }

  @Test func aFailureKeepsTheCachedCopyOfflineWhenUnreachableAndIsLethalWithNothing() {
    let unreachable = HollowError(request: "post/detail", kind: .transport(.notConnected))
    var machine = Machine(pid: 5, options: .init(loadsQuotes: false))
    _ = machine.open()
    let ticket = Self.fetch(machine.cacheRead(post: Self.post(), comments: nil, cachedAt: Self.stored)).ticket
    _ = machine.detailFailed(unreachable, ticket: ticket)
    #expect(machine.snapshot.status == .failure(unreachable.description))
    #expect(machine.snapshot.offline == .unreachable(unreachable) && machine.snapshot.cachedAt == Self.stored)
    #expect(machine.snapshot.post == Self.post() && machine.snapshot.isSettled)

    var empty = Machine(pid: 5)
    _ = empty.open()
    _ = empty.detailFailed(
      unreachable, ticket: Self.fetch(empty.cacheRead(post: nil, comments: nil, cachedAt: nil)).ticket)
    #expect(empty.snapshot.status == .lethalFailure(unreachable.description))
  }

  @Test func anAnswerToAnOldTicketIsIgnored() {
    var machine = Machine(pid: 5)
    _ = machine.open()
    let ticket = Self.fetch(machine.cacheRead(post: nil, comments: nil, cachedAt: nil)).ticket
    #expect(machine.detailArrived(.complete(Self.post(), comments: []), ticket: ticket + 1).isEmpty)
    #expect(machine.snapshot.status == .inProgress)
  }

  @Test func offlineShowsTheCacheAsFinalAndSendsNothing() {
    var machine = Machine(pid: 5, options: .init(offline: true))
    _ = machine.open()
    let actions = machine.cacheRead(post: nil, comments: nil, cachedAt: nil)
    #expect(actions.isEmpty)
    #expect(
      machine.snapshot
        == PostSnapshot(pid: 5, status: .lethalFailure("offline and not cached"), offline: .requested, isSettled: true))
    #expect(machine.refresh() == [.readCache])
    let cached = machine.cacheRead(post: Self.post(), comments: CachedComments(comments: [], asOf: 7), cachedAt: nil)
    #expect(Self.parts(cached)?.cacheOnly == true)
    #expect(machine.snapshot.status == .failure("offline: showing the cached copy"))
    _ = machine.partArrived(.quote(pid: 8), .quote(.notCached(pid: 8)))
    #expect(machine.snapshot.isSettled, "offline, a part the cache lacks is not asked for again")
  }

  @Test func imagesOfThePostItsCommentsAndItsCitedPostsEachAskedOnce() {
    var machine = Machine(pid: 5, options: .init(imageBaseURL: Self.base))
    _ = machine.open()
    var withImage = Self.new
    withImage.imagePath = "c.png"
    withImage.imageMetadata = ImageMetadata(width: 2, height: 2)
    let ticket = Self.fetch(machine.cacheRead(post: nil, comments: nil, cachedAt: nil)).ticket
    let post = Self.post(image: "p.png")
    let actions = machine.detailArrived(.complete(post, comments: [withImage]), ticket: ticket)
    #expect(Self.parts(actions)?.parts == [Self.image("p.png"), Self.image("c.png"), .quote(pid: 8)])
    var cited = ClientFixtures.post(8)
    cited.imagePath = "q.png"
    cited.imageMetadata = ImageMetadata(width: 2, height: 2)
    let follow = machine.partArrived(.quote(pid: 8), .quote(.post(cited, origin: .network)))
    #expect(Self.parts(follow)?.parts == [Self.image("q.png")])
    #expect(!machine.snapshot.isReady)
    let failure = Result<LoadedImage, ImageLoadError>.failure(.httpStatus(404))
    for path in ["p.png", "c.png", "q.png"] { _ = machine.partArrived(Self.image(path), .image(failure)) }
    #expect(machine.snapshot.images.map(\.reference.url.lastPathComponent) == ["p.png", "c.png", "q.png"])
    #expect(machine.snapshot.isSettled)
    #expect(machine.replace(post).isEmpty, "nothing new to load")
  }
}
