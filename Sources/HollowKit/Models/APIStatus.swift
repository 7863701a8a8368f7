/// The part every v3 answer shares: `code` and, on error, `msg`.
///
/// Decode this first; only when ``isSuccess`` decode the typed envelope, because a failed answer
/// carries no payload.
///
/// ```swift
/// let status = try WireFormat.decode(APIStatus.self, from: bytes)
/// if status.code == APIStatus.tokenExpired { ... }
/// ```
public struct APIStatus: Codable, Sendable, Equatable {
  public var code: Int
  /// Human-readable error text (often Chinese); absent on success.
  public var msg: String?

  /// Generic failure, the reason is in `msg`.
  public static let failure = -1
  /// Token expired or not logged in.
  public static let tokenExpired = -100
  /// No such post.
  public static let noSuchPost = -101

  public init(code: Int, msg: String? = nil) {
    self.code = code
    self.msg = msg
  }

  /// `code >= 0`.
  public var isSuccess: Bool { code >= 0 }
}
