import Foundation
import HollowKit
import Testing

@Suite struct RedirectPolicyTests {
  static let origin = URL(string: "http://api.test:8080/v3/contents/post/list?page=1")!

  static func decision(
    _ location: String?, status: Int = 302, method: HTTPMethod = .get, token: Bool = true, redirects: Int = 0,
    from url: URL = origin
  ) -> RedirectPolicy.Decision {
    let request = HTTPClientRequest(method: method, url: url, headers: token ? ["token": "secret"] : [:])
    let response = HTTPClientResponse(status: status, headers: location.map { ["location": $0] } ?? [:])
    return RedirectPolicy.decision(for: request, response: response, redirects: redirects)
  }

  @Test func answersThatAreNotRedirectsAreDelivered() {
    for status in [200, 300, 304, 404, 500] {
      #expect(Self.decision("http://elsewhere.test/", status: status) == .deliver)
    }
  }

  @Test func theSameOriginIsFollowedRelativeOrAbsolute() {
    #expect(Self.decision("/v3/new") == .follow(URL(string: "http://api.test:8080/v3/new")!))
    #expect(Self.decision("HTTP://API.test:8080/x") == .follow(URL(string: "HTTP://API.test:8080/x")!))
  }

  @Test func theTokenNeverLeavesItsOrigin() {
    #expect(Self.decision("http://api.test:8081/x") == .refuse(.otherOrigin("http://api.test:8081")))
    #expect(Self.decision("http://other.test:8080/x") == .refuse(.otherOrigin("http://other.test:8080")))
    #expect(Self.decision("https://api.test:8080/x") == .refuse(.otherOrigin("https://api.test:8080")))
    #expect(Self.decision("//other.test/x") == .refuse(.otherOrigin("http://other.test:80")))
  }

  @Test func withoutCredentialsAnotherOriginIsFollowedButNeverDowngraded() {
    #expect(Self.decision("http://cdn.test/a.png", token: false) == .follow(URL(string: "http://cdn.test/a.png")!))
    let secure = URL(string: "https://api.test/img")!
    #expect(
      Self.decision("http://cdn.test/a.png", token: false, from: secure) == .refuse(.downgrade("http://cdn.test:80")))
  }

  @Test func writesAreNeverRedirected() {
    for status in RedirectPolicy.redirectStatuses {
      #expect(Self.decision("/v3/same", status: status, method: .post) == .refuse(.write(to: "http://api.test:8080")))
    }
  }

  @Test func otherSchemesMissingLocationsAndLoopsAreRefused() {
    #expect(Self.decision("file:///etc/passwd") == .refuse(.unsupportedScheme("file")))
    #expect(Self.decision("ftp://api.test/x") == .refuse(.unsupportedScheme("ftp")))
    #expect(Self.decision(nil) == .refuse(.invalidLocation))
    #expect(Self.decision("http://") == .refuse(.invalidLocation))
    #expect(Self.decision("/again", redirects: RedirectPolicy.maximumRedirects) == .refuse(.tooMany(5)))
  }

  @Test func credentialHeadersAreRecognisedInAnyCase() {
    let url = Self.origin
    for name in ["TOKEN", "Authorization", "cookie", "Proxy-Authorization"] {
      #expect(RedirectPolicy.carriesCredentials(HTTPClientRequest(method: .get, url: url, headers: [name: "x"])))
    }
    #expect(!RedirectPolicy.carriesCredentials(HTTPClientRequest(method: .get, url: url, headers: ["Accept": "*/*"])))
  }
}
