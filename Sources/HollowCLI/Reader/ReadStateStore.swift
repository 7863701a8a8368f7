import Signal
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The read state (``ReadState``) of one server and account, kept across runs in the data folder
/// and published to the screens that draw from it.
///
/// One file, `<data folder>/read-<namespace>.json` (the cache namespace: a hash of the server and
/// the token, never the token), replaced atomically (``AtomicFile``) after each change: an open,
/// a follow, notifications seen; never per key. A file that cannot be read (corrupt, another
/// version, too large) is set aside as `….corrupt` and the reader starts afresh with a warning
/// (``warning``); a file that cannot be written leaves the state for this run only, said once.
///
/// ```swift
/// let store = ReadStateStore(folder: "/home/me/.local/share/hollow", namespace: namespace.identifier)
/// store.send(.opened(40117, comments: 5))
/// store.state.mark(for: post)  // .read, or .news(2) once two more comments came
/// ```
final class ReadStateStore: Sendable {
  /// What changes the read state.
  enum Event: Sendable, Equatable {
    /// The post screen opened the post (or its detail arrived, with the current count).
    case opened(Int, comments: Int)
    /// The post was followed here.
    case followed(Int, comments: Int)
    /// The notifications up to this id were shown.
    case sawMessages(upTo: Int)
    /// Posts listed in the followed feed: each without a fact gets its count as the baseline.
    case listed([Count])
  }

  /// A post's comment count as a list showed it.
  struct Count: Sendable, Equatable {
    var pid: Int
    var comments: Int
  }

  private struct Core {
    var state: ReadState
    /// Whether a failed write was already said.
    var toldWriteFailure = false
  }

  /// The file, nil when there is no data folder (the state then lasts only for this run).
  let path: String?
  /// Why the file was not used, for the status line at start; nil when it was (or there was none).
  let warning: String?
  private let core: Mutex<Core>
  private let subject: CurrentValueSubject<ReadState, Never>
  /// The state now, then every change; a slow subscriber skips to the newest.
  let states: Publishers.Share<SubjectValues<ReadState, Never>>

  /// Reads `<folder>/read-<namespace>.json`.
  init(folder: String?, namespace: String, capacity: Int = ReadState.defaultCapacity) {
    let path = folder.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + "read-\(namespace).json" }
    self.path = path
    let (state, warning) = Self.load(path, capacity: capacity)
    self.warning = warning
    core = Mutex(Core(state: state))
    subject = CurrentValueSubject(state)
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
  }

  /// A store without a file: the state lasts while the reader runs.
  convenience init() {
    self.init(folder: nil, namespace: "")
  }

  var state: ReadState { core.withLock { $0.state } }

  /// Records `event`, writes the file when the state changed, and publishes the new state.
  /// Answers a warning the first time the file cannot be written.
  @discardableResult
  func send(_ event: Event) -> ReaderMessage? {
    let (state, changed) = core.withLock { core -> (ReadState, Bool) in
      let changed: Bool
      switch event {
      case .opened(let pid, let comments):
        // Opened again, it is touched (forgotten last) even when its count is the same.
        core.state.open(pid, comments: comments)
        changed = true
      case .followed(let pid, let comments):
        changed = core.state.follow(pid, comments: comments)
      case .sawMessages(let id):
        changed = core.state.seeMessages(upTo: id)
      case .listed(let counts):
        var recorded = false
        for count in counts {
          if core.state.follow(count.pid, comments: count.comments) { recorded = true }
        }
        changed = recorded
      }
      return (core.state, changed)
    }
    guard changed else { return nil }
    subject.trySend(state)
    guard let path, case .failure(let failure) = AtomicFile.write(state.encoded(), to: path) else { return nil }
    let first = core.withLock { core in
      defer { core.toldWriteFailure = true }
      return !core.toldWriteFailure
    }
    return first ? ReaderMessage(error: "read marks kept until you quit: \(failure.reason)") : nil
  }

  /// The state in `path`, or a fresh one and why.
  private static func load(_ path: String?, capacity: Int) -> (ReadState, String?) {
    guard let path, PathKind(of: path) != .missing else { return (ReadState(capacity: capacity), nil) }
    let problem: String
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    if PathKind(of: path) == .folder {
      problem = "it is a folder"
    } else if size > ReadState.maximumFileBytes {
      // Not read at all: a huge file must not cost the start-up.
      problem = "larger than \(ReadState.maximumFileBytes) bytes"
    } else if let data = FileManager.default.contents(atPath: path) {
      do {
        return (try ReadState.decoded(data, capacity: capacity), nil)
      } catch {
        problem = error.description
      }
    } else {
      problem = "it cannot be read"
    }
    let aside = path + ".corrupt"
    _ = try? FileManager.default.removeItem(atPath: aside)
    let moved = (try? FileManager.default.moveItem(atPath: path, toPath: aside)) != nil
    return (
      ReadState(capacity: capacity),
      "read marks start afresh: \(path) is unusable (\(problem))" + (moved ? "; kept as \(aside)" : "")
    )
  }
}
