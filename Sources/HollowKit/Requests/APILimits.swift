#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The limits the v3 API documents; requests check them before any network I/O.
///
/// ```swift
/// if text.count > APILimits.maximumTextLength { ... }
/// ```
public enum APILimits {
  /// Posts and comments hold at most this many Unicode scalars (what the server counts, not
  /// grapheme clusters).
  public static let maximumTextLength = 10_000
  /// An uploaded image holds at most about this many bytes (before base64): the server's limit.
  public static let maximumImageBytes = 2_000_000
  /// A vote has at most this many options...
  public static let maximumVoteOptions = 4
  /// ...of at most this many characters each.
  public static let maximumVoteOptionLength = 15
  /// Search keywords hold at most this many characters (spaces included), counted as the
  /// server counts them: Unicode scalars.
  public static let maximumKeywordLength = 30
  /// The last page of the timeline and of the followed posts.
  public static let maximumListPage = 150
  /// The last page of a search.
  public static let maximumSearchPage = 100
  /// Full pages hold this many posts (page 1 of the timeline adds the pinned posts).
  public static let pageSize = 30
}

extension DefaultRequest {
  /// Throws ``HollowError/Kind/invalidInput(_:)`` with `reason` unless `condition` holds.
  func require(_ condition: Bool, _ reason: @autoclosure () -> String) throws(HollowError) {
    guard condition else { throw failure(.invalidInput(reason())) }
  }

  func requirePage(_ page: Int, maximum: Int) throws(HollowError) {
    try require((1...maximum).contains(page), "page must be 1...\(maximum), not \(page)")
  }

  /// The text of a post or comment: not blank unless an image comes with it, and not too long.
  func requireText(_ text: String, hasImage: Bool) throws(HollowError) {
    try require(hasImage || text.contains { !$0.isWhitespace }, "the text is empty")
    let length = text.unicodeScalars.count
    try require(
      length <= APILimits.maximumTextLength,
      "the text has \(length) characters, at most \(APILimits.maximumTextLength) are allowed")
  }

  func requireImage(_ image: Data?) throws(HollowError) {
    guard let image else { return }
    try require(!image.isEmpty, "the image is empty")
    try require(
      image.count <= APILimits.maximumImageBytes,
      "the image has \(image.count) bytes, at most \(APILimits.maximumImageBytes) (2 MB) are allowed")
  }

  func requireKeywords(_ keywords: String) throws(HollowError) {
    try require(keywords.contains { !$0.isWhitespace }, "the search keywords are empty")
    let length = keywords.unicodeScalars.count
    try require(
      length <= APILimits.maximumKeywordLength,
      "the search keywords have \(length) characters, at most \(APILimits.maximumKeywordLength) are allowed")
  }
}
