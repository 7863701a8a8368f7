import Signal
import Testing

@Suite struct OptionalOutputTests {
  @Test func catchingCapturesAValue() async {
    let output = await OptionalOutput { () async throws(TestError) in 3 }
    #expect(output == .success(3))
    #expect(output.value == 3)
    #expect(output.error == nil)
  }

  @Test func catchingCapturesATypedError() async {
    let output = await OptionalOutput { () async throws(TestError) -> Int in throw .boom }
    #expect(output == .failure(.boom))
    #expect(output.value == nil)
    #expect(output.error == .boom)
  }

  @Test func getReturnsOrThrows() throws {
    #expect(try OptionalOutput<Int, TestError>.success(1).get() == 1)
    #expect(throws: TestError.other) { try OptionalOutput<Int, TestError>.failure(.other).get() }
  }

  @Test func convertsToAndFromResult() {
    let success = OptionalOutput<Int, TestError>(Result.success(5))
    #expect(success == .success(5))
    #expect(Result(success) == .success(5))
    let failure = OptionalOutput<Int, TestError>(Result.failure(.boom))
    #expect(failure.result == .failure(.boom))
  }

  @Test func mapTransformsOnlyTheValue() throws {
    let doubled = try OptionalOutput<Int, TestError>.success(4).map { $0 * 2 }
    #expect(doubled == .success(8))
    let failed = try OptionalOutput<Int, TestError>.failure(.boom).map { $0 * 2 }
    #expect(failed == .failure(.boom))
  }

  @Test func isHashable() {
    let set: Set<OptionalOutput<Int, TestError>> = [.success(1), .success(1), .failure(.boom)]
    #expect(set.count == 2)
  }
}
