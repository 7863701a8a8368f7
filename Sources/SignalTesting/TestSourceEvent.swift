import Signal

/// One event a ``TestSource`` delivers.
enum TestSourceEvent<Output: Sendable, Failure: Error>: Sendable {
  case value(Output)
  case completion(Completion<Failure>)
}
