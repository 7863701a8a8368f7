import Foundation
import TestScheduling
import Testing

@testable import HollowKit

#if canImport(COpenSSL)
/// TLS sessions are kept per origin (``TLSSession``): a session one origin granted is offered to that
/// origin only, never to another name of the same server, since it would vouch for a name that never
/// presented its certificate.
@Suite(.offCooperativePool, .timeLimit(.minutes(1)))
struct TLSSessionTests {
  @Test(.enabled(if: TestCertificates.isAvailable, "no test certificates"))
  func aSessionIsResumedByItsOwnOriginOnly() async throws {
    let certificates = try TestCertificates.shared.get()
    let server = try HostileServer(tls: certificates.server, keepAlive: true) { _ in .json(ConnectionPoolTests.ok) }
    defer { server.stop() }
    // Without keep-alive every request shakes hands, so each one shows whether a session was offered.
    let http = ConnectionPoolTests.client(keepAlive: .zero, trust: .only(certificates.authorityPEM))
    let address = ConnectionPoolTests.get(server.url("/a", host: "127.0.0.1"))
    let name = ConnectionPoolTests.get(server.url("/b", host: "localhost"))
    #expect(try await http.send(address).status == 200)
    #expect(try await http.send(name).status == 200)
    // The same server, certificate and context: only the origin differs, and nothing was resumed.
    #expect(http.connectionStatistics.resumed == 0 && server.resumed == 0)
    #expect(try await http.send(address).status == 200)
    #expect(try await http.send(name).status == 200)
    #expect(http.connectionStatistics.resumed == 2 && server.resumed == 2)
    #expect(server.accepted == 4)
  }
}
#endif
