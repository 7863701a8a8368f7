import HollowKit
import Synchronization

/// One of the real backend's per-user limits: at most ``limit`` requests in a window of ``period``
/// seconds, the window starting at the first request after the previous one ended; every request
/// counts, including refused ones, and one past the limit answers `-1` with ``message``.
struct RouteQuota: Sendable, Hashable {
  /// Names the window: routes that share a limit (search and search/attentions) share its name.
  var name: String
  var period: Double
  var limit: Int
  var message: String

  static let day = 24.0 * 3600

  static let searchShortTerm = RouteQuota(shortTerm: .search)
  static let searchDaily = RouteQuota(name: "search-24h", period: day, limit: 1000, message: "你今天搜索太多树洞了，明天再来吧")
  static let postShortTerm = RouteQuota(shortTerm: .post)
  static let postDaily = RouteQuota(name: "post-24h", period: day, limit: 100, message: "你24小时内已经发送太多树洞了")
  static let commentShortTerm = RouteQuota(shortTerm: .comment)
  static let commentDaily = RouteQuota(
    name: "comment-24h", period: day, limit: 500, message: "你24小时内已经发送太多树洞回复了")
  static let wanderDaily = RouteQuota(name: "randomlist-24h", period: day, limit: 200, message: "你今天刷了太多树洞了，明天再来吧")
  static let detailDaily = RouteQuota(name: "detail-24h", period: day, limit: 8000, message: "你今天刷了太多树洞了，明天再来吧")
  static let attentionDaily = RouteQuota(
    name: "attention-24h", period: day, limit: 2000, message: "你今天关注太多树洞了，明天再来吧")
}

extension RouteQuota {
  /// One of the short-term limits, as the client knows them too (HollowKit's `RateLimit`: its window and
  /// the server's message live there once).
  init(shortTerm limit: RateLimit) {
    self.init(
      name: limit.rawValue, period: Double(limit.window.components.seconds), limit: 1, message: limit.serverMessage)
  }
}

/// Counts requests per user and limit in fixed windows, on an injected clock (so tests never sleep).
final class RateLimiter: Sendable {
  private struct Key: Hashable {
    var user: String
    var limit: String
  }

  private struct Window {
    var start: Double
    var count: Int
  }

  private let clock: ServerClock
  private let windows = Mutex<[Key: Window]>([:])

  init(clock: ServerClock) {
    self.clock = clock
  }

  /// Counts the request; throws the limit's refusal when it is one too many.
  func admit(_ limit: RouteQuota, user: String) throws(APIFailure) {
    let now = clock.now()
    let allowed = windows.withLock { windows in
      let key = Key(user: user, limit: limit.name)
      guard var window = windows[key], now < window.start + limit.period, now >= window.start else {
        windows[key] = Window(start: now, count: 1)
        return limit.limit >= 1
      }
      window.count += 1
      windows[key] = window
      return window.count <= limit.limit
    }
    if !allowed { throw .invalid(limit.message) }
  }
}
