import Foundation
import Testing

@testable import HollowKit

@Suite struct TransportFailureTests {
  @Test func everyFailureIsASentenceThatSaysWhatToDo() {
    let texts = [
      TransportFailure.notConnected, .hostNotFound, .connectionLost, .timedOut, .deadlineExceeded(total: .seconds(30)),
      .cancelled, .tooLarge(limit: 16 << 20, announced: 2_000_000_000),
      .redirectRefused(.otherOrigin("http://evil.test:80")),
      .malformedResponse("a header line is not 'name: value'"), .unsupportedURL(scheme: "ftp"),
      .invalidRequest("the TOKEN header contains a line break"), .secureConnectionFailed,
      .untrustedCertificate(reason: "self-signed certificate"), .certificateNameMismatch(host: "evil.test\u{1B}[2J"),
      .proxyUnreachable(proxy: "proxy.corp:3128"), .proxyRefused(proxy: "proxy.corp:3128", status: 407),
      .proxyRefused(proxy: "proxy.corp:3128", status: 502), .other("x"),
    ].map(\.description)
    #expect(
      texts == [
        "cannot connect to the server",
        "cannot find the server: its host name does not resolve; check the address and the network",
        "the connection closed before the whole answer arrived; try again",
        "the server stopped sending (nothing arrived within the idle timeout); try again later",
        "the answer did not complete within 30 s, the limit for one request; the server is too slow or stalling, "
          + "try again later",
        "the request was cancelled",
        "the answer is larger than the limit of 16 MiB (the server announced 2000000000 bytes); it was not read further",
        "the server redirected to another host (http://evil.test:80); not followed so the token is not sent there",
        "the server's answer is not valid HTTP (a header line is not 'name: value'); check that the address points to "
          + "a tree-hole server",
        "cannot send a request to a 'ftp' address; only http:// and https:// are supported",
        "the request cannot be sent: the TOKEN header contains a line break",
        "a secure connection to the server could not be made (TLS handshake failed); check the address and that the "
          + "server speaks https",
        "the server's certificate is not trusted: self-signed certificate; check the address, or trust its "
          + "certificate authority (SSL_CERT_FILE)",
        "the server's certificate is not valid for host evil.test?[2J; check the address",
        "cannot connect to the proxy proxy.corp:3128; check https_proxy, http_proxy and no_proxy",
        "the proxy proxy.corp:3128 refused to carry the request (status 407: it wants credentials, given as "
          + "http://user:password@host:port in the proxy variable); check https_proxy, http_proxy and no_proxy",
        "the proxy proxy.corp:3128 refused to carry the request (status 502); check https_proxy, http_proxy and no_proxy",
        "network failure: x; try again",
      ])
  }

  @Test func sizesAndDurationsReadNaturally() {
    #expect(TransportFailure.bytes(16 << 20) == "16 MiB")
    #expect(TransportFailure.bytes(64 * 1024) == "64 KiB")
    #expect(TransportFailure.bytes(1000) == "1000 bytes")
    #expect(TransportFailure.seconds(.milliseconds(300)) == "300 ms")
    #expect(TransportFailure.seconds(.seconds(60)) == "60 s")
  }

  #if !canImport(COpenSSL)
  @Test func theURLErrorsUsersSawBecomeSentences() {
    let url = URL(string: "ftp://example.test/x")
    let cases: [(URLError.Code, TransportFailure)] = [
      (.unsupportedURL, .unsupportedURL(scheme: "ftp")),
      (.httpTooManyRedirects, .redirectRefused(.tooMany(RedirectPolicy.maximumRedirects))),
      (.cannotFindHost, .hostNotFound), (.cannotConnectToHost, .notConnected), (.timedOut, .timedOut),
      (.networkConnectionLost, .connectionLost), (.serverCertificateUntrusted, .secureConnectionFailed),
      (.cannotParseResponse, .malformedResponse("the answer cannot be decoded")),
    ]
    for (code, expected) in cases {
      #expect(URLSessionTransport.failure(for: URLError(code), url: url) == expected)
    }
    let unknown = URLSessionTransport.failure(for: URLError(.unknown), url: url).description
    #expect(unknown.hasPrefix("network failure: the connection failed without a reason"))
    #expect(
      URLSessionTransport.failure(for: CocoaError(.fileNoSuchFile), url: url).description.hasSuffix("; try again"))
  }
  #endif
}
