import HollowKit
import Signal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The reader's controller: it owns the view models (feed, actions, compose, and one per post or
/// search screen), sends each key to where ``ReaderKeyRouter`` routes it as the model's intent,
/// keeps what the models publish (``apply(_:)``) and draws frames from those published values
/// (``frame(size:theme:)``). Where the user is lives in ``ReaderNavigation``. It does no I/O of
/// its own: ``ReaderLoop`` owns the terminal and feeds it keys and ``changes``.
///
/// ```swift
/// var app = ReaderApp(services: services, start: .feed(.timeline), clock: ContinuousClock(), variables: [:])
/// app.start()
/// let effects = app.handle(.character("j"))
/// app.apply(change)   // each value of app.changes
/// let frame = app.frame(size: size, theme: theme)
/// ```
struct ReaderApp<C: Clock>: Sendable where C.Duration == Duration {

  let services: ReaderServices
  /// The config file's `[keys]`, before the default keys.
  let keys: KeyBindings
  let feed: FeedViewModel
  let actions: ActionsViewModel
  let compose: ComposeViewModel
  /// What was read (marks, `+N new`): see ``ReadStateStore``.
  let readState: ReadStateStore
  let notifications: NotificationsViewModel
  /// The followed feed's posts as read-state baselines, for the run.
  private let followedBaseline: AnyCancellable
  let clock: C
  /// VISUAL/EDITOR decide whether texts are written in an editor.
  let usesEditor: Bool
  /// The process's environment: PATH for the image opener.
  let variables: [String: String]
  private(set) var navigation = ReaderNavigation<C>()
  /// What the feed, actions and compose models published last: what is drawn.
  private(set) var shown: ReaderShown
  /// Pictures on or off, full or compact lists.
  private(set) var display: ReaderDisplay
  /// The size of the last frame: what a screen (Ctrl-F) and half a screen (Ctrl-D) are.
  private var size = ScreenSize.standard
  /// Whether the notifications were asked for: once the feed's first page is in, so their request
  /// never competes with page 1's.
  private var notificationsAsked = false
  private let opening: ReaderStart
  /// The top screen's model's states: replaced when the screen changes (see ``changes``).
  private let topStates: CurrentValueSubject<AnyPublisher<ReaderChange<C>, Never>, Never>

  init(
    services: ReaderServices, start: ReaderStart, clock: C, variables: [String: String], drafts: DraftStore? = nil,
    keys: KeyBindings = KeyBindings(), display: ReaderDisplay = ReaderDisplay(),
    readState: ReadStateStore = ReadStateStore()
  ) {
    self.keys = keys
    self.display = display
    self.services = services
    self.opening = start
    self.clock = clock
    let (feedKind, feedPage): (FeedSource, Int) =
      if case .feed(let kind, let page) = start { (kind, page) } else { (.timeline, 1) }
    feed = FeedViewModel(services: services, source: feedKind, page: feedPage)
    self.readState = readState
    notifications = NotificationsViewModel(services: services, readState: readState)
    followedBaseline = FollowedBaseline.watch(feed.states, into: readState)
    shown = ReaderShown(feed: FeedState(source: feedKind))
    actions = ActionsViewModel(services: services, drafts: drafts)
    compose = ComposeViewModel(drafts: drafts)
    self.variables = variables
    usesEditor = ["VISUAL", "EDITOR"].contains { !(variables[$0] ?? "").trimmingWhitespace().isEmpty }
    topStates = CurrentValueSubject(Empty().eraseToAnyPublisher())
  }

  /// Starts the feed (and the search, when the reader opens on one).
  mutating func start() {
    feed.start()
    if let warning = readState.warning { actions.send(.say(ReaderMessage(error: warning))) }
    if case .search(let query, let comments, let page) = opening {
      openSearch(query: query, includeComments: comments, page: page)
    }
  }

