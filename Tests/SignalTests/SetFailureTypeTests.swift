import Signal
import Testing

@Suite struct SetFailureTypeTests {
  enum Boom: Error, Equatable { case boom }

  @Test func passesValuesThroughWithTheNewFailureType() async throws {
    let publisher: Publishers.SetFailureType<SequencePublisher<[Int]>, Boom> = [1, 2].publisher.setFailureType(
      to: Boom.self)
    #expect(try await publisher.allValues() == [1, 2])
  }

  @Test func combinesWithAPublisherThatCanFail() async {
    let combined = [1].publisher.setFailureType(to: Boom.self).catch { _ in Just(0) }
    #expect(await combined.allValues() == [1])
    await #expect(throws: Boom.boom) {
      _ = try await Fail<Int, Boom>(error: .boom).catch { error in Fail<Int, Boom>(error: error) }.allValues()
    }
  }
}
