/// Why ``TestCertificates`` could not be made (usually: no `openssl` command).
struct TestCertificatesUnavailable: Error, Sendable, CustomStringConvertible {
  var reason: String

  var description: String { reason }
}
