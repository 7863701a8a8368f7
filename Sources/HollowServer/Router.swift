import HollowKit

/// Maps a request to its handler the way the real backend's middleware chain does: `/images/…` (the image
/// host, no token), then the token (an unknown one is an anonymous reader where unregistered access is
/// allowed, else `-100`), then the route (an unknown path or method: gin's plain-text 404), then, per route,
/// users only, a valid `page`, the rate limits, and the handler.
struct Router: Sendable {
  let store: DataStore
  let token: String?
  let allowsAnonymous: Bool
  /// Nil when rate limits are off.
  let limiter: RateLimiter?
  let maxImageBytes: Int

  /// One route, registered in one line: its method, handler, whether anonymous readers may use it, the
  /// largest `page` it takes (checked before the limits, as on the real backend) and its rate limits.
  struct Route: Sendable {
    var method: String
    var endpoint: APIHandlers.Endpoint
    var usersOnly = false
    var maximumPage: Int?
    var limits: [RouteQuota] = []
  }

  private static let list = APIHandlers.maximumListPage
  private static let search = APIHandlers.maximumSearchPage

  static let routes: [String: Route] = [
    "/v3/contents/post/list": Route(method: "GET", endpoint: .timeline, maximumPage: list),
    "/v3/contents/post/randomlist": Route(method: "GET", endpoint: .randomList, limits: [.wanderDaily]),
    "/v3/contents/post/detail": Route(method: "GET", endpoint: .detail, limits: [.detailDaily]),
    "/v3/contents/search": Route(
      method: "GET", endpoint: .search, maximumPage: search, limits: [.searchShortTerm, .searchDaily]),
    "/v3/contents/post/attentions": Route(method: "GET", endpoint: .followed, usersOnly: true, maximumPage: list),
    "/v3/contents/my_msgs": Route(method: "GET", endpoint: .userMessages, usersOnly: true, maximumPage: list),
    "/v3/contents/search/attentions": Route(
      method: "GET", endpoint: .searchFollowed, usersOnly: true, maximumPage: search,
      limits: [.searchShortTerm, .searchDaily]),
    "/v3/contents/system_msg": Route(method: "GET", endpoint: .systemMessages, usersOnly: true),
    "/v3/send/post": Route(
      method: "POST", endpoint: .sendPost, usersOnly: true, limits: [.postShortTerm, .postDaily]),
    "/v3/send/vote": Route(method: "POST", endpoint: .sendVote, usersOnly: true),
    "/v3/send/comment": Route(
      method: "POST", endpoint: .sendComment, usersOnly: true, limits: [.commentShortTerm, .commentDaily]),
    "/v3/edit/attention": Route(method: "POST", endpoint: .editAttention, usersOnly: true, limits: [.attentionDaily]),
    "/v3/edit/report/post": Route(method: "POST", endpoint: .reportPost, usersOnly: true),
    "/v3/edit/report/comment": Route(method: "POST", endpoint: .reportComment, usersOnly: true),
  ]

  static let imagePrefix = "/images/"

  func respond(to request: HTTPRequest) -> HTTPResponse {
    if request.path.hasPrefix(Self.imagePrefix) {
      return image(at: String(request.path.dropFirst(Self.imagePrefix.count)), method: request.method)
    }
    let viewer: Viewer
    if let token, request.header("token") != token {
      guard allowsAnonymous else { return Self.failure(.tokenExpired) }
      viewer = .anonymous
    } else {
      viewer = .user
    }
    guard let route = Self.routes[request.path], route.method == request.method else { return .notFound }
    do throws(APIFailure) {
      if route.usersOnly, viewer == .anonymous { throw .tokenExpired }
      if let maximum = route.maximumPage { _ = try APIHandlers.page(request.query, maximum: maximum) }
      if let limiter, let user = viewer.limiterKey {
        for limit in route.limits { try limiter.admit(limit, user: user) }
      }
      let response = try APIHandlers(store: store, maxImageBytes: maxImageBytes, viewer: viewer)
        .handle(route.endpoint, request)
      return Self.escapingLikeGo(response)
    } catch {
      return Self.failure(error)
    }
  }

  /// Go's JSON encoder writes `<`, `>` and `&` as `\u003c`, `\u003e` and `\u0026`; in JSON they can only
  /// stand inside strings, so replacing the bytes is exact.
  static func escapingLikeGo(_ response: HTTPResponse) -> HTTPResponse {
    guard response.contentType.hasPrefix("application/json"),
      response.body.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") })
    else { return response }
    var escaped = response
    escaped.body = []
    escaped.body.reserveCapacity(response.body.count + 32)
    for byte in response.body {
      switch byte {
      case UInt8(ascii: "<"): escaped.body += Array("\\u003c".utf8)
      case UInt8(ascii: ">"): escaped.body += Array("\\u003e".utf8)
      case UInt8(ascii: "&"): escaped.body += Array("\\u0026".utf8)
      default: escaped.body.append(byte)
      }
    }
    return escaped
  }

  private static func failure(_ error: APIFailure) -> HTTPResponse {
    .apiError(error.code, error.message, status: error.httpStatus)
  }

  private func image(at path: String, method: String) -> HTTPResponse {
    guard method == "GET", let image = store.image(at: path) else { return .notFound }
    return HTTPResponse(status: 200, contentType: image.contentType, body: image.bytes)
  }
}
