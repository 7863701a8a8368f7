import HollowKit

/// Loads consecutive pages of a feed one after another, reporting progress, and the posts they
/// cite; what the list commands (timeline, search, attentions, wander) share.
struct FeedLoader: Sendable {
  let client: TreeHoleClient
  let progress: ProgressLine

  /// Pages `first ..< first + count` of `feed`.
  func pages(of feed: PostFeed, first: Int, count: Int) async throws(HollowError) -> [PostPage] {
    var pages: [PostPage] = []
    var counts = ProgressLine.Counts()
    for number in first..<(first + count) {
      progress.show("loading page \(number - first + 1)/\(count)", counts)
      let page = try await feed.page(number, client: client)
      pages.append(page)
      counts.add(page)
      // A short page is the feed's last: asking for more would only return empty pages.
      if page.posts.count < APILimits.pageSize { break }
    }
    return pages
  }

  /// The posts that `pages` (posts and preview comments) cite; posts on the pages are reused.
  func quotes(for pages: [PostPage]) async -> [Int: QuotedPost] {
    var counts = ProgressLine.Counts()
    var known: [Int: Post] = [:]
    var texts: [QuoteLoader.Citing] = []
    for page in pages {
      counts.add(page)
      for post in page.posts {
        known[post.pid] = post
        texts.append(.init(text: post.text, ownPid: post.pid))
        for comment in page.comments?[post.pid]?.prefix(PostRenderer.previewCommentCount) ?? [] {
          texts.append(.init(text: comment.text, ownPid: comment.pid))
        }
      }
    }
    let loader = QuoteLoader(client: client)
    return await loader.load(citedBy: texts, known: known) { done, total in
      counts.quotes = done
      counts.quotesExpected = total
      progress.show("loading quotes", counts)
    }
  }
}

extension ProgressLine.Counts {
  /// Counts a page's posts and the images of its posts and preview comments.
  mutating func add(_ page: PostPage) {
    posts += page.posts.count
    images += page.posts.filter { $0.imagePath != nil }.count
    images += (page.comments ?? [:]).values.joined().filter { $0.imagePath != nil }.count
  }
}
