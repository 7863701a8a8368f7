import HollowKit
import HollowWire

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An HTTP answer before it is written.
struct HTTPResponse: Sendable {
  var status: Int
  var contentType: String
  var body: [UInt8]

  /// `value` as JSON with status 200 (the API's errors are 200 too, with a negative `code`).
  static func json(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
    do {
      return HTTPResponse(
        status: status, contentType: "application/json; charset=utf-8", body: Array(try WireFormat.encode(value)))
    } catch {
      return HTTPResponse(status: 500, contentType: "text/plain; charset=utf-8", body: Array("encoding failed".utf8))
    }
  }

  /// `{"code": code, "msg": message}`.
  static func apiError(_ code: Int, _ message: String, status: Int = 200) -> HTTPResponse {
    json(APIStatus(code: code, msg: message), status: status)
  }

  /// `text` as `text/plain` (gin's answers that are not JSON, such as its 404).
  static func plainText(_ text: String, status: Int) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain", body: Array(text.utf8))
  }

  /// gin's answer to an unknown path or method: HTTP 404, `404 page not found` in plain text.
  static let notFound = plainText("404 page not found", status: 404)

  /// The head, with the body length and whether the connection stays open.
  func head(contentLength: Int, keepAlive: Bool) -> [UInt8] {
    let fields = [
      ("Content-Type", contentType), ("Content-Length", String(contentLength)),
      ("Connection", keepAlive ? "keep-alive" : "close"),
    ]
    do {
      return try HTTPHeadWriter.response(status: status, reason: Self.reason(for: status), fields: fields)
    } catch {
      // Cannot happen: the content types are the server's own constants. Without a type the body still frames.
      return
        (try? HTTPHeadWriter.response(status: status, reason: Self.reason(for: status), fields: [fields[1], fields[2]]))
        ?? []
    }
  }

  static func reason(for status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 413: "Payload Too Large"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
