#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which certificate authorities ``NetworkHTTPClient`` trusts for https over its own socket
/// transport (Linux, with OpenSSL).
///
/// The system's roots are OpenSSL's defaults, so `SSL_CERT_FILE` and `SSL_CERT_DIR` choose another
/// bundle or folder as they do for `curl` and `openssl`. Extra roots (PEM, as a company proxy or a
/// test server's CA hands them out) are trusted as well, or instead. `URLSession` (macOS) uses the
/// system's trust settings and ignores this.
///
/// ```swift
/// let pem = try Data(contentsOf: URL(fileURLWithPath: "/etc/company/ca.pem"))
/// let http = NetworkHTTPClient(trust: .system(adding: pem))
/// ```
public struct TLSTrust: Sendable, Equatable {
  /// Whether the system's roots (OpenSSL's default paths) are trusted.
  public var includesSystemRoots: Bool
  /// More roots, each PEM data holding one or more `BEGIN CERTIFICATE` blocks.
  public var additionalRootsPEM: [Data]

  public init(includesSystemRoots: Bool = true, additionalRootsPEM: [Data] = []) {
    self.includesSystemRoots = includesSystemRoots
    self.additionalRootsPEM = additionalRootsPEM
  }

  /// The system's roots only: the default.
  public static let system = TLSTrust()

  /// The system's roots and the certificates in `pem`.
  public static func system(adding pem: Data) -> TLSTrust {
    TLSTrust(additionalRootsPEM: [pem])
  }

  /// Only the certificates in `pem` (a private CA, or a test's own).
  public static func only(_ pem: Data) -> TLSTrust {
    TLSTrust(includesSystemRoots: false, additionalRootsPEM: [pem])
  }
}
