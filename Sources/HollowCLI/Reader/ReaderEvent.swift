/// What the reader's loop reacts to: the merge of keys, signals, model changes and the clock.
enum ReaderEvent<C: Clock>: Sendable where C.Duration == Duration {
  case keys([Key])
  case signal(TerminalSignal)
  /// A model published a new state, or handed something on.
  case changed(ReaderChange<C>)
  /// The clock: relative times move on.
  case tick
  /// The terminal's input ended (it hung up).
  case inputEnded
}
