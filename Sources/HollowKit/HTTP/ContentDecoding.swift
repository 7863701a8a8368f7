import HollowWire

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The content codings ``SocketTransport`` asks for (`Accept-Encoding: gzip`) and undoes: `gzip`
/// (and its old name `x-gzip`) and `identity`. A JSON page of 20 KB takes about 5 KB gzipped, which
/// fits the first congestion window of a new connection: one round trip less than the plain page.
///
/// The real backend does not compress; a reverse proxy in front of it usually does (nginx's `gzip on`
/// for `application/json`), and the demo server, true to the backend, does not. The request's limit
/// (``HTTPClientRequest/maximumResponseBytes``) holds for the decoded bytes too: a decompression bomb
/// stops at the limit with ``TransportFailure/tooLarge(limit:announced:)``. A corrupt or cut stream,
/// and any other coding (which the client never asked for), are malformed answers, never a body
/// passed on half-decoded.
///
/// ```swift
/// let decoded = try ContentDecoding.decode(response, limit: request.maximumResponseBytes)
/// // decoded.body: the JSON; its Content-Encoding and Content-Length fields are gone
/// ```
enum ContentDecoding {
  /// The `Accept-Encoding` every request over the sockets sends.
  static let accepted = "gzip"

  /// `response` with its body decoded as its `Content-Encoding` says (at most `limit` bytes of it), and
  /// without the fields that described the encoded body (`Content-Encoding`, `Content-Length`).
  static func decode(_ response: HTTPClientResponse, limit: Int) throws(TransportFailure) -> HTTPClientResponse {
    guard let field = codings(of: response) else { return response }
    let codings = field.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }.filter {
      !$0.isEmpty && $0 != "identity"
    }
    guard !codings.isEmpty, !response.body.isEmpty else { return response }
    guard codings == ["gzip"] || codings == ["x-gzip"] else {
      let named = HTTPOrigin.printable(String(codings.joined(separator: ", ").prefix(60)), allowingSpaces: true)
      throw .malformedResponse("the body is encoded as '\(named)', which the client does not accept (only gzip)")
    }
    let body: [UInt8]
    do {
      body = try Inflater.inflate(response.body, format: .gzip, limit: limit)
    } catch {
      switch error {
      case .tooLarge: throw .tooLarge(limit: limit, announced: nil)
      case .truncated: throw .malformedResponse("the gzip-compressed body ends before its gzip stream does")
      case .corrupt(let reason): throw .malformedResponse("the gzip-compressed body is corrupt (\(reason))")
      }
    }
    var decoded = response
    decoded.body = Data(body)
    decoded.headers = decoded.headers.filter {
      ["content-encoding", "content-length"].contains($0.key.lowercased()) == false
    }
    return decoded
  }

  /// The `Content-Encoding` field's value. Every answer passes here, most without one: the names are
  /// compared in place, byte by byte, where ``HTTPClientResponse/header(_:)`` would lowercase copies.
  private static func codings(of response: HTTPClientResponse) -> String? {
    let wanted = "content-encoding".utf8
    for (name, value) in response.headers where name.utf8.count == wanted.count {
      let same = zip(name.utf8, wanted).allSatisfy { byte, lower in
        byte == lower || ((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) && byte == lower - 0x20)
      }
      if same { return value }
    }
    return nil
  }
}
