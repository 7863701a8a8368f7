import Foundation
import Testing

@testable import HollowKit

/// The sequencer alone, fed steps in an order the network might produce: page 2 complete before
/// page 1's only part.
@Suite struct TimelineSequencerTests {
  typealias F = LoaderFixtures

  /// Page `number`: post `number * 10` cites #1 (one part), post `number * 10 + 1` needs nothing.
  static func fetched(position: Int, number: Int, ordering: TimelineOptions.Ordering) -> FetchedPage {
    var citing = ClientFixtures.post(number * 10)
    citing.text = "#1"
    let content = PostPage(posts: [citing, ClientFixtures.post(number * 10 + 1)], comments: nil)
    let assembler = TimelineAssembler(
      page: content, number: number, ordering: ordering, imageBaseURL: F.imageBase, loadsImages: true,
      loadsQuotes: true)
    return FetchedPage(
      position: position, number: number,
      outcome: .loaded(TimelinePage(number: number, origin: .network, content: content)), assembler: assembler,
      unreachable: nil, offline: nil)
  }

  static let down = OfflineReason.unreachable(HollowError(request: "post/list", kind: .transport(.notConnected)))

  static func describe(_ events: [TimelineEvent]) -> [String] {
    events.map { event in
      switch event {
      case .page(let page): "page \(page.number)"
      case .post(let post): "post \(post.post.pid)"
      case .pageFailed(let number, _): "failed \(number)"
      case .offline: "offline"
      case .progress: "progress"
      }
    }
  }

  static func run(_ ordering: TimelineOptions.Ordering) -> [String] {
    var sequencer = TimelineSequencer(options: TimelineOptions(ordering: ordering))
    let quote = TimelinePart.Outcome.quote(.post(ClientFixtures.post(1), origin: .network))
    var events: [TimelineEvent] = []
    for step: TimelineStep in [
      .page(fetched(position: 0, number: 1, ordering: ordering)),
      .page(fetched(position: 1, number: 2, ordering: ordering)), .part(position: 1, index: 0, quote),
      .part(position: 0, index: 0, quote),
    ] {
      events += sequencer.receive(step).events
    }
    events += sequencer.drain().events
    return describe(events)
  }

  @Test func inOrderHoldsALaterPageUntilTheEarlierOneIsDone() {
    #expect(Self.run(.inOrder) == ["page 1", "post 10", "post 11", "page 2", "post 20", "post 21"])
  }

  @Test func asReadyHandsOnEveryStepAsItArrives() {
    #expect(Self.run(.asReady) == ["page 1", "post 11", "page 2", "post 21", "post 20", "post 10"])
  }

  @Test func anUnreachableServerIsAnnouncedOnceAndACancelledPageStops() {
    var sequencer = TimelineSequencer(options: TimelineOptions(ordering: .asReady))
    var first = Self.fetched(position: 0, number: 1, ordering: .asReady)
    first.unreachable = Self.down
    var second = Self.fetched(position: 1, number: 2, ordering: .asReady)
    second.unreachable = Self.down
    second.outcome = .failed(.notCached)
    second.assembler = nil
    let events = sequencer.receive(.page(first)).events + sequencer.receive(.page(second)).events
    #expect(Self.describe(events) == ["offline", "page 1", "post 11", "failed 2"])
    var cancelled = Self.fetched(position: 2, number: 3, ordering: .asReady)
    cancelled.outcome = .cancelled
    #expect(sequencer.receive(.page(cancelled)).stop)
  }
}
