import HollowKit
import Signal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The reader's controller: the view models (feed, post, search, compose, actions), the stack of
/// screens, and the overlays. Keys come in as intents (``handle(_:)``), frames go out as lines
/// (``lines(size:theme:)``), and ``changes`` says when any shown model published a new state.
/// It does no I/O of its own: ``ReaderLoop`` owns the terminal.
///
/// ```swift
/// var app = ReaderApp(services: services, start: .feed(.timeline), clock: ContinuousClock(), variables: [:])
/// app.start()
/// let effects = app.handle(.character("j"))
/// let lines = app.lines(size: size, theme: theme)
/// ```
struct ReaderApp<C: Clock>: Sendable where C.Duration == Duration {

  let services: ReaderServices
  /// The config file's `[keys]`, before the default keys.
  let keys: KeyBindings
  let feed: FeedViewModel
  let actions: ActionsViewModel
  let compose: ComposeViewModel
  let clock: C
  /// VISUAL/EDITOR decide whether texts are written in an editor.
  let usesEditor: Bool
  /// The process's environment: PATH for the image opener.
  let variables: [String: String]
  private(set) var screens: [ReaderScreen<C>] = [.feed]
  private(set) var showsHelp = false
  private var feedTop = 0
  private let opening: ReaderStart
  /// The models the loop listens to: replaced when the screen changes (see ``changes``).
  private let shown: CurrentValueSubject<AnyPublisher<Void, Never>, Never>

