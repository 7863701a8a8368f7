import Signal
import Synchronization

/// The compose prompt's view model: opened for a comment, a new post or a vote, edited key by
/// key (any script: CJK arrives as characters), then submitted or cancelled. It publishes the
/// prompt (nil when closed); submitting hands the text to `onSubmit`.
///
/// ```swift
/// let compose = ComposeViewModel { purpose, text in actions.comment(on: 42, text: text) }
/// compose.open(.comment(pid: 42))
/// compose.type("好")
/// compose.submit()
/// ```
final class ComposeViewModel: Sendable {
  private let subject = CurrentValueSubject<ComposeState?, Never>(nil)
  private let current = Mutex<ComposeState?>(nil)
  private let onSubmit: @Sendable (ComposeState.Purpose, String) -> Void
  /// The prompt now, then every change.
  let states: Publishers.Share<SubjectValues<ComposeState?, Never>>

  init(onSubmit: @escaping @Sendable (ComposeState.Purpose, String) -> Void) {
    self.onSubmit = onSubmit
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
  }

  var state: ComposeState? { current.withLock { $0 } }

  func open(_ purpose: ComposeState.Purpose) {
    set(ComposeState(purpose: purpose))
  }

  func type(_ text: String) {
    guard var state else { return }
    state.text += text
    // A vote takes one number: it is sent at once.
    if case .vote = state.purpose {
      set(state)
      return submit()
    }
    set(state)
  }

  func erase() {
    guard var state, !state.text.isEmpty else { return }
    state.text.removeLast()
    set(state)
  }

  func cancel() {
    set(nil)
  }

  /// Closes the prompt and hands its text over; an empty text is not sent.
  func submit() {
    guard let state else { return }
    set(nil)
    let text = String(state.text.trimmingWhitespace())
    guard !text.isEmpty else { return }
    onSubmit(state.purpose, text)
  }

  private func set(_ state: ComposeState?) {
    current.withLock { current in
      current = state
      subject.trySend(state)
    }
  }
}
