import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A throwaway certificate authority and the server identities it (or nobody) signed, made with the
/// `openssl` command when the process first asks, kept in memory only: the temporary folder the
/// command writes to is deleted at once, and no key is ever committed.
///
/// ```swift
/// let certificates = try TestCertificates.shared.get()
/// let server = try HostileServer(tls: certificates.server) { _ in .json("{}") }
/// let http = NetworkHTTPClient(trust: .only(certificates.authorityPEM))
/// ```
struct TestCertificates: Sendable {
  /// A certificate and its private key, PEM.
  struct Identity: Sendable {
    var certificatePEM: Data
    var keyPEM: Data
  }

  /// The test CA's certificate: what a client trusts.
  let authorityPEM: Data
  /// Signed by the CA for localhost, target.test (the name the proxy tests use), 127.0.0.1 and ::1.
  let server: Identity
  /// Signed by the CA, but for elsewhere.test only.
  let wrongName: Identity
  /// Valid names, signed by itself.
  let selfSigned: Identity
  /// Signed by the CA, each breaking one rule of how a certificate names its server (RFC 9525), with a
  /// subject common name that a lax check would accept (TLSStreamTests' strict-name cases).
  let oddNames: OddNames

  /// Certificates whose names a strict check refuses (or, for ``wildcard``, accepts in part).
  struct OddNames: Sendable {
    /// `CN=localhost` and no subjectAltName at all.
    var commonNameOnly: Identity
    /// `CN=localhost`, subjectAltName `IP:127.0.0.1` only: valid for the address, not for the name.
    var addressAndCommonName: Identity
    /// `DNS:vic*.example.test` (and `CN=victim.example.test`): a partial wildcard.
    var partialWildcard: Identity
    /// `DNS:victim.*.test`: a wildcard that is not the left-most label.
    var innerWildcard: Identity
    /// `DNS:*.example.test`: one whole left-most label, valid for `victim.example.test` only.
    var wildcard: Identity
    /// `DNS:127.0.0.1`, `DNS:*.0.0.1` and `CN=127.0.0.1`: names that look like the address, no iPAddress entry.
    var addressAsNames: Identity
  }

  static let shared: Result<TestCertificates, TestCertificatesUnavailable> = make()

  /// Whether the `openssl` command made them (TLS tests are skipped, with this reason, when not).
  static var isAvailable: Bool { (try? shared.get()) != nil }

  private static func make() -> Result<TestCertificates, TestCertificatesUnavailable> {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-tls-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
      try run(
        ["req", "-x509"] + curve + [
          "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Hollow Test CA",
          "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ], in: folder)
      func signed(_ name: String, names: String?, commonName: String? = nil) throws -> Identity {
        try run(
          ["req"] + curve + [
            "-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(commonName ?? name)",
          ], in: folder)
        let alternativeNames = names.map { "subjectAltName=\($0)\n" } ?? ""
        let extensions = alternativeNames + "basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
        try Data(extensions.utf8).write(to: folder.appendingPathComponent("\(name).ext"))
        try run(
          [
            "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "\(name).pem", "-days", "2", "-extfile", "\(name).ext",
          ], in: folder)
        return try identity(name, in: folder)
      }
      let names = "DNS:localhost,DNS:target.test,IP:127.0.0.1,IP:::1"
      let server = try signed("server", names: names)
      let wrongName = try signed("wrong", names: "DNS:elsewhere.test")
      try run(
        ["req", "-x509"] + curve + [
          "-keyout", "self.key", "-out", "self.pem", "-days", "2", "-subj", "/CN=localhost",
          "-addext", "subjectAltName=\(names)",
        ], in: folder)
      let oddNames = OddNames(
        commonNameOnly: try signed("cn-only", names: nil, commonName: "localhost"),
        addressAndCommonName: try signed("address-cn", names: "IP:127.0.0.1", commonName: "localhost"),
        partialWildcard: try signed(
          "partial", names: "DNS:vic*.example.test", commonName: "victim.example.test"),
        innerWildcard: try signed("inner", names: "DNS:victim.*.test", commonName: "victim.example.test"),
        wildcard: try signed("wildcard", names: "DNS:*.example.test", commonName: "example.test"),
        addressAsNames: try signed("address-names", names: "DNS:127.0.0.1,DNS:*.0.0.1", commonName: "127.0.0.1"))
      return .success(
        TestCertificates(
          authorityPEM: try Data(contentsOf: folder.appendingPathComponent("ca.pem")), server: server,
          wrongName: wrongName, selfSigned: try identity("self", in: folder), oddNames: oddNames))
    } catch let error as TestCertificatesUnavailable {
      return .failure(error)
    } catch {
      return .failure(TestCertificatesUnavailable(reason: "cannot write the certificates: \(error)"))
    }
  }

  private static func identity(_ name: String, in folder: URL) throws -> Identity {
    Identity(
      certificatePEM: try Data(contentsOf: folder.appendingPathComponent("\(name).pem")),
      keyPEM: try Data(contentsOf: folder.appendingPathComponent("\(name).key")))
  }

  /// Runs `openssl arguments` in `folder`, its output discarded. With `posix_spawn`, not Foundation's
  /// `Process`, whose `run()` on Linux sometimes reads past a buffer while it lists `/proc/self/fd` and takes
  /// the whole test process down with SIGSEGV (swift-corelibs-foundation, fixed by its pull request 5472).
  private static func run(_ arguments: [String], in folder: URL) throws {
    let script = "cd \"$1\" || exit 125\nshift\nexec openssl \"$@\" </dev/null >/dev/null 2>&1"
    let argv = (["/bin/sh", "-c", script, "sh", folder.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var id: pid_t = 0
    let started = posix_spawn(&id, "/bin/sh", nil, nil, argv, environ)
    guard started == 0 else {
      throw TestCertificatesUnavailable(reason: "the openssl command cannot run: \(String(cString: strerror(started)))")
    }
    var status: Int32 = 0
    while waitpid(id, &status, 0) < 0 {
      guard errno == EINTR else { throw TestCertificatesUnavailable(reason: "waiting for openssl failed: \(errno)") }
    }
    // Exited normally with 0; 127 is the shell's "command not found".
    let exitCode = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
    guard exitCode == 0 else {
      throw TestCertificatesUnavailable(
        reason:
          "openssl \(arguments.first ?? "") failed (status \(exitCode)); is the openssl package installed?")
    }
  }
}
