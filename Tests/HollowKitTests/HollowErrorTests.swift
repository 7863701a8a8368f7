import Foundation
import HollowKit
import Testing

@Suite struct HollowErrorTests {
  private func error(status: Int = 200, body: String) async -> HollowError? {
    let client = ClientFixtures.client(status: status, body: body).0
    return await ClientFixtures.failure { () async throws(HollowError) in
      try await client.perform(PostListRequest.self, .init())
    }
  }

  @Test func http413IsFileTooLarge() async {
    let error = await error(status: 413, body: #"{"code":-1,"msg":"too large"}"#)
    #expect(error == HollowError(request: "post/list", kind: .fileTooLarge))
    #expect(error?.description.contains("2 MB") == true)
  }

  @Test func otherStatusesAreHTTPErrorsEvenWithAJSONBody() async {
    #expect(await error(status: 500, body: #"{"code":-1,"msg":"boom"}"#)?.kind == .httpStatus(500))
    #expect(await error(status: 404, body: "")?.kind == .httpStatus(404))
    #expect(await error(status: 500, body: "")?.description == "post/list: unexpected HTTP status 500")
  }

  @Test func codesMapToTypedServerErrors() async {
    #expect(await error(body: WireFixtures.tokenExpired)?.kind == .tokenExpired(message: "登录凭据过期，请重新登录"))
    #expect(await error(body: #"{"code":-101,"msg":"没有这条树洞"}"#)?.kind == .noSuchPost(message: "没有这条树洞"))
    let generic = await error(body: #"{"code":-1,"msg":"已经关注过了"}"#)
    #expect(generic?.kind == .server(code: -1, message: "已经关注过了"))
    #expect(generic?.description == "post/list: server error -1 (server says: 已经关注过了)")
    #expect(await error(body: #"{"code":-7}"#)?.kind == .server(code: -7, message: ""))
  }

  @Test func decodingErrorsNameTheRequestAndTheField() async {
    let broken = WireFixtures.listPage.replacingOccurrences(of: #""w":640"#, with: #""w":"640""#)
    let error = await error(body: broken)
    guard case .decoding(let failure) = error?.kind else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(failure.path == "data[1].image_metadata.w")
    #expect(error?.description == "post/list: field `data[1].image_metadata.w`: expected Int, found String")
  }

  @Test func aBodyThatIsNotJSONIsADecodingError() async {
    let error = await error(body: "<html>oops</html>")
    #expect(error?.description == "post/list: not valid JSON")
    #expect(await self.error(body: #"{"msg":"no code"}"#)?.description == "post/list: field `code`: missing")
  }

  @Test func transportFailuresKeepTheirKind() async {
    for failure in [TransportFailure.notConnected, .connectionLost, .timedOut, .cancelled, .other("x")] {
      let client = ClientFixtures.client { _ in .failure(failure) }.0
      let error = await ClientFixtures.failure { () async throws(HollowError) in
        try await client.perform(RandomListRequest.self, .init())
      }
      #expect(error == HollowError(request: "post/randomlist", kind: .transport(failure)))
      #expect(error?.isCancellation == (failure == .cancelled))
    }
  }

  @Test func theTokenNeverAppearsInADescription() async {
    let token = ClientFixtures.token
    let echoes = [
      #"{"code":-100,"msg":"token \#(token) expired"}"#, #"{"code":-1,"msg":"\#(token)"}"#,
      #"{"code":-101,"msg":"\#(token)"}"#, #"{"code":0,"data":"\#(token)"}"#,
    ]
    for body in echoes {
      let error = await error(body: body)
      #expect(error != nil)
      #expect(error?.description.contains(token) == false, "\(body)")
      #expect(String(reflecting: error).contains(token) == false)
    }
    let client = ClientFixtures.client { _ in .failure(.other("reset by \(token)")) }.0
    let transport = await ClientFixtures.failure { () async throws(HollowError) in
      try await client.perform(RandomListRequest.self, .init())
    }
    #expect(transport?.description == "post/randomlist: network failure: reset by <token>; try again")
  }

  @Test func everyKindHasReadableText() {
    let texts = [
      HollowError.Kind.invalidInput("page must be 1...150, not 0"), .transport(.timedOut), .fileTooLarge,
      .httpStatus(502), .decoding(DecodingFailure(path: "a", reason: "missing")), .tokenExpired(message: ""),
      .noSuchPost(message: "gone"), .server(code: -1, message: "x"),
    ].map { HollowError(request: "r", kind: $0).description }
    #expect(
      texts == [
        "r: invalid input: page must be 1...150, not 0",
        "r: the server stopped sending (nothing arrived within the idle timeout); try again later",
        "r: the upload is too large (HTTP 413); an image may be at most 2 MB", "r: unexpected HTTP status 502",
        "r: field `a`: missing", "r: the token is missing or expired, log in again",
        "r: no such post (server says: gone)",
        "r: server error -1 (server says: x)",
      ])
  }
}
