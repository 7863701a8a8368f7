import Foundation
import HollowKit
import Signal
import Synchronization
import Testing

@testable import HollowCLI

/// Writing in the reader without a terminal: the line editor, the compose view model's keys (a
/// paste and Ctrl-J never send), the prompt's rows and caret, the editor's file, kept drafts.
@Suite struct ComposeTests {
  /// A compose model and its submissions, subscribed before any key.
  private static func compose(drafts: DraftStore? = nil) -> (
    ComposeViewModel, SubjectValues<ComposeViewModel.Submission, Never>.Iterator
  ) {
    let model = ComposeViewModel(drafts: drafts)
    return (model, model.submissions.makeAsyncIterator())
  }

  /// A marker sent after the keys under test: when it is the first submission, the keys sent nothing.
  private static let marker = ComposeViewModel.Submission(purpose: .newPost, text: "marker")

  @Test func lineEditingMovesAndDeletesAsReadlineDoes() {
    var text = EditableText("今天 食堂的饺子")
    text.deleteWordBackward()
    #expect(text.text == "今天 " && text.caret == 3)
    text.insert("饺子")
    text.moveToLineStart()
    #expect(text.caret == 0)
    text.deleteBackward()  // nothing before the caret
    text.deleteForward()
    #expect(text.text == "天 饺子")
    text.moveRight()
    text.insert("\n第二行")
    #expect(text.text == "天\n第二行 饺子")
    text.moveToLineStart()
    #expect(text.caret == 2)
    text.moveToLineEnd()
    #expect(text.caret == text.characters.count)
    text.deleteToLineStart()
    #expect(text.text == "天\n")
    text.deleteToLineStart()  // at a line's start: the newline before it
    #expect(text.text == "天")
    text.moveLeft()
    text.moveLeft()
    #expect(text.caret == 0)
  }

  @Test func aHugePasteIsCutAtTheLimit() {
    var text = EditableText()
    text.insert(String(repeating: "字", count: EditableText.maximumLength + 10))
    #expect(text.characters.count == EditableText.maximumLength)
    text.insert("more")
    #expect(text.characters.count == EditableText.maximumLength)
  }

  @Test func enterSendsOnlyANonEmptyDraftAndCtrlJPasteAndAltEnterInsertNewlines() async {
    var (compose, submitted) = Self.compose()
    compose.send(.open(.comment(pid: 42)))
    compose.send(.key(.enter))  // empty: nothing sent, the prompt stays
    compose.send(.key(.paste("   ")))
    compose.send(.key(.enter))
    #expect(compose.state != nil)
    compose.send(.key(.backspace))
    compose.send(.key(.paste("第一行\nq\nc")))
    compose.send(.key(.control("j")))
    compose.send(.key(.character("x")))
    compose.send(.key(.altEnter))
    compose.send(.key(.character("y")))
    #expect(compose.state?.text == "  第一行\nq\nc\nx\ny")
    compose.send(.key(.enter))
    #expect(compose.state == nil)
    #expect(await submitted.next() == .init(purpose: .comment(pid: 42), text: "第一行\nq\nc\nx\ny"))
  }

  @Test func aVoteSendsOneDigitAtOnceAndIgnoresAPaste() async {
    var (compose, submitted) = Self.compose()
    compose.send(.open(.vote(pid: 7, options: ["a", "b"])))
    #expect(compose.state?.hint.contains("a number votes at once") == true)
    compose.send(.key(.paste("1\n")))
    compose.send(.key(.character("x")))
    compose.send(.key(.enter))
    #expect(compose.state != nil)
    compose.send(.key(.character("2")))
    #expect(compose.state == nil)
    #expect(await submitted.next() == .init(purpose: .vote(pid: 7, options: ["a", "b"]), text: "2"))
  }

  @Test func escapeCancelsWithoutSending() async {
    var (compose, submitted) = Self.compose()
    compose.send(.open(.newPost))
    compose.send(.key(.character("a")))
    compose.send(.key(.escape))
    #expect(compose.state == nil)
    compose.send(.submitWritten("  marker \n", .newPost))
    #expect(await submitted.next() == Self.marker)
  }

