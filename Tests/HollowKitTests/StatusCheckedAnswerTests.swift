import Foundation
import Testing

@testable import HollowKit

@Suite struct StatusCheckedAnswerTests {
  private func decode(_ json: String) throws -> StatusCheckedAnswer<PostPage> {
    try WireFormat.decode(StatusCheckedAnswer<PostPage>.self, from: Data(json.utf8))
  }

  @Test func aSuccessCarriesTheDecodedPage() throws {
    let answer = try decode(WireFixtures.listPage)
    #expect(answer.status == APIStatus(code: 0))
    #expect(answer.result == (try WireFormat.decode(PostPage.self, from: Data(WireFixtures.listPage.utf8))))
    #expect(answer.result?.posts.first?.pid == 101)
  }

  @Test func aFailureCodeSkipsTheDataItDoesNotHave() throws {
    let answer = try decode(#"{"code":-101,"msg":"没有这条树洞"}"#)
    #expect(answer.status == APIStatus(code: -101, msg: "没有这条树洞"))
    #expect(answer.result == nil)
  }

  @Test func aSuccessWithoutItsDataIsADecodingFailure() {
    #expect(throws: DecodingFailure.self) { try decode(#"{"code":0}"#) }
  }

  @Test func anAnswerWithoutACodeIsADecodingFailure() {
    #expect(throws: DecodingFailure.self) { try decode(#"{"data":[]}"#) }
  }
}
