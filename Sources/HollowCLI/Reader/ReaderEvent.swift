/// What the reader's loop reacts to: the merge of keys, signals, model changes and the clock.
enum ReaderEvent: Sendable, Equatable {
  case keys([Key])
  case signal(TerminalSignal)
  /// A model on screen published a new state.
  case changed
  /// The clock: relative times move on.
  case tick
  /// The terminal's input ended (it hung up).
  case inputEnded
}
