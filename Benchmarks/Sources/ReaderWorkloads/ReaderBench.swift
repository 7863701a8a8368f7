import Foundation
import HollowServer

/// The reader rows: the built `hollow-cli` in a pseudo-terminal of 80x24, pointed (through
/// `HOLLOW_SERVER`) at a demo server in this process that answers every request after `latency`,
/// timed as a user sees it: from starting the program to the end of the first frame with posts
/// (cold: an empty cache; warm: the cache the cold run left), and from typing a navigation key
/// to the end of its redraw.
///
/// The end of a frame is deterministic: the reader wraps every update in a synchronized-update
/// pair, so a frame has been written in full when `ESC [ ? 2026 l` arrives after it.
///
/// ```swift
/// let bench = try ReaderBench(binary: "../.build/release/hollow-cli", latency: .milliseconds(50))
/// let cold = try bench.start(cache: "a")        // the first frame with posts, then quit
/// let keys = try bench.keystrokes(count: 100, cache: "a")
/// ```
public final class ReaderBench {
  /// One start of the reader: how long until its first frame with posts, and what that frame said.
  public struct Start: Sendable {
    public var toFirstPosts: Duration
    /// From starting the program to the server receiving page 1's request (its start-up, before
    /// the one round trip), measured to within about 2 ms.
    public var toPageRequest: Duration?
    /// The status line of that frame said "cached" (the posts came from the cache).
    public var fromCache: Bool
    /// Requests the server answered before that frame ended.
    public var requestsBefore: Int
  }

  /// Navigation keys on a loaded feed: the time from typing each to the end of its redraw, and
  /// the bytes each redraw wrote; `fullFrame` is what drawing every row of that feed takes (a
  /// resize redraws every row).
  public struct Keystrokes: Sendable {
    public var durations: [Duration]
    public var bytes: [Int]
    public var fullFrame: Int
  }

  public let binary: String
  public let latency: Duration
  public let server: HollowServer
  private let root: String
  private let folder: URL
  private let clock = ContinuousClock()

  static let frameEnd = Array("\u{1B}[?2026l".utf8)
  static let pagePath = "/v3/contents/post/list"
  /// In the title once the feed has posts: "hollow · timeline · 30 posts · 1/30".
  static let postsShown = Array("posts · 1/".utf8)

  public init(binary: String, latency: Duration) throws {
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw PseudoTerminalProcess.Failure(
        description: "no hollow-cli at \(binary) (build it, or pass --hollow-cli PATH)")
    }
    self.binary = binary
    self.latency = latency
    server = HollowServer(
      // Rate limits off: a benchmark runs many more detail requests than the real daily cap (8000).
      configuration: ServerConfiguration(seed: 1, latency: .fixed(latency), enforcesRateLimits: false))
    root = "http://127.0.0.1:\(try server.start())"
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-reader-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    server.shutdown()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Starts the reader on the timeline with the cache in `cache` (a subfolder, empty the first
  /// time); answers when its first frame with posts was complete. It then waits for page 1 from
  /// the server ("fresh"), quits with `q` (the cache is written on the way out) and checks the
  /// exit status.
  public func start(cache: String) throws -> Start {
    let requests = server.requests.count
    let pageRequests = server.requestCount(path: Self.pagePath)
    let started = clock.now
    let reader = try spawn(cache: cache)
    var toPageRequest: Duration?
    var end = 0
    try reader.read(
      until: "a frame with posts",
      polling: { [server, clock] in
        guard toPageRequest == nil else { return 100 }
        if server.requestCount(path: Self.pagePath) > pageRequests { toPageRequest = clock.now - started }
        return toPageRequest == nil ? 2 : 100
      }
    ) { output in
      guard let marker = Self.find(Self.postsShown, in: output, from: 0),
        let frameEnd = Self.find(Self.frameEnd, in: output, from: marker)
      else { return false }
      end = frameEnd
      return true
    }
    let toFirstPosts = clock.now - started
    let requestsBefore = server.requests.count - requests
    let frame = String(decoding: reader.output[..<end], as: UTF8.self)
    try reader.read(until: "the fresh page 1") { Self.find(Array(" fresh".utf8), in: $0, from: 0) != nil }
    try quit(reader)
    return Start(
      toFirstPosts: toFirstPosts, toPageRequest: toPageRequest, fromCache: frame.contains("cached"),
      requestsBefore: requestsBefore)
  }

  /// Opens the reader on the timeline with the cache in `cache`, waits until page 1 from the
  /// server is shown and the screen is quiet (cited posts and images loaded), then types `j` and
  /// `k` in turn `count` times (the cursor stays within page 1, so no key loads a page), each
  /// once the previous redraw has ended.
  public func keystrokes(count: Int, cache: String) throws -> Keystrokes {
    let reader = try spawn(cache: cache)
    try reader.read(until: "the fresh page 1") { Self.find(Array(" fresh".utf8), in: $0, from: 0) != nil }
    // Cited posts and images arrive after page 1 and redraw the rows they are on; the keys are
    // typed once nothing has been drawn for half a second.
    reader.readUntilQuiet(milliseconds: 500)
    // Every row once: a frame of another size is drawn in full; then the same at 80x24.
    for columns in [81, 80] {
      reader.clearOutput()
      reader.resize(rows: 24, columns: columns)
      try reader.read(until: "the frame at \(columns) columns") { Self.find(Self.frameEnd, in: $0, from: 0) != nil }
    }
    let fullFrame = reader.output.count
    var durations: [Duration] = []
    var bytes: [Int] = []
    for index in 0..<count {
      reader.clearOutput()
      let typed = clock.now
      try reader.type(index.isMultiple(of: 2) ? "j" : "k")
      try reader.read(until: "the redraw of key \(index + 1)", seconds: 10) {
        Self.find(Self.frameEnd, in: $0, from: 0) != nil
      }
      durations.append(clock.now - typed)
      bytes.append(reader.output.count)
    }
    try quit(reader)
    return Keystrokes(durations: durations, bytes: bytes, fullFrame: fullFrame)
  }

  /// How long `hollow-cli --version` takes from spawn to exit in the same pseudo-terminal: the
  /// floor a start pays before any request.
  public func processFloor() throws -> Duration {
    let started = clock.now
    let process = try PseudoTerminalProcess(
      binary: binary, arguments: ["--version"], variables: variables(cache: "floor"), rows: 24, columns: 80)
    let status = try process.waitForExit()
    guard status == 0 else {
      throw PseudoTerminalProcess.Failure(description: "hollow-cli --version: status \(status)")
    }
    return clock.now - started
  }

  private func spawn(cache: String) throws -> PseudoTerminalProcess {
    try PseudoTerminalProcess(binary: binary, arguments: [], variables: variables(cache: cache), rows: 24, columns: 80)
  }

  private func variables(cache: String) -> [String: String] {
    [
      "HOLLOW_SERVER": root, "HOLLOW_IMAGE_BASE": root + "/images/",
      "HOLLOW_CACHE_DIR": folder.appendingPathComponent(cache).path,
      "HOME": folder.path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path, "PATH": "/usr/bin:/bin",
      "LANG": "C.UTF-8", "TERM": "xterm-256color",
    ]
  }

  private func quit(_ reader: PseudoTerminalProcess) throws {
    try reader.type("q")
    let status = try reader.waitForExit()
    guard status == 0 else {
      throw PseudoTerminalProcess.Failure(description: "the reader ended with status \(status)")
    }
  }

  /// Where `needle` starts in `haystack` at or after `start`.
  static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
    var index = start
    while index <= haystack.count - needle.count {
      if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
