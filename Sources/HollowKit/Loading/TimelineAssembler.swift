#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bookkeeping of one timeline page: which distinct parts (images, cited posts) the page needs,
/// which posts wait for which part, and which posts are ready to deliver.
///
/// Each image URL and each cited pid is one part however many posts share it, so the page loads
/// it once. A plain value: the loader feeds it completions and delivers what it returns.
struct TimelineAssembler {
  private struct Slot {
    var post: Post
    var comments: [Comment]
    var imageParts: [Int]
    var citations: Citations
    var quoteParts: [Int]
    var pending: Int
    var delivered = false
  }

  let pageNumber: Int
  let ordering: TimelineOptions.Ordering
  let loadsQuotes: Bool
  /// The distinct parts, images first.
  private(set) var parts: [TimelinePart] = []
  private var outcomes: [TimelinePart.Outcome?] = []
  private var waiting: [[Int]] = []
  private var slots: [Slot] = []
  private var nextInOrder = 0

  private(set) var imagePartCount = 0
  private(set) var quotePartCount = 0
  var postCount: Int { slots.count }

  init(
    page: PostPage, number: Int, ordering: TimelineOptions.Ordering, imageBaseURL: URL, loadsImages: Bool,
    loadsQuotes: Bool
  ) {
    pageNumber = number
    self.ordering = ordering
    self.loadsQuotes = loadsQuotes
    var partIndex: [TimelinePart: Int] = [:]
    func index(of part: TimelinePart, for post: Int, in assembler: inout TimelineAssembler) -> Int {
      if let known = partIndex[part] {
        assembler.waiting[known].append(post)
        return known
      }
      assembler.parts.append(part)
      assembler.waiting.append([post])
      partIndex[part] = assembler.parts.count - 1
      return assembler.parts.count - 1
    }
    for (position, post) in page.posts.enumerated() {
      let comments = page.comments?[post.pid] ?? []
      let images =
        loadsImages ? ImageReference.all(in: post, comments: comments, imageBaseURL: imageBaseURL) : []
      let citations = Citations(post: post, comments: comments)
      let imageParts = images.map { index(of: .image($0), for: position, in: &self) }
      let quoteParts = loadsQuotes ? citations.all.map { index(of: .quote(pid: $0), for: position, in: &self) } : []
      slots.append(
        Slot(
          post: post, comments: comments, imageParts: imageParts, citations: citations, quoteParts: quoteParts,
          pending: Set(imageParts + quoteParts).count))
    }
    outcomes = Array(repeating: nil, count: parts.count)
    imagePartCount = parts.count { if case .image = $0 { true } else { false } }
    quotePartCount = parts.count - imagePartCount
  }

  /// Posts that need no part at all, ready at once.
  mutating func readyPosts() -> [TimelinePost] {
    deliverable(candidates: slots.indices.filter { slots[$0].pending == 0 })
  }

  /// Records part `index`'s outcome; returns the posts that became deliverable.
  mutating func complete(part index: Int, with outcome: TimelinePart.Outcome) -> [TimelinePost] {
    guard parts.indices.contains(index), outcomes[index] == nil else { return [] }
    outcomes[index] = outcome
    for post in Set(waiting[index]) { slots[post].pending -= 1 }
    return deliverable(candidates: waiting[index].filter { slots[$0].pending == 0 })
  }

  private mutating func deliverable(candidates: [Int]) -> [TimelinePost] {
    var ready: [TimelinePost] = []
    switch ordering {
    case .asReady:
      for index in Set(candidates).sorted() where !slots[index].delivered {
        ready.append(deliver(index))
      }
    case .inOrder:
      while nextInOrder < slots.count, slots[nextInOrder].pending == 0 {
        if !slots[nextInOrder].delivered { ready.append(deliver(nextInOrder)) }
        nextInOrder += 1
      }
    }
    return ready
  }

  private mutating func deliver(_ index: Int) -> TimelinePost {
    slots[index].delivered = true
    let slot = slots[index]
    let images = slot.imageParts.compactMap { part -> ImageOutcome? in
      guard case .image(let reference) = parts[part], case .image(let result) = outcomes[part] else { return nil }
      return ImageOutcome(reference: reference, result: result)
    }
    var quotes: [Int: Quote] = [:]
    for part in slot.quoteParts {
      if case .quote(let pid) = parts[part], case .quote(let quote) = outcomes[part] { quotes[pid] = quote }
    }
    return TimelinePost(
      page: pageNumber, index: index, post: slot.post, comments: slot.comments, images: images,
      quotes: loadsQuotes ? ResolvedQuotes(slot.citations, quotes: quotes) : .none)
  }
}
