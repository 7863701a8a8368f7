/// A post on the reader's stack: its model, the state it published last (the post view draws
/// this value, never the model's current one) and the line the screen is scrolled to.
///
/// ```swift
/// var screen = PostScreen(model: model, pid: 42, offline: false)
/// screen.state = published   // from model.states
/// ```
struct PostScreen: Sendable {
  let model: PostViewModel
  var state: PostState
  /// The first body line shown; the view clamps it to the post's length.
  var offset = 0

  /// Before the model's first state arrives, the screen shows what the model starts from.
  init(model: PostViewModel, pid: Int, offline: Bool, seenComments: Int? = nil) {
    self.model = model
    state = PostState(pid: pid, offline: offline, seenComments: seenComments)
  }
}
