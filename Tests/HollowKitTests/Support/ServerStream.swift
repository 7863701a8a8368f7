import Foundation
import HollowWire

#if canImport(COpenSSL)
import COpenSSL
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection of a ``HostileServer``, as its thread reads and writes it: the socket's bytes, or
/// TLS over them with a ``TestCertificates/Identity`` (blocking OpenSSL calls on the blocking socket;
/// SIGPIPE is blocked on the connection's thread, so a client that hung up is a failed write).
///
/// ```swift
/// guard let stream = ServerStream(fd: fd, identity: certificates.server) else { return }  // handshake failed
/// _ = stream.write(Array("HTTP/1.1 200 OK\r\n\r\n".utf8)[...])
/// ```
final class ServerStream {
  /// A server's TLS context, shared by its connections (so that a client can resume a session).
  // @unchecked: an SSL_CTX is safe to share between threads once configured (done in init, never changed).
  final class Context: @unchecked Sendable {
    #if canImport(COpenSSL)
    let pointer: OpaquePointer

    init?(_ identity: TestCertificates.Identity) {
      guard let pointer = ServerStream.context(identity) else { return nil }
      self.pointer = pointer
    }

    deinit {
      SSL_CTX_free(pointer)
    }
    #else
    init?(_ identity: TestCertificates.Identity) {
      return nil
    }
    #endif
  }

  let fd: Int32
  #if canImport(COpenSSL)
  private var context: OpaquePointer?
  private var shared: Context?
  private var ssl: OpaquePointer?
  #endif

  /// Nil when the TLS handshake failed (the client refused the certificate, or never spoke TLS in time).
  /// With `context`, the handshake uses it (else one made for this connection).
  init?(fd: Int32, identity: TestCertificates.Identity?, context shared: Context? = nil) {
    self.fd = fd
    guard let identity else { return }
    #if canImport(COpenSSL)
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    // A client that never finishes the handshake cannot hold the thread for ever.
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    self.shared = shared
    if shared == nil {
      guard let context = Self.context(identity) else { return nil }
      self.context = context
    }
    guard let ssl = SSL_new(shared?.pointer ?? context) else { return nil }
    self.ssl = ssl
    SSL_set_fd(ssl, fd)
    guard SSL_accept(ssl) == 1 else {
      ERR_clear_error()
      return nil
    }
    #else
    return nil
    #endif
  }

  deinit {
    #if canImport(COpenSSL)
    if let ssl { SSL_free(ssl) }
    if let context { SSL_CTX_free(context) }
    #endif
  }

  /// Whether the TLS handshake resumed a session.
  var isResumed: Bool {
    #if canImport(COpenSSL)
    if let ssl { return SSL_session_reused(ssl) == 1 }
    #endif
    return false
  }

  /// Whether TLS holds decrypted bytes that a `poll` on the socket would not announce.
  var hasBufferedBytes: Bool {
    #if canImport(COpenSSL)
    if let ssl { return SSL_pending(ssl) > 0 }
    #endif
    return false
  }

  /// What arrives next, into `buffer`; 0 or less at the end or on a failure.
  func read(into buffer: inout [UInt8]) -> Int {
    #if canImport(COpenSSL)
    if let ssl {
      return Int(buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) })
    }
    #endif
    return buffer.withUnsafeMutableBytes { (try? WireSocket.receive(fd, into: $0, SocketBounds())) ?? -1 }
  }

  /// Writes some of `bytes`; returns how many, 0 or less when the client went away.
  func write(_ bytes: ArraySlice<UInt8>) -> Int {
    #if canImport(COpenSSL)
    if let ssl {
      return Int(bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) })
    }
    #endif
    return WireSocket.sendWithoutWaiting(fd, bytes)
  }

  #if canImport(COpenSSL)
  fileprivate static func context(_ identity: TestCertificates.Identity) -> OpaquePointer? {
    guard let context = SSL_CTX_new(TLS_server_method()) else { return nil }
    let certificate = Array(identity.certificatePEM).withUnsafeBytes { bytes -> OpaquePointer? in
      guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
      defer { BIO_free(bio) }
      return PEM_read_bio_X509(bio, nil, nil, nil)
    }
    let key = Array(identity.keyPEM).withUnsafeBytes { bytes -> OpaquePointer? in
      guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
      defer { BIO_free(bio) }
      return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
    }
    defer {
      X509_free(certificate)
      EVP_PKEY_free(key)
    }
    guard SSL_CTX_use_certificate(context, certificate) == 1, SSL_CTX_use_PrivateKey(context, key) == 1 else {
      SSL_CTX_free(context)
      return nil
    }
    return context
  }
  #endif
}