  @Test func thePromptShowsTheKeysTrulyAndScrollsSoTheCaretStaysInView() {
    let theme = ReaderFixtures.theme
    var state = ComposeState(purpose: .comment(pid: 40117))
    var view = ComposeView.lines(state, width: 40, theme: theme)
    #expect(view.lines.count == 2)
    #expect(view.lines[0].text.hasPrefix(" comment on #40117 · Enter sends · Ctrl-J or Alt-Enter new line"))
    #expect(view.caret == 3)
    state.draft.insert("第一行\n" + String(repeating: "长", count: 40))
    view = ComposeView.lines(state, width: 40, theme: theme)
    // The end of the draft is in view, the caret just after it, within the row.
    #expect(view.lines[1].text.hasPrefix(" ‹ 长"))
    #expect(view.caret == 3 + DisplayWidth.of(String(view.lines[1].text.dropFirst(3))))
    #expect(view.caret <= 39)
    state.draft.moveToLineStart()
    state.draft.moveLeft()  // on the newline
    view = ComposeView.lines(state, width: 40, theme: theme)
    #expect(view.lines[1].text.hasPrefix(" › 第一行↵长"))
    #expect(view.caret == 3 + 6)
  }

  /// Thousands of random keys and pastes at random widths: the caret stays in the text, the
  /// prompt's caret within its row, and nothing traps.
  @Test func randomEditingNeverLosesTheCaret() {
    var random = SplitMix(seed: 22)
    let (compose, _) = Self.compose()
    compose.send(.open(.newPost))
    let keys: [Key] = [
      .left, .right, .home, .end, .backspace, .delete, .control("w"), .control("u"), .control("a"), .control("e"),
      .control("j"), .altEnter, .tab, .character("a"), .character("好"), .character("👍"), .character(" "),
      .paste("粘贴\n两行"), .paste(""), .control("b"), .control("f"), .control("d"), .control("h"),
    ]
    for _ in 0..<3000 {
      compose.send(.key(keys[Int(random.next() % UInt64(keys.count))]))
      guard let state = compose.state else {
        Issue.record("the prompt closed")
        return
      }
      #expect((0...state.draft.characters.count).contains(state.draft.caret))
      let width = 4 + Int(random.next() % 60)
      let view = ComposeView.lines(state, width: width, theme: ReaderFixtures.theme)
      #expect(view.caret < max(width, 4), "width \(width)")
      #expect((view.lines.last?.columns ?? 0) <= width, "the draft row fits")
    }
  }

  @Test func theEditorFileNamesThePostAndItsCommentLinesAreDropped() {
    let post = ReaderFixtures.post(40117, "吐槽一下\n第二行")
    let file = EditorDraft.file(draft: "kept", purpose: .comment(pid: 40117), post: post)
    #expect(file.hasPrefix("kept\n\n" + EditorDraft.scissors))
    #expect(file.contains("# Write your comment on #40117 above this line"))
    #expect(file.contains("# 吐槽一下\n# 第二行"))
    let written = "同意 #40117\n#40118 也是\n\n" + file.replacingOccurrences(of: "kept\n", with: "")
    #expect(EditorDraft.text(fromFile: written) == "同意 #40117\n#40118 也是")
    #expect(EditorDraft.text(fromFile: EditorDraft.file(draft: "", purpose: .newPost, post: nil)).isEmpty)
  }

  @Test func aKeptDraftComesBackWhenThePromptOpensInALaterRunAndHoldsNoToken() throws {
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("data").path
    let server = URL(string: "https://user:secret@example.test:8443/api?token=abc")!
    let drafts = DraftStore(folder: data, apiRoot: server)
    #expect(drafts.server == "https://example.test:8443/api")
    #expect(try drafts.keep("半句话\n第二行", for: "comment #42").get() == data + "/drafts.json")
    // A later run: a new store on the same folder.
    let (compose, _) = Self.compose(drafts: DraftStore(folder: data, apiRoot: server))
    compose.send(.open(.comment(pid: 42)))
    #expect(compose.state?.text == "半句话\n第二行")
    #expect(compose.state?.draft.caret == 7)
    compose.send(.open(.comment(pid: 43)))
    #expect(compose.state?.text == "")
    let file = try String(contentsOfFile: data + "/drafts.json", encoding: .utf8)
    #expect(!file.contains("secret") && !file.contains("abc"))
    let attributes = try FileManager.default.attributesOfItem(atPath: data + "/drafts.json")
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    // Changed and cancelled: the change is kept; emptied and cancelled: forgotten.
    compose.send(.open(.comment(pid: 42)))
    compose.send(.key(.paste("，改过")))
    compose.send(.key(.escape))
    #expect(DraftStore(folder: data, apiRoot: server).draft(for: "comment #42") == "半句话\n第二行，改过")
    compose.send(.open(.comment(pid: 42)))
    compose.send(.key(.control("u")))
    compose.send(.key(.control("u")))
    compose.send(.key(.control("u")))
    compose.send(.key(.escape))
    #expect(DraftStore(folder: data, apiRoot: server).draft(for: "comment #42") == nil)
    drafts.keep("again", for: "comment #42")
    drafts.discard(for: "comment #42")
    #expect(DraftStore(folder: data, apiRoot: server).draft(for: "comment #42") == nil)
    // Another server's drafts are its own.
    #expect(DraftStore(folder: data, apiRoot: URL(string: "http://other.test")!).draft(for: "comment #42") == nil)
  }

