/// The search on the reader's stack: its model, the state it published last (the search view
/// draws this value) and the first result shown.
///
/// ```swift
/// var screen = SearchScreen(model: search, query: "猫")
/// screen.state = published   // from search.states
/// ```
struct SearchScreen<C: Clock>: Sendable where C.Duration == Duration {
  let model: SearchViewModel<C>
  var state: SearchState
  /// The first result shown.
  var top = 0

  /// Before the model's first state arrives, the screen shows the query typed so far.
  init(model: SearchViewModel<C>, query: String, includeComments: Bool = false) {
    self.model = model
    state = SearchState(query: query, includeComments: includeComments)
  }
}
