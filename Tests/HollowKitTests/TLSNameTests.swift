import Foundation
import TestScheduling
import Testing

@testable import HollowKit

/// Which names a server's certificate proves, as RFC 9525 and browsers have it: its subjectAltName
/// entries only (never the subject's common name), a wildcard only as the whole left-most label, and
/// an IP address only by an iPAddress entry. Names other than localhost reach the loopback server
/// through ``TestProxy``, which connects to 127.0.0.1 whatever the name.
#if canImport(COpenSSL)
@Suite(
  .offCooperativePool, .timeLimit(.minutes(1)),
  .enabled(if: TestCertificates.isAvailable, "no test certificates: the openssl command is missing or failed"))
struct TLSNameTests {
  static var certificates: TestCertificates { try! TestCertificates.shared.get() }
  static var odd: TestCertificates.OddNames { certificates.oddNames }
  static let ok = #"{"code":0,"data":[]}"#

  /// What a GET of `https://host:port/x` gets from a server presenting `identity`: the status, or the failure.
  static func outcome(_ identity: TestCertificates.Identity, host: String) async throws -> Result<Int, TransportFailure>
  {
    let server = try HostileServer(tls: identity) { _ in .json(Self.ok) }
    defer { server.stop() }
    let proxy = try TestProxy()
    defer { proxy.stop() }
    // Loopback addresses and localhost go straight to the server; any other name through the proxy.
    let direct = host == "localhost" || IPLiteral.bytes(of: host) != nil
    let http = NetworkHTTPClient(
      timeouts: HTTPTimeouts(idle: ClientFixtures.backstop, total: ClientFixtures.backstop), transport: .sockets,
      trust: .only(certificates.authorityPEM),
      proxies: direct ? .none : ProxySettings(environment: ["https_proxy": proxy.address]))
    let url = try #require(URL(string: "https://\(host.contains(":") ? "[\(host)]" : host):\(server.port)/x"))
    do {
      let response = try await http.send(NetworkHTTPClientHostileTests.get(url))
      return .success(response.status)
    } catch {
      #expect(server.requests.isEmpty, "a refused server saw the request (and its token)")
      return .failure(error)
    }
  }

  @Test func aCertificateWithoutSubjectAltNameIsRefusedWhateverItsCommonName() async throws {
    #expect(
      try await Self.outcome(Self.odd.commonNameOnly, host: "localhost")
        == .failure(.certificateNameMismatch(host: "localhost")))
  }

  @Test func theCommonNameIsNeverConsultedBesideOtherEntries() async throws {
    // The subjectAltName holds an address only; the common name "localhost" proves nothing.
    #expect(
      try await Self.outcome(Self.odd.addressAndCommonName, host: "localhost")
        == .failure(.certificateNameMismatch(host: "localhost")))
    #expect(try await Self.outcome(Self.odd.addressAndCommonName, host: "127.0.0.1") == .success(200))
  }

  @Test func aPartialWildcardMatchesNothing() async throws {
    #expect(
      try await Self.outcome(Self.odd.partialWildcard, host: "victim.example.test")
        == .failure(.certificateNameMismatch(host: "victim.example.test")))
  }

  @Test func aWildcardThatIsNotTheLeftMostLabelMatchesNothing() async throws {
    #expect(
      try await Self.outcome(Self.odd.innerWildcard, host: "victim.example.test")
        == .failure(.certificateNameMismatch(host: "victim.example.test")))
  }

  @Test(arguments: [
    ("victim.example.test", true),
    ("VICTIM.Example.Test", true),  // names compare without case
    ("deeper.victim.example.test", false),  // one label, not several
    ("example.test", false),  // the wildcard stands for a label, never for nothing
    ("victimexample.test", false),
  ])
  func aWholeLeftMostWildcardStandsForOneLabel(host: String, accepted: Bool) async throws {
    let outcome = try await Self.outcome(Self.odd.wildcard, host: host)
    #expect(outcome == (accepted ? .success(200) : .failure(.certificateNameMismatch(host: host))))
  }

  @Test func anAddressIsProvedByAnAddressEntryOnlyNeverByANameOrWildcard() async throws {
    #expect(
      try await Self.outcome(Self.odd.addressAsNames, host: "127.0.0.1")
        == .failure(.certificateNameMismatch(host: "127.0.0.1")))
  }

  @Test(arguments: ["localhost", "127.0.0.1", "target.test"])
  func theUsualServerCertificateStillServesItsNames(host: String) async throws {
    #expect(try await Self.outcome(Self.certificates.server, host: host) == .success(200))
  }
}
#endif
