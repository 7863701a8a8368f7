/// The elements a consumer took from a shared buffer in one lock acquisition.
///
/// Draining a batch takes no lock, which is what makes consuming an element cheap. The
/// consumer tells the producing side how many elements it has used only every
/// `reportInterval` elements (and whenever it comes back for more), so that side can keep
/// its bound on unconsumed elements without a lock per element.
@usableFromInline
struct ConsumerBatch<Element> {
  @usableFromInline var elements: RingBuffer<Element>
  @usableFromInline var unreported = 0
  @usableFromInline let reportInterval: Int

  @usableFromInline
  init(capacity: Int, reportInterval: Int) {
    elements = RingBuffer(minimumCapacity: capacity)
    self.reportInterval = Swift.max(1, reportInterval)
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard let element = elements.popFirst() else { return nil }
    unreported += 1
    return element
  }

  /// Whether to report consumption now rather than on the next refill: the refill reports
  /// anyway, so an empty batch never asks.
  @inlinable
  var shouldReport: Bool { unreported >= reportInterval && !elements.isEmpty }

  @inlinable
  mutating func takeUnreported() -> Int {
    defer { unreported = 0 }
    return unreported
  }
}
