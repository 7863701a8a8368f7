/// What an archive holds, by kind: what `export` and `import` report.
struct ArchiveSummary: Codable, Sendable, Equatable {
  var file: String
  var entries = 0
  var pages = 0
  var posts = 0
  var commentLists = 0
  var missingPosts = 0
  var images = 0
  /// Payload bytes.
  var bytes = 0

  init(file: String, entries: [ArchiveEntry]) {
    self.file = file
    self.entries = entries.count
    for entry in entries {
      bytes += entry.data.count
      switch entry.kind {
      case .page: pages += 1
      case .post: posts += 1
      case .comments: commentLists += 1
      case .missingPost: missingPosts += 1
      case .image: images += 1
      case nil: break
      }
    }
  }

  enum CodingKeys: String, CodingKey {
    case file, entries, pages, posts, images, bytes
    case commentLists = "comment_lists"
    case missingPosts = "missing_posts"
  }

  /// "3 pages, 90 posts, 4 comment lists, 12 images (456789 bytes)".
  var contents: String {
    var parts = [
      RenderContext.count(pages, "page", "pages"), RenderContext.count(posts, "post", "posts"),
      RenderContext.count(commentLists, "comment list", "comment lists"),
    ]
    if missingPosts > 0 { parts.append(RenderContext.count(missingPosts, "deleted-post mark", "deleted-post marks")) }
    parts.append(RenderContext.count(images, "image", "images"))
    return parts.joined(separator: ", ") + " (\(bytes) bytes)"
  }
}
