/// What a ``TimelineLoader`` reports, in the order things happen.
///
/// ```swift
/// for await event in loaders.timeline.timeline(pages: [1, 2]) {
///   switch event {
///   case .offline(let reason): print("offline (\(reason)): showing the cache")
///   case .page(let page): print("page \(page.number): \(page.posts.count) posts from \(page.origin)")
///   case .pageFailed(let number, let failure): print("page \(number): \(failure)")
///   case .post(let item): print(item.post.text, item.images.count, item.quotes.all.count)
///   case .progress(let progress): print(progress)
///   }
/// }
/// ```
public enum TimelineEvent: Sendable, Equatable {
  /// The loader serves the cache from now on: offline was asked for, or the server cannot be reached.
  /// Comes once, before the first page the cache answers (which carries the same reason).
  case offline(OfflineReason)
  /// A page arrived; its posts follow as ``post(_:)`` events once their parts are loaded.
  case page(TimelinePage)
  /// A page could not be loaded; the loader goes on with the next one.
  case pageFailed(page: Int, TimelinePageFailure)
  /// A post with all its images and quotes loaded (or failed).
  case post(TimelinePost)
  /// Counts so far (when ``TimelineOptions/reportsProgress`` is set), after each page and each part.
  case progress(TimelineProgress)
}
