import HollowKit

/// The result of the last action, shown in the status line until the next key: "following #42",
/// or an error. A failure puts its short reason first ("投票失败，已经投过票了 · vote in #40178
/// failed: server error -1 …"), so a status line cut at the width keeps the useful half; `M`
/// shows the whole text.
///
/// ```swift
/// ReaderMessage("copied #42")
/// ReaderMessage(error: "vote failed: option 3 does not exist")
/// ReaderMessage(failed: "vote in #42", error)
/// ```
struct ReaderMessage: Sendable, Equatable {
  var text: String
  var isError: Bool

  init(_ text: String) {
    self.text = text
    isError = false
  }

  init(error text: String) {
    self.text = text
    isError = true
  }

  /// `action` failed with `error`: the short reason, then the action and the whole error, then
  /// `suffix` (" · draft kept").
  init(failed action: String, _ error: HollowError, suffix: String = "") {
    self.init(error: "\(error.kind.shortReason) · \(action) failed: \(error.kind.description)\(suffix)")
  }
}

extension HollowError.Kind {
  /// A few words for the status line's start: the server's own message when it gave one.
  var shortReason: String {
    switch self {
    case .invalidInput(let reason): reason
    case .transport(let failure): failure.description
    case .fileTooLarge: "the upload is too large"
    case .httpStatus(let status): "HTTP \(status)"
    case .decoding: "an answer that could not be read"
    case .tokenExpired: "log in again"
    case .noSuchPost: "no such post"
    case .server(let code, let message): message.isEmpty ? "server error \(code)" : message
    case .rateLimited(let limit, _): "too fast: the server allows \(limit)"
    case .dailyCap(let cap, _): "\(cap)"
    case .tokenRequired: "this needs a token"
    }
  }
}