  init(
    services: ReaderServices, start: ReaderStart, clock: C, variables: [String: String], drafts: DraftStore? = nil,
    keys: KeyBindings = KeyBindings()
  ) {
    self.keys = keys
    self.services = services
    self.opening = start
    self.clock = clock
    let feedKind: FeedSource = if case .feed(let kind) = start { kind } else { .timeline }
    let feed = FeedViewModel(services: services, source: feedKind)
    self.feed = feed
    let postScreens = PostUpdates()
    let pendingPost = PendingPost()
    let actions = ActionsViewModel(
      services: services, drafts: drafts,
      onPost: { post in
        feed.send(.replace(post))
        postScreens.replace(post)
      },
      onSent: { sent in
        switch sent {
        case .comment: postScreens.refresh()
        case .post: feed.send(.refresh)
        }
      })
    self.actions = actions
    compose = ComposeViewModel(drafts: drafts) { purpose, text in
      switch purpose {
      case .comment(let pid, let replyTo): actions.comment(on: pid, replyTo: replyTo, text: text)
      case .goTo:
        guard let pid = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text), pid > 0 else {
          return actions.say(ReaderMessage(error: "open: \"\(text)\" is not a pid (a number such as 40353)"))
        }
        pendingPost.ask(pid)
      case .find:
        if let message = postScreens.find(text) { actions.say(ReaderMessage(message)) }
      case .newPost: actions.post(text: text)
      case .vote(let pid, _):
        guard let number = Int(text),
          let post = postScreens.post(pid) ?? feed.state.posts.first(where: { $0.pid == pid })
        else { return actions.say(ReaderMessage(error: "vote: choose an option by its number")) }
        actions.vote(post, option: number)
      }
    }
    self.postScreens = postScreens
    self.pendingPost = pendingPost
    self.variables = variables
    usesEditor = ["VISUAL", "EDITOR"].contains { !(variables[$0] ?? "").trimmingWhitespace().isEmpty }
    shown = CurrentValueSubject(Self.publisher(feed: feed, actions: actions, compose: compose, top: nil))
  }

  private let postScreens: PostUpdates
  /// The pid the `:` prompt asked for, opened once its Enter is handled.
  private let pendingPost: PendingPost

  /// Starts the feed (and the search, when the reader opens on one).
  mutating func start() {
    feed.start()
    if case .search(let query) = opening { openSearch(query: query) }
  }

  /// A value whenever a model on screen changed: the merge of the feed, actions and compose
  /// models with the top screen's, switched to the new top screen's on every navigation.
  var changes: Publishers.SwitchToLatest<AnyPublisher<Void, Never>, SubjectValues<AnyPublisher<Void, Never>, Never>> {
    shown.values(buffering: .dropOldest(1)).switchToLatest()
  }

  /// Handles one key; answers what the loop must do besides drawing a new frame.
  mutating func handle(_ key: Key) -> [ReaderEffect] {
    if key == .control("c") { return [.quit] }
    if showsHelp {
      showsHelp = false
      return []
    }
    if compose.state != nil {
      compose.handle(key)
      if let pid = pendingPost.take() { openPost(pid) }
      return []
    }
    actions.say(nil)
    if case .search(let search, _) = screens.last, let effects = handleSearch(key, search) { return effects }
    if case .paste = key {
      // A paste is text, never keys: outside a prompt it does nothing.
      actions.say(ReaderMessage("a paste is text: open a prompt first (c comment, n new post, / search)"))
      return []
    }
    guard let command = keys.command(for: key) ?? ReaderKeyMap.command(for: key, onList: isOnList) else { return [] }
    return perform(command)
  }

  private var isOnList: Bool {
    switch screens.last {
    case .post: false
    default: true
    }
  }

  /// The search screen takes typing; arrows, Enter and Esc keep their meaning. Nil: not a
  /// search key, handle it as a command.
  private mutating func handleSearch(_ key: Key, _ search: SearchViewModel<C>) -> [ReaderEffect]? {
    switch key {
    case .character(let character):
      search.type(String(character))
    case .paste(let text):
      // The query is one line: a pasted newline is a space, never Enter.
      search.type(text.map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined())
    case .backspace:
      search.erase()
    case .escape, .left:
      pop()
    case .up, .wheelUp: search.move(by: -1)
    case .down, .wheelDown: search.move(by: 1)
    case .enter, .right:
      if let post = search.state.selectedPost { openPost(post.pid) }
    default:
      return nil
    }
    return []
  }

  private mutating func perform(_ command: ReaderCommand) -> [ReaderEffect] {
    if case .post(let model, let offset) = screens.last, let effects = performOnPost(command, model, offset: offset) {
      return effects
    }
    let post = selectedPost
    switch command {
    case .quit: return [.quit]
    case .back: pop()
    case .help: showsHelp = true
    case .move(let delta): move(by: delta)
    case .page(let screens): move(by: screens * pageStep)
    case .top: feed.send(.top)
    case .bottom: feed.send(.bottom)
    case .open:
      if let post { openPost(post.pid) }
    case .refresh:
      feed.send(.refresh)
    case .show(let kind):
      screens = [.feed]
      feedTop = 0
      feed.send(.show(kind))
      listen()
    case .search:
      openSearch(query: "")
    case .follow:
      guard let post else { return [] }
      actions.follow(post)
    case .vote:
      guard let post else { return [] }
      guard let vote = post.vote, !vote.options.isEmpty else {
        actions.say(ReaderMessage(error: "#\(post.pid) has no poll"))
        return []
      }
      if let voted = vote.voted {
        actions.say(ReaderMessage("already voted \"\(voted)\" in #\(post.pid)"))
        return []
      }
      compose.open(.vote(pid: post.pid, options: vote.options))
    case .comment:
      guard let post else { return [] }
      return write(.comment(pid: post.pid))
    case .newPost:
      return write(.newPost)
    case .openImage:
      guard let post else { return [] }
      actions.say(ImageOpener.open(post: post, images: images, variables: variables))
    case .copyPid:
      guard let post else { return [] }
      actions.say(ReaderMessage("copied #\(post.pid)"))
      return [.write(.control(.clipboard(base64: Data("#\(post.pid)".utf8).base64EncodedString())))]
    case .copyText:
      guard let post else { return [] }
      return copy(post.text, what: "#\(post.pid)'s text")
    case .goTo:
      compose.open(.goTo)
    case .nextComment, .jumpToReplied, .jumpBack:
      break
    }
    return []
  }

  /// The post screen's own meaning of `command`: the cursor over the post, its citations and
  /// comments (the model's), paging, opening the citation under the cursor, replying to the
  /// comment under it, finding within the post. Nil: the command means what it means anywhere.
  private mutating func performOnPost(_ command: ReaderCommand, _ model: PostViewModel, offset: Int)
    -> [ReaderEffect]?
  {
    var intent: PostIntent?
    switch command {
    case .move(let delta): intent = .move(by: delta)
    case .nextComment(let delta): intent = .nextComment(delta)
    case .jumpToReplied: intent = .jumpToReplied
    case .jumpBack: intent = .jumpBack
    case .top: intent = .top
    case .bottom:
      // The end of the thread, the cursor on its last item.
      replaceTop(.post(model, offset: Int.max / 2))
      intent = .bottom
    case .refresh: intent = .refresh
    case .page(let pages):
      replaceTop(.post(model, offset: max(0, offset + pages * pageStep)))
      intent = .scrolled
    case .open:
      if case .citation(let pid, _) = model.state.cursor { openPost(pid) }
      return []
    case .search:
      compose.open(.find(pid: model.pid), text: model.state.findQuery)
      return []
    case .comment:
      switch model.state.cursor {
      case .comment(let cid), .citation(_, let cid?): return write(.comment(pid: model.pid, replyTo: cid))
      case .post, .citation(_, nil): return nil
      }
    case .copyText:
      guard let text = model.state.cursorText else { return [] }
      return copy(text, what: "the text under the cursor")
    default:
      return nil
    }
    if let intent, let message = model.send(intent) { actions.say(ReaderMessage(message)) }
    return []
  }

  /// Copies `text` to the terminal's clipboard (OSC 52) and says so.
  private func copy(_ text: String, what: String) -> [ReaderEffect] {
    actions.say(ReaderMessage("copied \(what) (\(RenderContext.count(text.count, "character", "characters")))"))
    return [.write(.control(.clipboard(base64: Data(text.utf8).base64EncodedString())))]
  }

  /// A comment or post: in the editor when one is set (the file names the post answered), else in
  /// the prompt. Either starts from the draft a failed send kept.
  private func write(_ purpose: ComposeState.Purpose) -> [ReaderEffect] {
    if usesEditor {
      let file = EditorDraft.file(draft: compose.keptDraft(for: purpose), purpose: purpose, post: selectedPost)
      return [.edit(purpose, file: file)]
    }
    compose.open(purpose)
    return []
  }

  /// Posts per screen for space/PgDn on a list, lines per screen on a post.
  private var pageStep: Int { isOnList ? 5 : 20 }

  private mutating func move(by delta: Int) {
    switch screens.last {
    case .search(let search, _):
      search.move(by: delta)
    default:
      feed.send(.move(by: delta))
    }
  }

  /// The post the cursor is on, or the post on screen.
  var selectedPost: Post? {
    switch screens.last {
    case .post(let model, _): model.state.detail.post
    case .search(let search, _): search.state.selectedPost
    default: feed.state.selectedPost
    }
  }

  private var images: [String: ImageSlot] {
    switch screens.last {
    case .post(let model, _): model.state.images
    case .search(let search, _): search.state.images
    default: feed.state.images
    }
  }

  private mutating func openPost(_ pid: Int) {
    let model = PostViewModel(services: services, pid: pid)
    model.start()
    screens.append(.post(model, offset: 0))
    postScreens.push(model)
    listen()
  }

  private mutating func openSearch(query: String) {
    let search = SearchViewModel(services: services, clock: clock, query: query)
    search.start()
    screens.append(.search(search, top: 0))
    listen()
  }

  private mutating func pop() {
    guard screens.count > 1 else { return }
    if case .post = screens.removeLast() { postScreens.pop() }
    listen()
  }

  private mutating func replaceTop(_ screen: ReaderScreen<C>) {
    screens[screens.count - 1] = screen
  }

  /// Points ``changes`` at the models of the new top screen.
  private func listen() {
    shown.trySend(Self.publisher(feed: feed, actions: actions, compose: compose, top: screens.last))
  }

  private static func publisher(
    feed: FeedViewModel, actions: ActionsViewModel, compose: ComposeViewModel, top: ReaderScreen<C>?
  ) -> AnyPublisher<Void, Never> {
    var sources = [
      feed.states.map { _ in () }.eraseToAnyPublisher(), actions.messages.map { _ in () }.eraseToAnyPublisher(),
      compose.states.map { _ in () }.eraseToAnyPublisher(),
    ]
    switch top {
    case .post(let model, _): sources.append(model.states.map { _ in () }.eraseToAnyPublisher())
    case .search(let search, _): sources.append(search.states.map { _ in () }.eraseToAnyPublisher())
    case .feed, nil: break
    }
    return sources.merged().eraseToAnyPublisher()
  }

  /// The frame for `size`: the top screen, the help over it, the prompt in the bottom rows.
  mutating func lines(size: ScreenSize, theme: ReaderTheme) -> [TerminalText] {
    frame(size: size, theme: theme).lines
  }

  /// The frame's lines and where the terminal's cursor goes: at the prompt's caret while one is
  /// open, else on the selected post (the search query's end on the search screen), so input
  /// methods and screen readers follow what the user is on.
  mutating func frame(size: ScreenSize, theme: ReaderTheme) -> (lines: [TerminalText], cursor: Frame.Cursor?) {
    if showsHelp { return (HelpView.lines(size: size, theme: theme, keys: keys), nil) }
    let message = actions.message
    var lines: [TerminalText]
    switch screens.last {
    case .post(let model, let offset):
      let view = PostView.lines(model.state, size: size, offset: offset, theme: theme, message: message)
      replaceTop(.post(model, offset: view.offset))
      lines = view.lines
    case .search(let search, let top):
      let view = SearchView.lines(search.state, size: size, top: top, theme: theme, message: message)
      replaceTop(.search(search, top: view.top))
      lines = view.lines
    default:
      let view = FeedView.lines(feed.state, size: size, top: feedTop, theme: theme, message: message)
      feedTop = view.top
      lines = view.lines
    }
    if let prompt = compose.state, !lines.isEmpty {
      let view = ComposeView.lines(prompt, width: size.columns, theme: theme)
      let rows = view.lines.suffix(lines.count)
      lines.replaceSubrange((lines.count - rows.count)..., with: rows)
      return (lines, Frame.Cursor(row: lines.count - 1, column: view.caret))
    }
    return (lines, browsingCursor(lines))
  }

  /// Where the cursor rests while browsing: on the search query's caret, the selected post's
  /// first row in a list, the top of a post.
  private func browsingCursor(_ lines: [TerminalText]) -> Frame.Cursor? {
    switch screens.last {
    case .post:
      return PostBlock.selectedRow(in: lines).map { Frame.Cursor(row: $0, column: 0) }
        ?? (lines.count > 2 ? Frame.Cursor(row: 1, column: 1) : nil)
    case .search(let search, _):
      return Frame.Cursor(row: 1, column: DisplayWidth.of(SearchView.queryPrefix) + DisplayWidth.of(search.state.query))
    default:
      return PostBlock.selectedRow(in: lines).map { Frame.Cursor(row: $0, column: 0) }
    }
  }
}
