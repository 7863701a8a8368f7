import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The drafts whose send failed (offline, a rate limit, a server error), kept in the data folder
/// so the next time the same prompt opens, in this run or a later one, the text comes back instead
/// of being lost on a forum without delete.
///
/// One file, `<data folder>/drafts.json` (mode 0600, replaced atomically), maps a server and a
/// prompt (`comment #40117`, `new post`) to the text. The server is named by its URL without user,
/// password, query or fragment, and nothing else is stored: never a token. The file is read when
/// a prompt opens and written when a send fails or succeeds, never at start-up or per key.
///
/// ```swift
/// let drafts = DraftStore(folder: "/home/me/.local/share/hollow", server: "http://embedded-demo.hollow.invalid")
/// drafts.keep("半句话", for: "comment #40117")
/// drafts.draft(for: "comment #40117")  // "半句话"
/// drafts.discard(for: "comment #40117")
/// ```
final class DraftStore: Sendable {
  /// The data folder, nil when there is none (drafts then last only while the reader runs).
  let folder: String?
  let server: String
  /// What this run kept, for when the folder cannot be written.
  private let memory = Mutex<[String: String]>([:])

  init(folder: String?, server: String) {
    self.folder = folder
    self.server = server
  }

  /// The store for `apiRoot`'s server in `folder`.
  convenience init(folder: String?, apiRoot: URL) {
    self.init(folder: folder, server: Self.serverName(apiRoot))
  }

  /// `scheme://host[:port]/path`, without what might hold a secret (user, password, query).
  static func serverName(_ url: URL) -> String {
    let scheme = url.scheme ?? "http"
    let port = url.port.map { ":\($0)" } ?? ""
    return "\(scheme)://\(url.host ?? "")\(port)\(url.path)"
  }

  var path: String? { folder.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + "drafts.json" } }

  /// The kept draft of `key`, if any.
  func draft(for key: String) -> String? {
    if let kept = memory.withLock({ $0[key] }) { return kept }
    return readAll()[server]?[key]
  }

  /// Keeps `text` for `key`; answers where, or why it could only be kept for this run.
  @discardableResult
  func keep(_ text: String, for key: String) -> Result<String, DraftStoreError> {
    memory.withLock { $0[key] = text }
    return update { $0[key] = text }
  }

  /// Forgets the draft of `key` (it was sent).
  func discard(for key: String) {
    memory.withLock { $0[key] = nil }
    guard readAll()[server]?[key] != nil else { return }
    _ = update { $0[key] = nil }
  }

  private func readAll() -> [String: [String: String]] {
    guard let path, let data = FileManager.default.contents(atPath: path) else { return [:] }
    return (try? JSONDecoder().decode([String: [String: String]].self, from: data)) ?? [:]
  }

  private func update(_ change: (inout [String: String]) -> Void) -> Result<String, DraftStoreError> {
    guard let path else { return .failure(DraftStoreError(reason: "no data folder (HOME is not set)")) }
    var all = readAll()
    change(&all[server, default: [:]])
    if all[server]?.isEmpty == true { all[server] = nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    guard let data = try? encoder.encode(all) else { return .failure(DraftStoreError(reason: "cannot encode")) }
    if case .failure(let failure) = AtomicFile.write(data, to: path) {
      return .failure(DraftStoreError(reason: failure.reason))
    }
    return .success(path)
  }
}

/// Why a draft could only be kept for this run.
struct DraftStoreError: Error, Sendable, Equatable {
  var reason: String
}
