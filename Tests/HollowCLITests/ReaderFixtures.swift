import Foundation
import HollowCache
import HollowKit
import HollowServer

@testable import HollowCLI

/// Posts, themes and services for the reader's view and view-model tests.
enum ReaderFixtures {
  static let theme = ReaderTheme(
    capabilities: TerminalCapabilities(colorDepth: .none), now: Date(timeIntervalSince1970: 1_700_000_000),
    zone: .utc)

  static func post(_ pid: Int, _ text: String = "树洞 post text", likes: Int = 1) -> Post {
    Post(
      pid: pid, text: text, type: .text, timestamp: 1_700_000_000 - 60 * pid % 3600, updatedAt: 1_700_000_000,
      likeCount: likes)
  }

  /// Reader services over a demo server at `url`, with a cache in `folder`.
  static func services(url: String, folder: URL) throws -> ReaderServices {
    let client = TreeHoleClient(
      configuration: ClientConfiguration(apiRoot: URL(string: url)!), http: NetworkHTTPClient())
    let cache = try TreeHoleLoaders.openCache(for: client, directory: folder.path)
    return ReaderServices(loaders: TreeHoleLoaders(client: client, cache: cache), offline: false)
  }
}
