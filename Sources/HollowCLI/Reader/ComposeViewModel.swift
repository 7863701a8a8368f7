import Signal
import Synchronization

/// The compose prompt's view model: opened for a comment, a new post or a vote (with the draft
/// kept from a failed send, if there is one), edited key by key with readline's keys (any
/// script: CJK arrives as characters), then sent or cancelled. Intents come in through
/// ``send(_:)`` (``ComposeIntent``). It publishes the prompt (nil when closed) on ``states`` and
/// each text sent on ``submissions``.
///
/// Writing cannot go wrong by accident: Enter sends only a draft with something in it; Ctrl-J and
/// Alt-Enter insert a newline, never send; a paste (``Key/paste(_:)``) is inserted as text,
/// newlines included, whatever it holds. A vote takes one digit and is sent at once.
///
/// ```swift
/// let compose = ComposeViewModel(drafts: nil)
/// compose.send(.open(.comment(pid: 42)))
/// compose.send(.key(.character("好")))
/// compose.send(.key(.enter))   // submissions: comment on #42, "好"
/// ```
final class ComposeViewModel: Sendable {
  /// A text sent from the prompt (or the editor), for `purpose`.
  struct Submission: Sendable, Equatable {
    var purpose: ComposeState.Purpose
    var text: String
  }

  private let subject = CurrentValueSubject<ComposeState?, Never>(nil)
  private let submitted = PassthroughSubject<Submission, Never>()
  private let current = Mutex<ComposeState?>(nil)
  private let drafts: DraftStore?
  /// The prompt now, then every change.
  let states: Publishers.Share<SubjectValues<ComposeState?, Never>>
  /// Every text sent from now on. Texts are rare and small: none is dropped.
  let submissions: SubjectValues<Submission, Never>

  init(drafts: DraftStore?) {
    self.drafts = drafts
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
    submissions = submitted.values(buffering: .dropOldest(64))
  }

  var state: ComposeState? { current.withLock { $0 } }

  func send(_ intent: ComposeIntent) {
    switch intent {
    case .open(let purpose):
      let kept = purpose.draftKey.flatMap { drafts?.draft(for: $0) } ?? ""
      set(ComposeState(purpose: purpose, draft: EditableText(kept)))
    case .openWith(let purpose, let text):
      set(ComposeState(purpose: purpose, draft: EditableText(text)))
    case .key(let key):
      handle(key)
    case .submitWritten(let text, let purpose):
      let text = String(text.trimmingWhitespace())
      guard !text.isEmpty else { return }
      submit(Submission(purpose: purpose, text: text))
    }
  }

  /// The draft kept for `purpose` (the editor starts from it).
  func keptDraft(for purpose: ComposeState.Purpose) -> String {
    purpose.draftKey.flatMap { drafts?.draft(for: $0) } ?? ""
  }

  /// One key while the prompt is open.
  private func handle(_ key: Key) {
    guard var state else { return }
    if case .vote = state.purpose { return vote(key) }
    switch key {
    case .escape: return cancel()
    case .enter: return submitPrompt()
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
      submit(Submission(purpose: state.purpose, text: String(character)))
    default: break
    }
  }

  /// Closes the prompt without sending. A kept draft follows what was done to it: emptied, it is
  /// forgotten; changed, the change is kept.
  private func cancel() {
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
  private func submitPrompt() {
    guard let state else { return }
    let text = String(state.text.trimmingWhitespace())
    guard !text.isEmpty else { return }
    set(nil)
    submit(Submission(purpose: state.purpose, text: text))
  }

  private func submit(_ submission: Submission) {
    submitted.trySend(submission)
  }

  private func set(_ state: ComposeState?) {
    current.withLock { current in
      current = state
      subject.trySend(state)
    }
  }
}