  /// Everything the models publish: the feed's, the actions' and the prompt's states and
  /// outcomes, merged with the top screen's states (switched to the new top screen's on every
  /// navigation). Hand each value to ``apply(_:)``.
  var changes: AnyPublisher<ReaderChange<C>, Never> {
    [
      feed.states.map { ReaderChange<C>.feed($0) }.eraseToAnyPublisher(),
      actions.messages.map { ReaderChange<C>.message($0) }.eraseToAnyPublisher(),
      compose.states.map { ReaderChange<C>.prompt($0) }.eraseToAnyPublisher(),
      actions.outcomes.map { ReaderChange<C>.outcome($0) }.eraseToAnyPublisher(),
      compose.submissions.map { ReaderChange<C>.submitted($0) }.eraseToAnyPublisher(),
      // The marks and the unread count show on every screen.
      readState.states.map { ReaderChange<C>.reads($0) }.eraseToAnyPublisher(),
      notifications.states.map { ReaderChange<C>.notifications($0) }.eraseToAnyPublisher(),
      topStates.values(buffering: .dropOldest(1)).switchToLatest().eraseToAnyPublisher(),
    ].merged().eraseToAnyPublisher()
  }

  /// Keeps a published state for the views, or carries out what a model handed on.
  mutating func apply(_ change: ReaderChange<C>) {
    if case .feed(let state) = change, !notificationsAsked, state.snapshot.phase != .loading,
      !state.snapshot.isLoading
    {
      notificationsAsked = true
      notifications.send(.load)
    }
    if shown.apply(change) { return }
    switch change {
    case .post(let model, let state):
      navigation.updateAll { screen in
        if case .post(var post) = screen, post.model === model {
          post.state = state
          screen = .post(post)
        }
      }
    case .search(let model, let state):
      navigation.updateAll { screen in
        if case .search(var search) = screen, search.model === model {
          search.state = state
          screen = .search(search)
        }
      }
    case .outcome(.updated(let post)):
      feed.send(.replace(post))
      for screen in navigation.screens {
        switch screen {
        case .post(let screen) where screen.state.pid == post.pid: screen.model.send(.replace(post))
        case .search(let search): search.model.send(.replace(post))
        default: break
        }
      }
    case .outcome(.sent(.comment(let pid, _))):
      for screen in navigation.postScreens where screen.state.pid == pid { screen.model.send(.refresh) }
    case .outcome(.sent(.post)):
      feed.send(.refresh)
    case .submitted(let submission):
      submit(submission)
    case .feed, .message, .prompt, .reads, .notifications:
      break
    }
  }

