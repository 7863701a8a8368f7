import Testing

@testable import HollowServer

@Suite struct RequestParserTests {
  private func parse(_ text: String) -> RequestParser.HeadResult {
    RequestParser.parseHead(Array(text.utf8), maxHeaderBytes: 1024)
  }

  @Test func parsesAHeadWithQueryAndHeaders() throws {
    let result = parse(
      "POST /v3/send/post?v=v3&k=%E6%A0%91+x HTTP/1.1\r\nHost: a\r\nTOKEN:  t \r\nContent-Length: 5\r\n\r\nhello")
    guard case .complete(let request, let headLength, let contentLength, let expectsContinue) = result else {
      Issue.record("not complete: \(result)")
      return
    }
    #expect(request.method == "POST" && request.path == "/v3/send/post" && request.minorVersion == 1)
    #expect(request.query == [QueryItem(name: "v", value: "v3"), QueryItem(name: "k", value: "树 x")])
    #expect(request.header("token") == "t" && request.header("TOKEN") == "t")
    #expect(headLength == 90 && contentLength == 5 && !expectsContinue && request.keepsAlive)
  }

  @Test(arguments: ["", "GET", "GET /v3/x HTTP/1.1\r\nHost: a\r\n", "POS"])
  func incompleteHeadsWait(text: String) {
    guard case .incomplete = parse(text) else {
      Issue.record("expected incomplete for \(text.debugDescription)")
      return
    }
  }

  @Test(arguments: [
    ("get / HTTP/1.1\r\n\r\n", 400), ("GET / HTTP/2\r\n\r\n", 400), ("GET  / HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\n: empty\r\n\r\n", 400), ("GET / HTTP/1.1\r\n folded\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
    ("GET /" + String(repeating: "a", count: 2000) + " HTTP/1.1\r\n\r\n", 431),
    ("GET /%E6%A0 HTTP/1.1\r\n\r\n", 400),
  ])
  func rejectsBadHeads(text: String, status: Int) {
    guard case .rejected(let actual, _) = parse(text) else {
      Issue.record("expected rejection for \(text.prefix(60).debugDescription)")
      return
    }
    #expect(actual == status)
  }

  @Test func absoluteFormTargetsKeepOnlyThePath() {
    guard case .complete(let request, _, _, _) = parse("GET http://example.com/v3/a?b=c HTTP/1.0\r\n\r\n") else {
      Issue.record("not complete")
      return
    }
    #expect(request.path == "/v3/a" && request.queryValue("b") == "c" && !request.keepsAlive)
  }

  @Test func formDecodingHandlesPlusEscapesAndBrokenInput() {
    #expect(
      FormDecoding.items(Array("a=1&b=x+y%21&c&&d=".utf8)) == [
        QueryItem(name: "a", value: "1"), QueryItem(name: "b", value: "x y!"), QueryItem(name: "c", value: ""),
        QueryItem(name: "d", value: ""),
      ])
    #expect(FormDecoding.items(Array("a=%4".utf8)) == nil)
    #expect(FormDecoding.items(Array("a=%FF".utf8)) == nil)
  }
}
