import Signal
import Testing

@Suite struct TerminalsTests {
  @Test func firstValueReturnsTheFirstValue() async {
    #expect(await (1...10).publisher.reduce(0, +).firstValue() == 55)
  }

  @Test func firstValueOfAnEmptyPublisherIsNil() async {
    #expect(await Empty<Int, Never>().firstValue() == nil)
  }

  @Test func firstValueDoesNotPullASecondValue() async {
    let pulled = Counter()
    let source = (1...).publisher.map { value in
      pulled.increment()
      return value
    }
    #expect(await source.firstValue() == 1)
    #expect(pulled.value == 1)
  }

  @Test func firstValueThrowsAnEarlyFailure() async {
    await #expect(throws: TestError.boom) { try await failing(after: []).firstValue() }
  }

  @Test func allValuesCollectsInOrder() async {
    #expect(await (1...6).publisher.filter { $0.isMultiple(of: 2) }.allValues() == [2, 4, 6])
    #expect(await Empty<Int, Never>().allValues().isEmpty)
  }

  @Test func allValuesThrowsTheTypedFailure() async {
    do {
      _ = try await failing(after: [1, 2], with: .other).allValues()
      Issue.record("expected a failure")
    } catch {
      #expect(error == .other)
    }
  }

  @Test @MainActor func worksOnTheMainActorWithNonSendableValues() async {
    final class Box {
      let value: Int
      init(_ value: Int) { self.value = value }
    }
    let boxes = await [1, 2].publisher.map { Box($0) }.allValues()
    #expect(boxes.map(\.value) == [1, 2])
    let first = await [3].publisher.map { Box($0) }.firstValue()
    #expect(first?.value == 3)
  }
}
