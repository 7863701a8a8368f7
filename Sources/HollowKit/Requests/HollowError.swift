/// Why a tree-hole request failed: which request, and a ``Kind`` that tells transport, HTTP,
/// decoding, server and input failures apart.
///
/// The description names the request first, e.g.
/// "post/list: field `data[3].image_metadata.w`: expected Int, found String". No description
/// contains the token: server messages are redacted before they are stored.
///
/// ```swift
/// do {
///   _ = try await client.perform(PostDetailRequest.self, .init(pid: 42))
/// } catch {
///   switch error.kind {
///   case .tokenExpired: askToLogIn()
///   case .noSuchPost: showGone()
///   case .transport(.cancelled): break
///   default: show(error.description)
///   }
/// }
/// ```
public struct HollowError: RequestError, Equatable {
  /// The request's name, e.g. "post/list" or "send/comment".
  public var request: String
  public var kind: Kind

  /// The kinds of failure.
  public enum Kind: Sendable, Equatable {
    /// The parameters break a documented limit; nothing was sent.
    case invalidInput(String)
    /// No answer arrived.
    case transport(TransportFailure)
    /// HTTP 413: the upload was too large.
    case fileTooLarge
    /// Any other HTTP status than 2xx or 413.
    case httpStatus(Int)
    /// The answer was not the expected JSON; names the field.
    case decoding(DecodingFailure)
    /// `code -100`: the token is missing, unknown or expired.
    case tokenExpired(message: String)
    /// `code -101`: the post does not exist.
    case noSuchPost(message: String)
    /// Any other negative `code`, with the server's `msg`.
    case server(code: Int, message: String)
    /// `code -1` with a short-term limit's message: the server asked to wait (a read has already
    /// waited and tried once more; a write is never sent again by itself).
    case rateLimited(RateLimit, message: String)
    /// `code -1` with a daily cap's message.
    case dailyCap(DailyCap, message: String)
    /// Sent without a token, the server answered that this needs one (`code -100`).
    case tokenRequired
  }

  public init(request: String, kind: Kind) {
    self.request = request
    self.kind = kind
  }

  public var isCancellation: Bool {
    kind == .transport(.cancelled)
  }

  public var description: String {
    "\(request): \(kind)"
  }

  /// The error for a failed answer's `code` and `msg`.
  init(request: String, code: Int, message: String?) {
    let message = message ?? ""
    switch code {
    case APIStatus.tokenExpired: self.init(request: request, kind: .tokenExpired(message: message))
    case APIStatus.noSuchPost: self.init(request: request, kind: .noSuchPost(message: message))
    default:
      if let limit = RateLimit(serverMessage: message) {
        self.init(request: request, kind: .rateLimited(limit, message: message))
      } else if let cap = DailyCap(request: request, message: message) {
        self.init(request: request, kind: .dailyCap(cap, message: message))
      } else {
        self.init(request: request, kind: .server(code: code, message: message))
      }
    }
  }

  /// The same error with every occurrence of `secret` in its text replaced, so a server that
  /// echoes the token cannot leak it into logs.
  func redacting(_ secret: String?) -> HollowError {
    guard let secret, !secret.isEmpty else { return self }
    func clean(_ text: String) -> String { text.replacing(secret, with: "<token>") }
    var copy = self
    switch kind {
    case .invalidInput(let reason): copy.kind = .invalidInput(clean(reason))
    case .transport(.other(let reason)): copy.kind = .transport(.other(clean(reason)))
    case .decoding(let failure):
      copy.kind = .decoding(DecodingFailure(path: clean(failure.path), reason: clean(failure.reason)))
    case .tokenExpired(let message): copy.kind = .tokenExpired(message: clean(message))
    case .noSuchPost(let message): copy.kind = .noSuchPost(message: clean(message))
    case .server(let code, let message): copy.kind = .server(code: code, message: clean(message))
    case .rateLimited(let limit, let message): copy.kind = .rateLimited(limit, message: clean(message))
    case .dailyCap(let cap, let message): copy.kind = .dailyCap(cap, message: clean(message))
    case .transport, .fileTooLarge, .httpStatus, .tokenRequired: break
    }
    return copy
  }
}

extension HollowError.Kind: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidInput(let reason): "invalid input: \(reason)"
    case .transport(let failure): failure.description
    case .fileTooLarge: "the upload is too large (HTTP 413); an image may be at most 2 MB"
    case .httpStatus(let status): "unexpected HTTP status \(status)"
    case .decoding(let failure): failure.description
    case .tokenExpired(let message): "the token is missing or expired, log in again\(Self.quoting(message))"
    case .noSuchPost(let message): "no such post\(Self.quoting(message))"
    case .server(let code, let message): "server error \(code)\(Self.quoting(message))"
    case .rateLimited(let limit, let message):
      "the server asked to wait (\(limit)); nothing was sent again, try again in a few seconds\(Self.quoting(message))"
    case .dailyCap(let cap, let message): "\(cap)\(Self.quoting(message))"
    case .tokenRequired:
      "this needs a token: the server answers followed posts, messages and every write only for a logged-in user"
    }
  }

  private static func quoting(_ message: String) -> String {
    message.isEmpty ? "" : " (server says: \(message))"
  }
}
