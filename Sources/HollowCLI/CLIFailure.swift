import HollowKit

/// Why a command did not succeed, and the exit status that says so: 2 for a bad command line
/// (including input the request layer rejects before sending), 1 for a failed request.
public enum CLIFailure: Error, Sendable {
  case usage(UsageError)
  case request(HollowError, command: String)
  /// Anything else that failed, e.g. the embedded server could not start.
  case failed(String)

  /// The status to exit with.
  var exitStatus: Int32 {
    switch self {
    case .usage: HollowCommandLine.usageStatus
    case .request(let error, _):
      if case .invalidInput = error.kind { HollowCommandLine.usageStatus } else { HollowCommandLine.failureStatus }
    case .failed: HollowCommandLine.failureStatus
    }
  }

  /// What to print on stderr, with `token` (if any) blotted out.
  func message(redacting token: String?) -> String {
    let text: String
    switch self {
    case .usage(let error):
      text = error.description
    case .request(let error, let command):
      if case .invalidInput(let reason) = error.kind {
        text = UsageError(reason, command: command).description
      } else if error.kind == .tokenRequired {
        text = "\(HollowCommandLine.name): \(error.request): \(error.kind); give one with --token or HOLLOW_TOKEN"
      } else {
        text = "\(HollowCommandLine.name): \(error.request) failed: \(error.kind)"
      }
    case .failed(let reason):
      text = "\(HollowCommandLine.name): \(reason)"
    }
    guard let token, !token.isEmpty else { return text }
    return text.replacing(token, with: "<token>")
  }
}
