import HollowKit

/// Maps a request to its handler: the `/v3` API (token checked first), `/images/…`, or a 404.
struct Router: Sendable {
  let store: DataStore
  let token: String?

  private static let routes: [String: (method: String, endpoint: APIHandlers.Endpoint)] = [
    "/v3/contents/post/list": ("GET", .timeline),
    "/v3/contents/post/randomlist": ("GET", .randomList),
    "/v3/contents/post/attentions": ("GET", .followed),
    "/v3/contents/search": ("GET", .search),
    "/v3/contents/search/attentions": ("GET", .searchFollowed),
    "/v3/contents/post/detail": ("GET", .detail),
    "/v3/contents/system_msg": ("GET", .systemMessages),
    "/v3/send/post": ("POST", .sendPost),
    "/v3/send/comment": ("POST", .sendComment),
    "/v3/send/vote": ("POST", .sendVote),
    "/v3/edit/attention": ("POST", .editAttention),
    "/v3/edit/report/post": ("POST", .reportPost),
    "/v3/edit/report/comment": ("POST", .reportComment),
  ]

  static let imagePrefix = "/images/"

  func respond(to request: HTTPRequest) -> HTTPResponse {
    if request.path.hasPrefix(Self.imagePrefix) {
      return image(at: String(request.path.dropFirst(Self.imagePrefix.count)), method: request.method)
    }
    guard let route = Self.routes[request.path] else {
      return .apiError(APIStatus.failure, "not found: \(request.path)", status: 404)
    }
    guard request.method == route.method else {
      return .apiError(APIStatus.failure, "\(request.method) not allowed, use \(route.method)", status: 405)
    }
    do throws(APIFailure) {
      if let token, request.header("token") != token { throw .tokenExpired }
      return try APIHandlers(store: store).handle(route.endpoint, request)
    } catch {
      return .apiError(error.code, error.message, status: error.httpStatus)
    }
  }

  private func image(at path: String, method: String) -> HTTPResponse {
    guard method == "GET", let image = store.image(at: path) else {
      return .apiError(APIStatus.failure, "no image at \(path)", status: 404)
    }
    return HTTPResponse(status: 200, contentType: image.contentType, body: image.bytes)
  }
}
