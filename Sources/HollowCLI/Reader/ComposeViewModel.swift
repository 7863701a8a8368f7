import Signal
import Synchronization

/// The compose prompt's view model: opened for a comment, a new post or a vote (with the draft
/// kept from a failed send, if there is one), edited key by key with readline's keys (any
/// script: CJK arrives as characters), then sent or cancelled. It publishes the prompt (nil when
/// closed); sending hands the text to `onSubmit`.
///
/// Writing cannot go wrong by accident: Enter sends only a draft with something in it; Ctrl-J and
/// Alt-Enter insert a newline, never send; a paste (``Key/paste(_:)``) is inserted as text,
/// newlines included, whatever it holds. A vote takes one digit and is sent at once.
///
/// ```swift
/// let compose = ComposeViewModel(drafts: nil) { purpose, text in actions.comment(on: 42, text: text) }
/// compose.open(.comment(pid: 42))
/// compose.handle(.character("好"))
/// compose.handle(.enter)
/// ```
final class ComposeViewModel: Sendable {
  private let subject = CurrentValueSubject<ComposeState?, Never>(nil)
  private let current = Mutex<ComposeState?>(nil)
  private let drafts: DraftStore?
  private let onSubmit: @Sendable (ComposeState.Purpose, String) -> Void
  /// The prompt now, then every change.
  let states: Publishers.Share<SubjectValues<ComposeState?, Never>>

  init(drafts: DraftStore?, onSubmit: @escaping @Sendable (ComposeState.Purpose, String) -> Void) {
    self.drafts = drafts
    self.onSubmit = onSubmit
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
  }

  var state: ComposeState? { current.withLock { $0 } }

  /// Opens the prompt for `purpose`, holding the draft a failed send of it kept (or `text`).
  func open(_ purpose: ComposeState.Purpose, text: String? = nil) {
    let kept = text ?? purpose.draftKey.flatMap { drafts?.draft(for: $0) } ?? ""
    set(ComposeState(purpose: purpose, draft: EditableText(kept)))
  }

  /// The draft kept for `purpose` (the editor starts from it).
  func keptDraft(for purpose: ComposeState.Purpose) -> String {
    purpose.draftKey.flatMap { drafts?.draft(for: $0) } ?? ""
  }

  /// One key while the prompt is open.
  func handle(_ key: Key) {
    guard var state else { return }
    if case .vote = state.purpose { return vote(key) }
    switch key {
    case .escape: return cancel()
    case .enter: return submit()
    case .character(let character): state.draft.insert(String(character))
    case .paste(let text): state.draft.insert(text)
    case .control("j"), .altEnter: state.draft.insert("\n")
    case .tab: state.draft.insert("\t")
    case .left, .control("b"): state.draft.moveLeft()
    case .right, .control("f"): state.draft.moveRight()
    case .home, .control("a"): state.draft.moveToLineStart()
    case .end, .control("e"): state.draft.moveToLineEnd()
    case .backspace, .control("h"): state.draft.deleteBackward()
    case .delete, .control("d"): state.draft.deleteForward()
    case .control("w"): state.draft.deleteWordBackward()
    case .control("u"): state.draft.deleteToLineStart()
    default: return
    }
    set(state)
  }

  /// A vote: a digit sends at once, Esc cancels, anything else (a paste too) does nothing.
  private func vote(_ key: Key) {
    switch key {
    case .escape: cancel()
    case .character(let character) where character.isASCII && character.isNumber:
      guard let state else { return }
      set(nil)
      onSubmit(state.purpose, String(character))
    default: break
    }
  }

  /// Closes the prompt without sending. A kept draft follows what was done to it: emptied, it is
  /// forgotten; changed, the change is kept.
  func cancel() {
    if let state, let key = state.purpose.draftKey, let drafts, let kept = drafts.draft(for: key) {
      let text = String(state.text.trimmingWhitespace())
      if text.isEmpty {
        drafts.discard(for: key)
      } else if text != kept {
        drafts.keep(text, for: key)
      }
    }
    set(nil)
  }

  /// Closes the prompt and hands its text over, when there is one: Enter on an empty (or blank)
  /// draft leaves the prompt open.
  func submit() {
    guard let state else { return }
    let text = String(state.text.trimmingWhitespace())
    guard !text.isEmpty else { return }
    set(nil)
    onSubmit(state.purpose, text)
  }

  /// Sends a text written elsewhere (the editor) as if submitted from the prompt.
  func send(_ text: String, for purpose: ComposeState.Purpose) {
    let text = String(text.trimmingWhitespace())
    guard !text.isEmpty else { return }
    onSubmit(purpose, text)
  }

  private func set(_ state: ComposeState?) {
    current.withLock { current in
      current = state
      subject.trySend(state)
    }
  }
}
