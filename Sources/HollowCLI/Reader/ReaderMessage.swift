/// The result of the last action, shown in the status line until the next key: "following #42",
/// or an error.
///
/// ```swift
/// ReaderMessage("copied #42")
/// ReaderMessage(error: "vote failed: option 3 does not exist")
/// ```
struct ReaderMessage: Sendable, Equatable {
  var text: String
  var isError: Bool

  init(_ text: String) {
    self.text = text
    isError = false
  }

  init(error text: String) {
    self.text = text
    isError = true
  }
}
