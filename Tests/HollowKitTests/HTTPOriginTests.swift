import Foundation
import HollowKit
import Testing

@Suite struct HTTPOriginTests {
  @Test func defaultPortsAndCaseDoNotMakeAnotherOrigin() {
    #expect(HTTPOrigin(URL(string: "http://Example.test/a")!) == HTTPOrigin(URL(string: "HTTP://example.test:80/b")!))
    #expect(HTTPOrigin(URL(string: "https://example.test/")!) == HTTPOrigin(URL(string: "https://example.test:443")!))
    #expect(HTTPOrigin(URL(string: "http://example.test/")!) != HTTPOrigin(URL(string: "https://example.test/")!))
    #expect(HTTPOrigin(URL(string: "http://example.test/")!) != HTTPOrigin(URL(string: "http://example.test:81/")!))
  }

  @Test func theDescriptionIsSchemeHostAndPortOnly() {
    #expect(
      HTTPOrigin(URL(string: "http://user:pw@example.test:81/secret?token=1")!).description == "http://example.test:81")
    #expect(HTTPOrigin(URL(string: "ftp://example.test/")!).description == "ftp://example.test")
  }
}
