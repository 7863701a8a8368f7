import HollowCache
import Testing

@Suite("CacheNamespace: per server and account, token never kept")
struct CacheNamespaceTests {
  static let token = "secret-token-0123456789"

  @Test("the same server and token give the same namespace; a trailing slash does not matter")
  func stable() {
    let one = CacheNamespace(serverURL: "https://hole.example", token: Self.token)
    let two = CacheNamespace(serverURL: "https://hole.example/", token: Self.token)
    #expect(one == two)
    #expect(one.identifier.count == 32)
    #expect(one.key("thread/1") == one.identifier + "/thread/1")
  }

  @Test("another token or another server gives another namespace")
  func distinct() {
    let base = CacheNamespace(serverURL: "https://hole.example", token: Self.token)
    #expect(base != CacheNamespace(serverURL: "https://hole.example", token: Self.token + "x"))
    #expect(base != CacheNamespace(serverURL: "https://other.example", token: Self.token))
    #expect(base != CacheNamespace(serverURL: "https://hole.example", token: ""))
  }

  @Test("neither the token nor its plain SHA-256 appears in the namespace")
  func tokenHidden() {
    let namespace = CacheNamespace(serverURL: "https://hole.example", token: Self.token)
    #expect(!namespace.identifier.contains(Self.token))
    #expect(!SHA256.hex(Self.token).contains(namespace.identifier))
    #expect(!namespace.description.contains(Self.token))
  }
}
