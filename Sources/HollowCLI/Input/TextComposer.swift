import HollowKit

/// Turns a ``MessageText`` into the text `send` or `comment` sends: the words given, standard
/// input, or what the user wrote in their editor. Reading is bounded (an endless input is cut off
/// and refused), the text must be UTF-8, and trailing newlines (`echo` adds one) are dropped.
///
/// ```swift
/// let text = try await TextComposer(environment: environment, command: "send").text(.standardInput(explicit: true))
/// ```
struct TextComposer: Sendable {
  let environment: CLIEnvironment
  /// The command path, for usage errors.
  let command: String

  /// More than this is refused unread: a post has at most 10 000 characters, 4 bytes each at most.
  static let maximumBytes = 64 * 1024

  func text(_ source: MessageText) async throws(CLIFailure) -> String {
    switch source {
    case .given(let text):
      return text
    case .standardInput(let explicit):
      if !explicit, environment.stdinIsTerminal {
        throw .usage(UsageError("missing TEXT (give the words, - to read stdin, or --edit)", command: command))
      }
      let bytes: [UInt8]
      do {
        bytes = try environment.stdin.read(atMost: Self.maximumBytes)
      } catch {
        throw .usage(UsageError("cannot read the text from stdin: \(Self.describe(error))", command: command))
      }
      return try decode(bytes, from: "stdin")
    case .editor(let draft):
      let editor = TextEditor(variables: environment.variables, command: command)
      return try decode(try await editor.edit(draft, maximumBytes: Self.maximumBytes), from: "the editor")
    }
  }

  private func decode(_ bytes: [UInt8], from source: String) throws(CLIFailure) -> String {
    guard var text = String(validating: bytes, as: UTF8.self) else {
      throw .usage(UsageError("the text from \(source) is not UTF-8", command: command))
    }
    while text.last?.isNewline == true { text.removeLast() }
    guard !text.isEmpty else {
      throw .usage(UsageError("the text from \(source) is empty; nothing was sent", command: command))
    }
    return text
  }

  static func describe(_ error: TextInputError) -> String {
    switch error {
    case .tooLong(let limit): "it is longer than \(limit / 1024) KiB (a text has at most 10000 characters)"
    case .failed(let reason): reason
    }
  }
}
