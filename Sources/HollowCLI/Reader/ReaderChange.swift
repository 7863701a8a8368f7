/// What the reader's models publish, as the app receives it: a new state of a model on screen,
/// or what a finished action or a sent prompt hands on. The app keeps each state as it arrives
/// (``ReaderShown``, the screens of ``ReaderNavigation``) and the views draw those values.
enum ReaderChange<C: Clock>: Sendable where C.Duration == Duration {
  case feed(FeedState)
  case message(ReaderMessage?)
  case prompt(ComposeState?)
  /// A post screen's model published `state`.
  case post(PostViewModel, PostState)
  /// The search's model published `state`.
  case search(SearchViewModel<C>, SearchState)
  case outcome(ActionsViewModel.Outcome)
  case submitted(ComposeViewModel.Submission)
}
