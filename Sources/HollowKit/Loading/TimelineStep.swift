/// One step of a timeline subscription, as ``TimelineSteps`` publishes it: a page's fetch ended, or
/// one of its parts loaded. Tagged with the position of its page in the requested list;
/// ``TimelineSequencer`` turns steps into ``TimelineEvent``s.
enum TimelineStep: Sendable {
  /// A page's fetch ended.
  case page(FetchedPage)
  /// Part `index` of the page at `position` ended.
  case part(position: Int, index: Int, TimelinePart.Outcome)
}
