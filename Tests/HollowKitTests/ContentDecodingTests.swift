import Foundation
import LoopbackTesting
import Testing

@testable import HollowKit

/// Answers compressed as a reverse proxy with `gzip on` sends them (the demo server and the real backend
/// never compress): decoded within the request's limit, and anything the client cannot read a clear error.
@Suite(.timeLimit(.minutes(1))) struct ContentDecodingTests {
  static let page = String(
    repeating: #"{"pid":123456,"text":"a post with some words in it","likenum":7},"#, count: 400)
  static let json = #"{"code":0,"data":[\#(page.dropLast())]}"#

  static func response(_ body: [UInt8], encoding: String?) -> HTTPClientResponse {
    var headers = ["Content-Type": "application/json", "Content-Length": String(body.count)]
    headers["Content-Encoding"] = encoding
    return HTTPClientResponse(status: 200, headers: headers, body: Data(body))
  }

  /// A head and a body as `Content-Length` frames them, or chunked in pieces of 1000 bytes.
  static func answer(_ body: [UInt8], encoding: String = "gzip", chunked: Bool = false) -> [UInt8] {
    let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: \(encoding)\r\n"
    guard chunked else { return Array((head + "Content-Length: \(body.count)\r\n\r\n").utf8) + body }
    var bytes = Array((head + "Transfer-Encoding: chunked\r\n\r\n").utf8)
    for start in stride(from: 0, to: body.count, by: 1000) {
      let piece = body[start..<min(start + 1000, body.count)]
      bytes += Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8)
    }
    return bytes + Array("0\r\n\r\n".utf8)
  }

  static func get(_ url: URL, limit: Int = HTTPClientRequest.defaultMaximumResponseBytes) -> HTTPClientRequest {
    HTTPClientRequest(method: .get, url: url, maximumResponseBytes: limit)
  }

  // MARK: The decoding

  @Test func aGzipBodyIsInflatedAndLosesTheFieldsOfItsEncodedForm() throws {
    let decoded = try ContentDecoding.decode(
      Self.response(GzipFixture.gzip(Array(Self.json.utf8)), encoding: "gzip"), limit: 1 << 20)
    #expect(String(decoding: decoded.body, as: UTF8.self) == Self.json)
    #expect(decoded.header("Content-Encoding") == nil)
    #expect(decoded.header("Content-Length") == nil)
    #expect(decoded.header("Content-Type") == "application/json")
    let old = try ContentDecoding.decode(
      Self.response(GzipFixture.gzip(Array(Self.json.utf8)), encoding: "identity, X-GZIP"), limit: 1 << 20)
    #expect(String(decoding: old.body, as: UTF8.self) == Self.json)
    // The field's name in any case.
    let shouted = HTTPClientResponse(
      status: 200, headers: ["CONTENT-ENCODING": "gzip"], body: Data(GzipFixture.gzip(Array(Self.json.utf8))))
    #expect(try String(decoding: ContentDecoding.decode(shouted, limit: 1 << 20).body, as: UTF8.self) == Self.json)
  }

  @Test func anAnswerWithoutACodingOrWithoutABodyIsLeftAsItIs() throws {
    let plain = Self.response(Array(Self.json.utf8), encoding: nil)
    #expect(try ContentDecoding.decode(plain, limit: 1 << 20) == plain)
    let identity = Self.response(Array(Self.json.utf8), encoding: "identity")
    #expect(try ContentDecoding.decode(identity, limit: 1 << 20) == identity)
    // A 304, or a redirect whose body was not read: nothing to inflate.
    let empty = HTTPClientResponse(status: 304, headers: ["Content-Encoding": "gzip"])
    #expect(try ContentDecoding.decode(empty, limit: 1 << 20) == empty)
  }

  @Test func theLimitHoldsForTheDecodedBytes() throws {
    let packed = GzipFixture.gzip(Array(Self.json.utf8))
    #expect(throws: TransportFailure.tooLarge(limit: Self.json.utf8.count - 1, announced: nil)) {
      try ContentDecoding.decode(Self.response(packed, encoding: "gzip"), limit: Self.json.utf8.count - 1)
    }
    #expect(
      try ContentDecoding.decode(Self.response(packed, encoding: "gzip"), limit: Self.json.utf8.count).body.count
        == Self.json.utf8.count)
  }

  @Test func aCorruptOrCutStreamIsAMalformedAnswer() {
    var packed = GzipFixture.gzip(Array(Self.json.utf8))
    #expect(
      throws: TransportFailure.malformedResponse("the gzip-compressed body ends before its gzip stream does")
    ) { try ContentDecoding.decode(Self.response(Array(packed.dropLast(4)), encoding: "gzip"), limit: 1 << 20) }
    packed[packed.count - 6] ^= 0xFF
    #expect(throws: TransportFailure.malformedResponse("the gzip-compressed body is corrupt (incorrect data check)")) {
      try ContentDecoding.decode(Self.response(packed, encoding: "gzip"), limit: 1 << 20)
    }
    // A plain body labelled gzip is not passed on as if it were the answer.
    #expect(throws: TransportFailure.malformedResponse("the gzip-compressed body is corrupt (incorrect header check)"))
    { try ContentDecoding.decode(Self.response(Array(Self.json.utf8), encoding: "gzip"), limit: 1 << 20) }
  }

  @Test(arguments: ["br", "deflate", "zstd", "gzip, gzip", "compress", "gzip, br"])
  func aCodingTheClientDidNotAskForIsRefused(coding: String) {
    let body = GzipFixture.gzip(Array(Self.json.utf8))
    #expect(
      throws: TransportFailure.malformedResponse(
        "the body is encoded as '\(coding)', which the client does not accept (only gzip)")
    ) { try ContentDecoding.decode(Self.response(body, encoding: coding), limit: 1 << 20) }
  }

  // MARK: Over a connection

  /// A server that compresses (as nginx's `gzip on` would) when the request accepts gzip, and not otherwise.
  @Test(arguments: [false, true])
  func aServerThatCompressesIsReadAsThePlainAnswer(chunked: Bool) async throws {
    let body = GzipFixture.gzip(Array(Self.json.utf8))
    let server = try HostileServer(keepAlive: true) { request in
      request.headers["accept-encoding"] == "gzip" ? .raw(Self.answer(body, chunked: chunked)) : .json(Self.json)
    }
    defer { server.stop() }
    let http = NetworkHTTPClient()
    for _ in 0..<2 {
      let response = try await http.send(Self.get(server.url("/v3/contents/post/list?page=1")))
      #expect(String(decoding: response.body, as: UTF8.self) == Self.json)
      #expect(response.header("Content-Encoding") == nil)
    }
    #expect(server.requests.allSatisfy { $0.headers["accept-encoding"] == "gzip" })
    // The connection carried both: a decoded answer leaves it reusable.
    #expect(server.requests.map(\.connection) == [1, 1])
  }

  @Test(arguments: [false, true])
  func aCompressedBombStopsAtTheRequestsLimit(chunked: Bool) async throws {
    // 64 MiB of zeros in 64 KiB on the wire: under the limit as sent, far over it inflated.
    let bomb = GzipFixture.gzip([UInt8](repeating: 0, count: 64 << 20))
    let server = try HostileServer { _ in .raw(Self.answer(bomb, chunked: chunked)) }
    defer { server.stop() }
    let failure = await NetworkHTTPClientHostileTests.failure(
      NetworkHTTPClient(), Self.get(server.url("/bomb"), limit: 1 << 20))
    #expect(failure == .tooLarge(limit: 1 << 20, announced: nil))
    #expect(failure?.description == "the answer is larger than the limit of 1 MiB; it was not read further")
  }

  @Test func aCutOrForeignEncodingOverTheWireIsAClearError() async throws {
    let body = GzipFixture.gzip(Array(Self.json.utf8))
    let server = try HostileServer { request in
      request.target == "/cut" ? .raw(Self.answer(Array(body.dropLast(8)))) : .raw(Self.answer(body, encoding: "br"))
    }
    defer { server.stop() }
    let cut = await NetworkHTTPClientHostileTests.failure(NetworkHTTPClient(), Self.get(server.url("/cut")))
    #expect(cut == .malformedResponse("the gzip-compressed body ends before its gzip stream does"))
    let foreign = await NetworkHTTPClientHostileTests.failure(NetworkHTTPClient(), Self.get(server.url("/br")))
    #expect(
      foreign?.description
        == "the server's answer is not valid HTTP (the body is encoded as 'br', which the client does not accept "
        + "(only gzip)); check that the address points to a tree-hole server")
  }
}
