import HollowCache

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keys the loaders store under, inside a `TwoTierCache`'s `CacheNamespace` (HollowCache types; the
/// namespace keeps servers and accounts apart).
///
/// Keys carry a version segment and never change meaning, so caches written by older builds stay
/// readable; a new encoding gets a new version instead.
///
/// ```swift
/// CacheKeys.post(42)               // "post/v1/42"
/// CacheKeys.page(feed: "list", 2)  // "page/v1/list/2"
/// ```
public enum CacheKeys {
  /// An image's bytes, by the SHA-256 of its absolute URL.
  public static func image(_ url: URL) -> String {
    "image/v1/" + SHA256.hex(url.absoluteString)
  }

  /// A post, without its comments.
  public static func post(_ pid: Int) -> String {
    "post/v1/\(pid)"
  }

  /// A post's comments (a ``CachedComments``), stored apart so a post loaded alone never replaces them.
  public static func comments(_ pid: Int) -> String {
    "comments/v1/\(pid)"
  }

  /// A marker that the server answered "no such post" for `pid`.
  public static func missingPost(_ pid: Int) -> String {
    "missing-post/v1/\(pid)"
  }

  /// A page of a feed (`list`, `attentions`, ...), as the server's JSON.
  public static func page(feed: String, _ page: Int) -> String {
    "page/v1/\(feed)/\(page)"
  }
}
