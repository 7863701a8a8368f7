import Testing

@testable import HollowKit

@Suite struct PageCodecWarmUpTests {
  @Test func theSamplePageRoundTrips() {
    #expect(PageCodecWarmUp.run())
  }

  @Test func theSampleHasEveryKindOfField() {
    let posts = PageCodecWarmUp.sample.posts
    #expect(posts.contains { $0.vote != nil && $0.imageMetadata != nil && $0.tag != nil })
    #expect(PageCodecWarmUp.sample.comments?.values.contains { !$0.isEmpty } == true)
  }
}
