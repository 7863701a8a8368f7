#if canImport(CHollowTLS)
import CHollowTLS
#endif

/// One OpenSSL client context (`SSL_CTX`) per ``SocketTransport``: TLS 1.2 or later, the peer
/// verified against ``TLSTrust``'s roots. Each connection's ``TLSStream`` is made from it. Without
/// OpenSSL (Apple platforms, where https goes over `URLSession`) it cannot be made.
///
/// ```swift
/// let context = try TLSContext(trust: .system)
/// let stream = try TLSStream.connect(over: connection, host: "example.org", context: context)
/// ```
// @unchecked: OpenSSL documents an SSL_CTX as safe to share between threads once configured; it is
// configured here in init and never changed after (SSL_new only reads it).
// TLSStreamTests.oneClientServesManyThreadsAtOnce sends requests from many threads over one client.
final class TLSContext: @unchecked Sendable {
  #if canImport(CHollowTLS)
  let pointer: OpaquePointer

  init(trust: TLSTrust) throws(TransportFailure) {
    // OpenSSL is loaded here, on the first https request, not when the program starts (see CHollowTLS).
    var reason = [CChar](repeating: 0, count: 256)
    guard hollow_tls_load(&reason, reason.count) == 1 else {
      let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .other("https needs OpenSSL, which could not be loaded: \(text)")
    }
    guard let context = SSL_CTX_new(TLS_client_method()) else {
      ERR_clear_error()
      throw .other("cannot set up TLS (OpenSSL could not create a context)")
    }
    pointer = context
    _ = hollow_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
    if trust.includesSystemRoots {
      // OpenSSL's own defaults: the distribution's bundle, or SSL_CERT_FILE / SSL_CERT_DIR when set.
      _ = SSL_CTX_set_default_verify_paths(context)
    }
    for pem in trust.additionalRootsPEM {
      guard Self.addRoots(pem: Array(pem), to: context) > 0 else {
        ERR_clear_error()
        throw .invalidRequest("the extra trusted certificates given to the client contain no PEM certificate")
      }
    }
    ERR_clear_error()
  }

  deinit {
    SSL_CTX_free(pointer)
  }

  /// Adds every certificate in `pem` to the context's store; returns how many.
  private static func addRoots(pem: [UInt8], to context: OpaquePointer) -> Int {
    let store = SSL_CTX_get_cert_store(context)
    return pem.withUnsafeBytes { bytes -> Int in
      guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(clamping: bytes.count)) else { return 0 }
      defer { BIO_free(bio) }
      var added = 0
      while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
        if X509_STORE_add_cert(store, certificate) == 1 { added += 1 }
        X509_free(certificate)
      }
      return added
    }
  }
  #else
  init(trust: TLSTrust) throws(TransportFailure) {
    throw .unsupportedURL(scheme: "https")
  }
  #endif
}
