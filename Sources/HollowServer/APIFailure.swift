import HollowKit

/// A request the API refuses: answered as `{"code": code, "msg": message}` with `httpStatus`.
struct APIFailure: Error, Equatable {
  var code: Int
  var message: String
  var httpStatus = 200

  static func invalid(_ message: String) -> APIFailure {
    APIFailure(code: APIStatus.failure, message: message)
  }

  static let noSuchPost = APIFailure(code: APIStatus.noSuchPost, message: "没有这条树洞 (no such post)")
  static let tokenExpired = APIFailure(code: APIStatus.tokenExpired, message: "登录凭据过期，请重新登录 (token expired)")

  static func tooLarge(_ message: String) -> APIFailure {
    APIFailure(code: APIStatus.failure, message: message, httpStatus: 413)
  }
}
