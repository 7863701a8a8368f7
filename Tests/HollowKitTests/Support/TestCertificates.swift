import Foundation

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
      func signed(_ name: String, names: String) throws -> Identity {
        try run(
          ["req"] + curve + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(name)"], in: folder)
        let extensions = "subjectAltName=\(names)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
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
      return .success(
        TestCertificates(
          authorityPEM: try Data(contentsOf: folder.appendingPathComponent("ca.pem")), server: server,
          wrongName: wrongName, selfSigned: try identity("self", in: folder)))
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

  private static func run(_ arguments: [String], in folder: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw TestCertificatesUnavailable(reason: "the openssl command cannot run: \(error)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TestCertificatesUnavailable(
        reason:
          "openssl \(arguments.first ?? "") failed (status \(process.terminationStatus)); is the openssl package installed?"
      )
    }
  }
}
