/// What the user asks of the compose prompt: open it for a purpose, a key while it is open, or a
/// text written elsewhere (the editor) to send as if submitted.
///
/// ```swift
/// compose.send(.open(.comment(pid: 42)))
/// compose.send(.key(.character("好")))
/// compose.send(.key(.enter))
/// ```
enum ComposeIntent: Sendable, Equatable {
  /// Opens the prompt, holding the draft a failed send of `purpose` kept.
  case open(ComposeState.Purpose)
  /// Opens the prompt holding `text` (the last search within a post, to search again).
  case openWith(ComposeState.Purpose, text: String)
  /// One key while the prompt is open (readline's keys; Enter sends, Esc cancels).
  case key(Key)
  /// Sends a text written in the editor, as if submitted from the prompt.
  case submitWritten(String, ComposeState.Purpose)
}
