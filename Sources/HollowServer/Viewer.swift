/// Who a request comes from: the demo's one registered user (the token holder, or everyone when the
/// server needs no token), or an anonymous reader (no or an unknown token, on a server that allows
/// unregistered access).
enum Viewer: Sendable, Equatable {
  case user
  case anonymous

  /// The key the rate limiter counts this viewer's requests under (anonymous readers are not limited).
  var limiterKey: String? {
    self == .user ? "demo-user" : nil
  }

  /// Seeds the per-user, per-item timestamp offset (the real backend derives it from a per-user secret).
  var offsetSeed: UInt64 {
    self == .user ? 0x00D3_5EED : 0xA11_0000
  }
}
