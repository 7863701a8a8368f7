import Testing

@testable import HollowKit

/// `no_proxy` matching as curl documents it, plus loopback always direct.
@Suite struct NoProxyListTests {
  @Test func aNameMatchesItselfAndTheNamesUnderIt() {
    let list = NoProxyList("ample.com, .corp.test ,EXAMPLE.org")
    #expect(list.matches(host: "ample.com"))
    #expect(list.matches(host: "www.ample.com"))
    #expect(!list.matches(host: "www.example.com"))
    #expect(!list.matches(host: "ample.com.org"))
    #expect(list.matches(host: "api.corp.test"))
    #expect(list.matches(host: "corp.test"))
    #expect(list.matches(host: "Example.ORG"))
    #expect(!list.matches(host: "example.net"))
  }

  @Test func aStarAloneMatchesEverything() {
    #expect(NoProxyList("*").matches(host: "anything.example"))
    #expect(!NoProxyList("*.example").matches(host: "www.other"))
    #expect(!NoProxyList("").matches(host: "example.com"))
  }

  @Test func addressesMatchExactlyOrByNetwork() {
    let list = NoProxyList("10.0.0.0/8,192.168.1.7,fd00::/8,2001:db8::1")
    #expect(list.matches(host: "10.20.30.40"))
    #expect(!list.matches(host: "11.0.0.1"))
    #expect(list.matches(host: "192.168.1.7"))
    #expect(!list.matches(host: "192.168.1.8"))
    #expect(list.matches(host: "fd12::1"))
    #expect(list.matches(host: "2001:db8::1"))
    #expect(!list.matches(host: "2001:db8::2"))
    // A name entry never matches an address, nor the other way round.
    #expect(!NoProxyList("10.0.0.1").matches(host: "x.10.0.0.1.example"))
  }

  @Test func loopbackIsNeverProxied() {
    let empty = NoProxyList("")
    for host in ["localhost", "api.localhost", "127.0.0.1", "127.8.9.10", "::1"] {
      #expect(empty.matches(host: host), "\(host)")
    }
    #expect(!empty.matches(host: "128.0.0.1"))
    #expect(!empty.matches(host: "localhost.example"))
    #expect(!NoProxyList("", loopbackIsDirect: false).matches(host: "127.0.0.1"))
  }
}
