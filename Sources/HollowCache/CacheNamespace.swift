/// A key prefix that keeps the data of different servers and accounts apart in one cache folder.
///
/// The namespace is the SHA-256 of the server URL together with the SHA-256 of the token, so the token is
/// never stored, in clear or otherwise recoverable, and two accounts or two servers never share a key.
///
/// ```swift
/// let namespace = CacheNamespace(serverURL: "https://hole.example", token: token)
/// let cache = try TwoTierCache(directory: folder, namespace: namespace)
/// // Keys are stored as "<namespace>/<key>".
/// ```
public struct CacheNamespace: Sendable, Hashable, CustomStringConvertible {
  /// 32 hexadecimal digits identifying the (server, account) pair.
  public let identifier: String

  /// The namespace of `token`'s account on the server at `serverURL`. A trailing slash on the URL does not
  /// change the namespace.
  public init(serverURL: String, token: String) {
    var server = serverURL
    while server.hasSuffix("/") { server.removeLast() }
    let material = Array(server.utf8) + [0] + SHA256.digest(Array(token.utf8))
    identifier = String(SHA256.hex(material).prefix(32))
  }

  /// `key` prefixed with this namespace.
  public func key(_ key: String) -> String {
    identifier + "/" + key
  }

  public var description: String { identifier }
}
