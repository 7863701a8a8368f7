/// How a ``TimelineLoader`` runs.
///
/// ```swift
/// let options = TimelineOptions(ordering: .inOrder, reportsProgress: true, offline: arguments.offline)
/// ```
public struct TimelineOptions: Sendable, Equatable {
  /// In which order posts are delivered.
  public enum Ordering: Sendable, Equatable {
    /// Each post as soon as its images and quotes are ready.
    case asReady
    /// Posts in page order; a slow post holds back the ones after it.
    case inOrder
  }

  public var ordering: Ordering
  /// Emit ``TimelineEvent/progress(_:)`` after each page and each loaded part.
  public var reportsProgress: Bool
  /// Serve only the cache, sending nothing.
  public var offline: Bool
  /// Load the images of posts and preview comments.
  public var loadsImages: Bool
  /// Load the posts that posts and preview comments cite.
  public var loadsQuotes: Bool

  public init(
    ordering: Ordering = .asReady, reportsProgress: Bool = false, offline: Bool = false, loadsImages: Bool = true,
    loadsQuotes: Bool = true
  ) {
    self.ordering = ordering
    self.reportsProgress = reportsProgress
    self.offline = offline
    self.loadsImages = loadsImages
    self.loadsQuotes = loadsQuotes
  }
}
