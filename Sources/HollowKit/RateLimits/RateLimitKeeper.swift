import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps the server's short-term windows on the client: a request of a ``RateLimit`` kind waits
/// until the window since the previous answer of that kind (plus ``RateLimit/margin``) is over.
/// With a file, the time of each last answer is kept across runs, so two `search` commands in a
/// row wait, then succeed.
///
/// Time is injected: `now` is the wall clock in seconds since 1970 (what the file keeps), and
/// `sleep` waits (a test passes a test clock's).
///
/// ```swift
/// let keeper = RateLimitKeeper(file: dataFolder + "/rate-limits-" + namespace)
/// let client = TreeHoleClient(configuration: configuration, rateLimits: keeper)
/// keeper.delay(before: .search)   // .zero, or how long the next search will wait
/// ```
public final class RateLimitKeeper: Sendable {
  public typealias Now = @Sendable () -> Double
  public typealias Sleep = @Sendable (Duration) async throws -> Void

  private let now: Now
  private let sleep: Sleep
  private let file: String?
  /// The wall time of the last answer of each kind.
  private let answered: Mutex<[RateLimit: Double]>

  /// - Parameters:
  ///   - file: where the last answers' times are kept across runs; nil keeps them in memory only.
  ///   - now: the wall clock, seconds since 1970.
  ///   - sleep: waits for a duration; throws when cancelled.
  public init(
    file: String? = nil, now: @escaping Now = { Date().timeIntervalSince1970 },
    sleep: @escaping Sleep = { try await Task.sleep(for: $0) }
  ) {
    self.now = now
    self.sleep = sleep
    self.file = file
    answered = Mutex(file.map(Self.read) ?? [:])
  }

  /// How long a request of `limit`'s kind sent now would wait; zero when the window is open.
  public func delay(before limit: RateLimit) -> Duration {
    guard let last = answered.withLock({ $0[limit] }) else { return .zero }
    let opens = last + Self.seconds(limit.window + RateLimit.margin)
    // Whole milliseconds: seconds since 1970 in a Double are exact to about a microsecond.
    let wait = Int64(((opens - now()) * 1000).rounded())
    // A time in the future (the clock was set back) waits one window at most.
    return wait <= 0 ? .zero : min(.milliseconds(wait), limit.window + RateLimit.margin)
  }

  /// Waits until a request of `limit`'s kind may be sent.
  ///
  /// - Throws: `CancellationError` when the waiting task is cancelled.
  public func waitForWindow(_ limit: RateLimit) async throws {
    while true {
      let wait = delay(before: limit)
      guard wait > .zero else { return }
      try await sleep(wait)
    }
  }

  /// Notes that an answer to a request of `limit`'s kind arrived now: the next window starts.
  public func answerArrived(_ limit: RateLimit) {
    let time = now()
    let snapshot = answered.withLock { answered in
      answered[limit] = time
      return answered
    }
    if let file { Self.write(snapshot, to: file) }
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// One `kind seconds` line per limit; anything unreadable is ignored (the window is then open).
  private static func read(_ file: String) -> [RateLimit: Double] {
    guard let data = FileManager.default.contents(atPath: file) else { return [:] }
    var times: [RateLimit: Double] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 2, let limit = RateLimit(rawValue: String(parts[0])), let time = Double(parts[1]),
        time.isFinite
      else { continue }
      times[limit] = time
    }
    return times
  }

  /// Best effort: a lost file only means one request that may wait less than it should.
  private static func write(_ times: [RateLimit: Double], to file: String) {
    let text = times.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)\n" }.joined()
    if let slash = file.lastIndex(of: "/"), slash != file.startIndex {
      try? FileManager.default.createDirectory(atPath: String(file[..<slash]), withIntermediateDirectories: true)
    }
    _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
  }
}
