import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One cached item of an archive: its key (``HollowKit/CacheKeys``, without namespace) and bytes.
struct ArchiveEntry: Sendable, Equatable {
  var key: String
  var data: Data

  /// What an entry is, from its key's prefix; only these kinds are exported and imported.
  enum Kind: String, Sendable, CaseIterable {
    case page = "page/v1/"
    case post = "post/v1/"
    case comments = "comments/v1/"
    case missingPost = "missing-post/v1/"
    case image = "image/v1/"

    init?(key: String) {
      guard let kind = Kind.allCases.first(where: { key.hasPrefix($0.rawValue) }) else { return nil }
      self = kind
    }
  }

  var kind: Kind? { Kind(key: key) }

  /// Checks that the payload is what its key says (a post with that pid, a page, an image...), so
  /// an import never stores something the loaders would reject.
  func validate() throws(ArchiveEntryDefect) {
    guard let kind else { throw .unknownKey }
    let suffix = String(key.dropFirst(kind.rawValue.count))
    switch kind {
    case .post:
      let post = try Self.decode(Post.self, data)
      guard String(post.pid) == suffix else { throw .mismatch("holds #\(post.pid)") }
    case .comments:
      guard Int(suffix) != nil else { throw .mismatch("has no pid") }
      _ = try Self.decode(CachedComments.self, data)
    case .page:
      do {
        _ = try WireFormat.decode(PostPage.self, from: data)
      } catch {
        throw .undecodable(error.description)
      }
    case .missingPost:
      guard Int(suffix) != nil else { throw .mismatch("has no pid") }
    case .image:
      guard suffix.count == 64, suffix.allSatisfy(\.isHexDigit) else { throw .mismatch("is not an image hash") }
      do {
        _ = try ImageHeader(parsing: data)
      } catch {
        throw .undecodable(error.description)
      }
    }
  }

  private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws(ArchiveEntryDefect) -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw .undecodable("not a \(type)")
    }
  }
}

/// Why one entry was refused.
enum ArchiveEntryDefect: Error, Sendable, Equatable, CustomStringConvertible {
  case unknownKey
  case mismatch(String)
  case undecodable(String)

  var description: String {
    switch self {
    case .unknownKey: "its key is not one the CLI caches"
    case .mismatch(let what): "its key does not match its content (it \(what))"
    case .undecodable(let reason): "its content cannot be read (\(reason))"
    }
  }
}
