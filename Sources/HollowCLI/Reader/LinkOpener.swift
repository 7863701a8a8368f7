/// Opens a web address from a post in the desktop's browser: `xdg-open` (or macOS's `open`) from
/// the PATH, in the background with its output going nowhere, so the screen stays whole. The
/// address is one ``LinkFinder`` found (http or https, printable ASCII, so never an option or a
/// second argument). Answers what happened, for the status line.
///
/// ```swift
/// LinkOpener.open("https://example.com/", variables: ["PATH": "/usr/bin"])
/// // "opened https://example.com/ with xdg-open"
/// ```
enum LinkOpener {
  static func open(_ url: String, variables: [String: String]) -> ReaderMessage {
    switch launch(url, variables: variables) {
    case .success(let (child, message)):
      child.detach()
      return message
    case .failure(let failure):
      return failure.message
    }
  }

  /// Starts the opener on `url`: the running program and what to say, or why it did not start.
  static func launch(_ url: String, variables: [String: String]) -> Result<(ChildProcess, ReaderMessage), LaunchFailure>
  {
    guard let opener = ImageOpener.opener(in: variables["PATH"] ?? "") else {
      return .failure(LaunchFailure(message: ReaderMessage(error: "no xdg-open or open on the PATH to open \(url)")))
    }
    let name = opener.split(separator: "/").last.map(String.init) ?? opener
    do {
      let child = try ChildProcess.start(opener, arguments: [url], silenced: true)
      return .success((child, ReaderMessage("opened \(url) with \(name)")))
    } catch {
      return .failure(LaunchFailure(message: ReaderMessage(error: "cannot run \(name): \(error)")))
    }
  }

  /// Why the address was not opened, as the status line says it.
  struct LaunchFailure: Error {
    var message: ReaderMessage
  }
}
