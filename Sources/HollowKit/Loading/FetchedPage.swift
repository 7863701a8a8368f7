/// The outcome of fetching the page at `position` of a timeline's requested pages.
struct FetchedPage: Sendable {
  var position: Int
  var number: Int
  var outcome: TimelineLoader.PageOutcome
  /// The page's bookkeeping, when it loaded.
  var assembler: TimelineAssembler?
  /// Set when this fetch found the server unreachable (and asked the cache instead).
  var unreachable: OfflineReason?
  /// Why the cache answered, when the run is (or just went) offline: the later pages ask only the cache.
  var offline: OfflineReason?
}
