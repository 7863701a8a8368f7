#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the cache folder lives.
///
/// ```swift
/// // --cache-dir wins, then HOLLOW_CACHE_DIR, then $XDG_CACHE_HOME/hollow, then ~/.cache/hollow.
/// let folder = try CacheDirectory.resolve(override: options.cacheDir)
/// let cache = try DiskCache(directory: folder)
/// ```
public enum CacheDirectory {
  /// The environment variable that overrides the folder when no explicit override is given.
  public static let environmentVariable = "HOLLOW_CACHE_DIR"

  /// The cache folder: `override` if given and not empty, else `HOLLOW_CACHE_DIR`, else
  /// `$XDG_CACHE_HOME/hollow` (only if it is an absolute path, as the XDG specification requires), else
  /// `$HOME/.cache/hollow`. Nothing is created here; ``DiskCache`` creates the folder with mode 0700.
  ///
  /// - Throws: ``CacheError/noCacheDirectory`` when none of these is available.
  public static func resolve(
    override: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(CacheError) -> String {
    if let override, !override.isEmpty { return override }
    if let explicit = environment[environmentVariable], !explicit.isEmpty { return explicit }
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return joined(xdg, "hollow") }
    if let home = environment["HOME"], !home.isEmpty { return joined(home, ".cache/hollow") }
    throw .noCacheDirectory
  }

  private static func joined(_ base: String, _ component: String) -> String {
    base.hasSuffix("/") ? base + component : base + "/" + component
  }
}