  private mutating func submit(_ submission: ComposeViewModel.Submission) {
    switch submission.purpose {
    case .comment(let pid, let replyTo): actions.send(.comment(pid: pid, replyTo: replyTo, text: submission.text))
    case .goTo:
      let text = submission.text
      guard let pid = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text), pid > 0 else {
        return actions.send(.say(ReaderMessage(error: "open: \"\(text)\" is not a pid (a number such as 40353)")))
      }
      openPost(pid)
    case .find(let pid):
      guard case .post(let screen) = navigation.top, screen.model.pid == pid,
        let message = screen.model.send(.find(submission.text))
      else { return }
      actions.send(.say(ReaderMessage(message)))
    case .newPost: actions.send(.post(text: submission.text))
    case .vote(let pid, _):
      let post =
        navigation.postScreens.last { $0.state.pid == pid }?.model.state.detail.post
        ?? feed.state.posts.first { $0.pid == pid }
      guard let number = Int(submission.text), let post else {
        return actions.send(.say(ReaderMessage(error: "vote: choose an option by its number")))
      }
      actions.send(.vote(post, option: number))
    }
  }

  /// Handles one key; answers what the loop must do besides drawing a new frame.
  mutating func handle(_ key: Key) -> [ReaderEffect] {
    // The prompt's presence is read from its model, not the last drawn frame: keys typed in one
    // burst after `c` go into the prompt it opened.
    let route = ReaderKeyRouter.route(
      key, on: navigation.top.kind, showsOverlay: navigation.overlay != nil, composing: compose.state != nil,
      keys: keys, showsLinks: navigation.linkMenu != nil)
    switch route {
    case .quit: return quit()
    case .overlay(let key):
      if var overlay = navigation.overlay { navigation.overlay = overlay.handle(key) ? overlay : nil }
    case .links(let key): handleLinkMenu(key)
    case .notifications(let action):
      actions.send(.say(nil))
      handleNotifications(action)
    case .compose(let key): compose.send(.key(key))
    case .search(let intent):
      actions.send(.say(nil))
      if case .search(let search) = navigation.top { search.model.send(intent) }
    case .strayPaste:
      actions.send(.say(ReaderMessage("a paste is text: open a prompt first (c comment, n new post, / search)")))
    case .command(let command):
      actions.send(.say(nil))
      return perform(command)
    case .ignored:
      actions.send(.say(nil))
    case .unknown(let key):
      actions.send(.say(ReaderMessage("unknown key \(key.name): ? for help")))
    }
    return []
  }

  private mutating func perform(_ command: ReaderCommand) -> [ReaderEffect] {
    if case .post(let screen) = navigation.top, let effects = performOnPost(command, screen) { return effects }
    let post = selectedPost
    switch command {
    case .quit: return quit()
    case .back: pop()
    case .help: navigation.overlay = ReaderOverlay(.help)
    case .lastMessage: navigation.overlay = ReaderOverlay(.message)
    case .cancel:
      // Read from the model: Esc right after r stops the refresh r started, drawn or not yet.
      if feed.state.snapshot.isLoading {
        feed.send(.cancel)
        actions.send(.say(ReaderMessage("stopped loading \(feed.state.source.title)")))
      }
    case .dismissAnnouncement:
      guard shown.feed.announcement != nil else {
        actions.send(.say(ReaderMessage("no announcement to hide")))
        return []
      }
      feed.send(.dismissAnnouncement)
    case .move(let delta): move(by: delta)
    case .page(let screens): move(by: screens * pageStep)
    case .halfPage(let halves): move(by: halves * max(1, (pageStep + 1) / 2))
    case .top:
      if case .post = navigation.top { scrollPost(to: 0) } else { move(to: .top) }
    case .bottom:
      if case .post = navigation.top { scrollPost(to: Int.max / 2) } else { move(to: .bottom) }
    case .open:
      if let post { openPost(post.pid) }
    case .refresh:
      if case .post(let screen) = navigation.top { screen.model.send(.refresh) } else { feed.send(.refresh) }
      notifications.send(.load)
    case .show(let kind):
      for screen in navigation.screens.dropFirst() { leave(screen) }
      navigation.popToFeed()
      feed.send(.show(kind))
      listen()
    case .search:
      openSearch(query: "", includeComments: false, page: 1)
    case .follow:
      guard let post else { return [] }
      // Its news are counted from the comments it has now.
      if !post.isFollowed { say(readState.send(.followed(post.pid, comments: post.replyCount))) }
      actions.send(.follow(post))
    case .vote:
      guard let post else { return [] }
      guard let vote = post.vote, !vote.options.isEmpty else {
        actions.send(.say(ReaderMessage(error: "#\(post.pid) has no poll")))
        return []
      }
      if let voted = vote.voted {
        actions.send(.say(ReaderMessage("already voted \"\(voted)\" in #\(post.pid)")))
        return []
      }
      compose.send(.open(.vote(pid: post.pid, options: vote.options)))
    case .comment:
      guard let post else { return [] }
      return write(.comment(pid: post.pid))
    case .newPost:
      return write(.newPost)
    case .openImage:
      guard let post else { return [] }
      actions.send(.say(ImageOpener.open(post: post, images: images, variables: variables)))
    case .copyPid:
      guard let post else { return [] }
      actions.send(.say(ReaderMessage("copied #\(post.pid)")))
      return [.write(.control(.clipboard(base64: Data("#\(post.pid)".utf8).base64EncodedString())))]
    case .togglePictures:
      actions.send(.say(ReaderMessage(display.toggle(.pictures))))
    case .toggleCompact:
      actions.send(.say(ReaderMessage(display.toggle(.compact))))
    case .redraw: return [.redraw]
    case .suspend: return [.suspend]
    case .copyText:
      guard let post else { return [] }
      return copy(post.text, what: "#\(post.pid)'s text")
    case .goTo:
      compose.send(.open(.goTo))
    case .nextComment, .jumpToReplied, .jumpBack:
      break
    case .nextNews: nextNews()
    case .notifications: openNotifications()
    case .links: openLinkMenu(post)
    }
    return []
  }

  /// The post screen's own meaning of `command`: the cursor over the post, its citations and
  /// comments (the model's intents), paging, opening the citation under the cursor, replying to
  /// the comment under it, finding within the post. Nil: the command means what it means anywhere.
  private mutating func performOnPost(_ command: ReaderCommand, _ screen: PostScreen) -> [ReaderEffect]? {
    let model = screen.model
    let intent: PostIntent
    switch command {
    case .move(let delta): intent = .move(by: delta)
    case .nextComment(let delta): intent = .nextComment(delta)
    case .jumpToReplied: intent = .jumpToReplied
    case .jumpBack: intent = .jumpBack
    case .nextNews: intent = .nextNew
    case .top:
      scrollPost(to: 0)
      intent = .top
    case .bottom:
      // The end of the thread, the cursor on its last item.
      scrollPost(to: Int.max / 2)
      intent = .bottom
    case .page(let pages):
      scrollPost(to: max(0, screen.offset + pages * pageStep))
      intent = .scrolled
    case .halfPage(let halves):
      scrollPost(to: max(0, screen.offset + halves * max(1, (pageStep + 1) / 2)))
      intent = .scrolled
    case .open:
      if case .citation(let pid, _) = model.state.cursor { openPost(pid) }
      return []
    case .search:
      compose.send(.openWith(.find(pid: model.pid), text: model.state.findQuery ?? ""))
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
    if let message = model.send(intent) { actions.send(.say(ReaderMessage(message))) }
    return []
  }

  /// Copies `text` to the terminal's clipboard (OSC 52) and says so.
  private func copy(_ text: String, what: String) -> [ReaderEffect] {
    actions.send(.say(ReaderMessage("copied \(what) (\(RenderContext.count(text.count, "character", "characters")))")))
    return [.write(.control(.clipboard(base64: Data(text.utf8).base64EncodedString())))]
  }

  // MARK: Read state, notifications and links: the glue (the logic is in their own types)

  private func say(_ message: ReaderMessage?) {
    if let message { actions.send(.say(message)) }
  }

  /// A screen goes away (back, another feed, quit): a post is read as far as its detail showed.
  private func leave(_ screen: ReaderScreen<C>) {
    switch screen {
    case .post(let screen):
      if let post = screen.model.state.detail.post {
        say(readState.send(.opened(post.pid, comments: post.replyCount)))
      }
    case .notifications:
      notifications.send(.hide)
    case .feed, .search:
      break
    }
  }

  private func quit() -> [ReaderEffect] {
    for screen in navigation.screens { leave(screen) }
    return [.quit]
  }

  /// `u`: the cursor to the next post in the list with news, after the cursor and round again.
  private func nextNews() {
    guard case .feed = navigation.top else {
      return say(ReaderMessage("u moves through the list's news (and a post's new comments)"))
    }
    let state = feed.state
    guard let index = readState.state.nextWithNews(in: state.posts, after: state.cursor) else {
      return say(ReaderMessage("no post here has news (+N new)"))
    }
    feed.send(.move(by: index - state.cursor))
  }

  /// `m`: the notifications screen, unless the server has none (then no screen, and no error).
  private mutating func openNotifications() {
    if case .notifications = navigation.top { return }
    guard notifications.state.availability != .unavailable else {
      return say(ReaderMessage("no notifications here (they need a token and a server with my_msgs)"))
    }
    notifications.send(.show)
    navigation.push(.notifications(NotificationsScreen()))
    listen()
  }

  private mutating func handleNotifications(_ action: NotificationsKeys.Action) {
    switch action {
    case .send(let intent): notifications.send(intent)
    case .back: pop()
    case .open: if let pid = notifications.state.selected?.pid { openPost(pid) }
    }
  }

  /// `L`: the menu of the post's links (on the post screen with its comments').
  private mutating func openLinkMenu(_ post: Post?) {
    guard let post else { return }
    let comments: [Comment] =
      if case .post(let screen) = navigation.top { screen.model.state.detail.comments ?? [] } else { [] }
    navigation.linkMenu = LinkMenu(post: post, comments: comments)
    if navigation.linkMenu == nil { say(ReaderMessage("#\(post.pid) has no links")) }
  }

  private mutating func handleLinkMenu(_ key: Key) {
    guard var menu = navigation.linkMenu else { return }
    switch menu.handle(key) {
    case .stay:
      navigation.linkMenu = menu
    case .close:
      navigation.linkMenu = nil
    case .open(let url):
      navigation.linkMenu = nil
      say(LinkOpener.open(url, variables: variables))
    }
  }

  /// A comment or post: in the editor when one is set (the file names the post answered), else in
  /// the prompt. Either starts from the draft a failed send kept.
  private func write(_ purpose: ComposeState.Purpose) -> [ReaderEffect] {
    if usesEditor {
      let file = EditorDraft.file(draft: compose.keptDraft(for: purpose), purpose: purpose, post: selectedPost)
      return [.edit(purpose, file: file)]
    }
    compose.send(.open(purpose))
    return []
  }

  /// Posts per screen for space/PgDn on a list (a screenful of rows in the compact list), lines
  /// per screen on a post (two stay in view).
  private var pageStep: Int {
    let rows = ReaderChrome.bodyRows(size)
    switch navigation.top.kind {
    case .post: return max(1, rows - 2)
    case .feed where display.compact: return max(1, rows - 1)
    case .feed, .search, .notifications: return 5
    }
  }

  private mutating func move(by delta: Int) {
    switch navigation.top {
    case .post(let screen): scrollPost(to: max(0, screen.offset + delta))
    case .search(let search): search.model.send(.move(by: delta))
    case .notifications: notifications.send(.move(by: delta))
    case .feed: feed.send(.move(by: delta))
    }
  }

  private enum End { case top, bottom }

  private func move(to end: End) {
    switch navigation.top {
    case .search(let search): search.model.send(.move(by: end == .top ? -Int.max / 2 : Int.max / 2))
    default: feed.send(end == .top ? .top : .bottom)
    }
  }

  private mutating func scrollPost(to offset: Int) {
    navigation.updateTop { screen in
      if case .post(var post) = screen {
        post.offset = offset
        screen = .post(post)
      }
    }
  }

  /// The post the cursor is on, or the post on screen: read from its model, so a key typed right
  /// after a move acts on the post moved to, drawn or not yet.
  var selectedPost: Post? {
    switch navigation.top {
    case .post(let screen): screen.model.state.detail.post
    case .search(let search): search.model.state.selectedPost
    case .notifications: nil
    case .feed: feed.state.selectedPost
    }
  }

  private var images: [String: ImageSlot] {
    switch navigation.top {
    case .post(let screen): screen.model.state.images
    case .search(let search): search.model.state.images
    case .notifications: [:]
    case .feed: feed.state.images
    }
  }

  private mutating func openPost(_ pid: Int) {
    // What was seen before this opening, which marks the comments that came since as new.
    let seen = readState.state.facts[pid]?.seenComments
    let model = PostViewModel(services: services, pid: pid, seenComments: seen)
    model.start()
    let known = selectedPost.flatMap { $0.pid == pid ? $0.replyCount : nil }
    say(readState.send(.opened(pid, comments: known ?? seen ?? 0)))
    navigation.push(.post(PostScreen(model: model)))
    listen()
  }

  private mutating func openSearch(query: String, includeComments: Bool, page: Int) {
    let search = SearchViewModel(
      services: services, clock: clock, query: query, includeComments: includeComments, page: page)
    search.start()
    navigation.push(.search(SearchScreen(model: search, query: query, includeComments: includeComments)))
    listen()
  }

  private mutating func pop() {
    guard let left = navigation.pop() else { return }
    leave(left)
    listen()
  }

  /// Points ``changes`` at the model of the new top screen.
  private func listen() {
    let states: AnyPublisher<ReaderChange<C>, Never> =
      switch navigation.top {
      case .post(let screen):
        screen.model.states.map { [model = screen.model] in ReaderChange<C>.post(model, $0) }.eraseToAnyPublisher()
      case .search(let search):
        search.model.states.map { [model = search.model] in ReaderChange<C>.search(model, $0) }.eraseToAnyPublisher()
      // The notifications' states come with every screen's (see ``changes``).
      case .feed, .notifications: Empty().eraseToAnyPublisher()
      }
    topStates.trySend(states)
  }

  /// The frame's lines and where the terminal's cursor goes: at the prompt's caret while one is
  /// open, else on the selected post (the search query's end on the search screen), so input
  /// methods and screen readers follow what the user is on. Drawn from the published states.
  mutating func frame(size: ScreenSize, theme: ReaderTheme) -> (lines: [TerminalText], cursor: Frame.Cursor?) {
    self.size = size
    let theme = display.applied(to: theme)
    if let overlay = navigation.overlay { return (drawn(overlay, size: size, theme: theme), nil) }
    if let menu = navigation.linkMenu { return (LinkMenuView.lines(menu, size: size, theme: theme), nil) }
    let message = shown.message
    let notice = NotificationsKeys.notice(shown.notifications)
    var lines: [TerminalText]
    switch navigation.top {
    case .post(var screen):
      let view = PostView.lines(
        screen.state, size: size, offset: screen.offset, theme: theme, message: message, unread: notice)
      screen.offset = view.offset
      navigation.updateTop { $0 = .post(screen) }
      lines = view.lines
    case .search(var search):
      let view = SearchView.lines(
        search.state, size: size, top: search.top, theme: theme, message: message, reads: shown.reads,
        unread: notice)
      search.top = view.top
      navigation.updateTop { $0 = .search(search) }
      lines = view.lines
    case .notifications(var screen):
      let view = NotificationsView.lines(
        shown.notifications, size: size, top: screen.top, theme: theme, message: message)
      screen.top = view.top
      navigation.updateTop { $0 = .notifications(screen) }
      lines = view.lines
    case .feed:
      let source = shown.feed.source
      let view = FeedView.lines(
        shown.feed, size: size, top: navigation.feedTop(of: source), theme: theme, message: message,
        compact: display.compact, reads: shown.reads, unread: notice)
      navigation.setFeedTop(view.top, of: source)
      lines = view.lines
    }
    if let prompt = shown.prompt, !lines.isEmpty {
      let view = ComposeView.lines(prompt, width: size.columns, theme: theme)
      let rows = view.lines.suffix(lines.count)
      lines.replaceSubrange((lines.count - rows.count)..., with: rows)
      return (lines, Frame.Cursor(row: lines.count - 1, column: view.caret))
    }
    return (lines, browsingCursor(lines))
  }

  /// The overlay's lines, from the published message and states; keeps its clamped offset and
  /// its height for the next key.
  private mutating func drawn(_ overlay: ReaderOverlay, size: ScreenSize, theme: ReaderTheme) -> [TerminalText] {
    let view =
      switch overlay.content {
      case .help: HelpView.lines(size: size, theme: theme, keys: keys, offset: overlay.offset)
      case .message:
        MessageView.lines(shown.lastMessage, status: status, size: size, theme: theme, offset: overlay.offset)
      }
    navigation.overlay?.offset = view.offset
    navigation.overlay?.visibleRows = ReaderChrome.bodyRows(size)
    return view.lines
  }

  /// The top screen's data status as published (what its status line starts with).
  private var status: ReaderStatus {
    switch navigation.top {
    case .post(let screen): screen.state.status
    case .search(let search): search.state.status
    case .notifications: NotificationsView.status(shown.notifications)
    case .feed: shown.feed.status
    }
  }

  /// Where the cursor rests while browsing: on the search query's caret, the selected post's
  /// first row in a list, the top of a post.
  private func browsingCursor(_ lines: [TerminalText]) -> Frame.Cursor? {
    switch navigation.top {
    case .post:
      return PostBlock.selectedRow(in: lines).map { Frame.Cursor(row: $0, column: 0) }
        ?? (lines.count > 2 ? Frame.Cursor(row: 1, column: 1) : nil)
    case .search(let search):
      return Frame.Cursor(row: 1, column: DisplayWidth.of(SearchView.queryPrefix) + DisplayWidth.of(search.state.query))
    case .feed, .notifications:
      return PostBlock.selectedRow(in: lines).map { Frame.Cursor(row: $0, column: 0) }
    }
  }
}
