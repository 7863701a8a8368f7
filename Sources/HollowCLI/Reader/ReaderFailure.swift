/// Why the reader stopped with an error; the loop has restored the terminal before it is reported.
struct ReaderFailure: Error, Sendable, Equatable, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