  @Test func withoutADataFolderADraftLastsTheRun() {
    let drafts = DraftStore(folder: nil, server: "http://x")
    if case .success = drafts.keep("text", for: "new post") { Issue.record("kept in no folder") }
    #expect(drafts.draft(for: "new post") == "text")
  }
}

/// What the actions say offline and what they keep: an unfollow is said as one; a failed send
/// keeps its draft.
@Suite struct ActionsDraftTests {
  @Test func offlineAnUnfollowIsSaidAsOneAndAFailedCommentKeepsItsDraft() throws {
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let online = try ReaderFixtures.services(url: "http://127.0.0.1:1", folder: folder)
    let services = ReaderServices(loaders: online.loaders, offline: true)
    let drafts = DraftStore(folder: folder.appendingPathComponent("data").path, server: "http://127.0.0.1:1")
    let actions = ActionsViewModel(services: services, drafts: drafts)
    var followed = ReaderFixtures.post(40117)
    followed.isFollowed = true
    actions.send(.follow(followed))
    #expect(actions.message == ReaderMessage(error: "unfollow #40117: offline (--offline)"))
    actions.send(.follow(ReaderFixtures.post(40118)))
    #expect(actions.message == ReaderMessage(error: "follow #40118: offline (--offline)"))
    actions.send(.comment(pid: 40117, text: "半句话"))
    #expect(actions.message == ReaderMessage(error: "comment on #40117: offline (--offline) · draft kept"))
    #expect(DraftStore(folder: drafts.folder, server: drafts.server).draft(for: "comment #40117") == "半句话")
  }
}

/// The terminal's cursor: left where the frame says, shown; hidden without one.
@Suite struct FrameCursorTests {
  @Test func theCursorIsPlacedAfterTheRowsAndShownOrHidden() {
    let size = ScreenSize(rows: 3, columns: 20)
    let first = Frame(size: size, lines: ["a", "b", "c"], cursor: Frame.Cursor(row: 2, column: 5))
    let drawn = FrameDiffer.update(from: nil, to: first).text
    #expect(drawn.hasSuffix("\u{1B}[3;6H\u{1B}[?25h\u{1B}[?2026l"))
    // Only the cursor moved: no row is written, the cursor goes to its new place.
    let moved = Frame(size: size, lines: ["a", "b", "c"], cursor: Frame.Cursor(row: 2, column: 7))
    #expect(FrameDiffer.update(from: first, to: moved).text == "\u{1B}[?2026h\u{1B}[3;8H\u{1B}[?2026l")
    let hidden = Frame(size: size, lines: ["a", "b", "c"])
    #expect(FrameDiffer.update(from: moved, to: hidden).text == "\u{1B}[?2026h\u{1B}[?25l\u{1B}[?2026l")
    #expect(FrameDiffer.update(from: hidden, to: hidden).text.isEmpty)
  }

  @Test func theSelectedPostsRowIsFoundWithOrWithoutColours() {
    for colors in [false, true] {
      let theme = ReaderTheme(
        capabilities: TerminalCapabilities(colorDepth: colors ? .trueColor : .none), now: Date(), zone: .utc)
      let lines: [TerminalText] =
        ["title", ""]
        + PostBlock.lines(ReaderFixtures.post(1), selected: false, quotes: [:], images: [:], theme: theme, width: 40)
        + PostBlock.lines(ReaderFixtures.post(2), selected: true, quotes: [:], images: [:], theme: theme, width: 40)
      let unselected = PostBlock.lines(
        ReaderFixtures.post(1), selected: false, quotes: [:], images: [:], theme: theme, width: 40)
      #expect(PostBlock.selectedRow(in: lines) == 2 + unselected.count)
    }
  }
}
