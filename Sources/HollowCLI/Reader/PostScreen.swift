/// A post on the reader's stack: its model, the state it published last (the post view draws
/// this value, never the model's current one) and the line the screen is scrolled to.
///
/// ```swift
/// var screen = PostScreen(model: model)
/// screen.state = published   // from model.states
/// ```
struct PostScreen: Sendable {
  let model: PostViewModel
  var state: PostState
  /// The first body line shown; the view clamps it to the post's length.
  var offset = 0

  /// Until the model publishes, the screen shows the model's state as it is now.
  init(model: PostViewModel) {
    self.model = model
    state = model.state
  }
}
