import Signal
import Testing

@Suite struct ComparisonTests {
  private struct Item: Equatable {
    let key: Int
    let name: String
  }

  @Test func minAndMaxOfComparableValues() async {
    #expect(await record([3, 1, 2].publisher.min()) == Recording(values: [1], completion: .finished))
    #expect(await [3, 1, 2].publisher.max().allValues() == [3])
  }

  @Test func ofEqualValuesTheFirstIsKept() async {
    let items = [Item(key: 1, name: "a"), Item(key: 0, name: "b"), Item(key: 1, name: "c"), Item(key: 0, name: "d")]
    #expect(await items.publisher.min(by: { $0.key < $1.key }).allValues() == [items[1]])
    #expect(await items.publisher.max(by: { $0.key < $1.key }).allValues() == [items[0]])
  }

  @Test func anEmptyUpstreamPublishesNothing() async {
    #expect(await record(Empty<Int, TestError>().min()) == Recording(values: [], completion: .finished))
  }

  @Test func aFailurePublishesNothing() async {
    #expect(await record(failing(after: [1, 2]).max()) == Recording(values: [], completion: .failure(.boom)))
  }
}
