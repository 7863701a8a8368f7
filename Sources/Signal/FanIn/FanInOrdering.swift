/// The order in which ``Performable/publisher(for:retries:when:maxConcurrent:ordering:)``
/// delivers its outcomes.
///
/// ```swift
/// for await (index, output) in Thumbnail.publisher(for: thumbnails, ordering: .index) { show(output, at: index) }
/// ```
public enum FanInOrdering: Sendable, Hashable {
  /// Each outcome as soon as its item completes: the fastest first.
  case completion
  /// Outcomes in index order: item 0's, then item 1's, and so on. A slow item holds back the
  /// outcomes after it, and items far beyond it do not start until it completes, so the
  /// outcomes waiting to be delivered stay bounded.
  case index
}
