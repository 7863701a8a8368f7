import HollowCache
import Testing

@Suite("CacheDirectory: override, HOLLOW_CACHE_DIR, XDG_CACHE_HOME, HOME")
struct CacheDirectoryTests {
  static let full = ["HOLLOW_CACHE_DIR": "/env/cache", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/me"]

  @Test("each source wins over the ones after it")
  func precedence() throws {
    #expect(try CacheDirectory.resolve(override: "/flag", environment: Self.full) == "/flag")
    #expect(try CacheDirectory.resolve(override: "", environment: Self.full) == "/env/cache")
    #expect(try CacheDirectory.resolve(environment: ["XDG_CACHE_HOME": "/xdg/", "HOME": "/h"]) == "/xdg/hollow")
    #expect(try CacheDirectory.resolve(environment: ["HOME": "/home/me"]) == "/home/me/.cache/hollow")
  }

  @Test("a relative XDG_CACHE_HOME is ignored, as the XDG specification says")
  func relativeXDG() throws {
    #expect(try CacheDirectory.resolve(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]) == "/h/.cache/hollow")
  }

  @Test("with nothing to go on, resolution fails with a clear error")
  func nothing() {
    #expect(throws: CacheError.noCacheDirectory) { try CacheDirectory.resolve(environment: [:]) }
  }
}
