import HollowKit

/// A request the API refuses: answered as `{"code": code, "msg": message}` with `httpStatus`.
struct APIFailure: Error, Equatable {
  var code: Int
  var message: String
  var httpStatus = 200

  static func invalid(_ message: String) -> APIFailure {
    APIFailure(code: APIStatus.failure, message: message)
  }

  /// `-101`: only detail, send/comment and report answer it.
  static let noSuchPost = APIFailure(code: APIStatus.noSuchPost, message: "找不到这条树洞")
  /// `-100`: no or an unknown token (without unregistered access), or an anonymous reader on a route for users.
  static let tokenExpired = APIFailure(code: APIStatus.tokenExpired, message: "登录凭据过期，请使用邮箱重新登录。")
}
