import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `o` key: writes the post's loaded image to a file in the temporary folder and, when
/// `xdg-open` (or macOS's `open`) is on the PATH, opens it there in the background (its output
/// goes nowhere, so the screen stays whole). Answers what happened, for the status line.
enum ImageOpener {
  static func open(post: Post, images: [String: ImageSlot], variables: [String: String]) -> ReaderMessage {
    guard let path = post.imagePath, !path.isEmpty else { return ReaderMessage(error: "#\(post.pid) has no image") }
    guard case .loaded(let image, _) = images[path] else {
      return ReaderMessage(error: "the image of #\(post.pid) is not loaded yet")
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("hollow-\(post.pid).\(image.header.format.rawValue)")
    do {
      try image.data.write(to: file, options: .atomic)
    } catch {
      return ReaderMessage(error: "cannot save \(file.path): \(FileProblem(error, path: file.path, access: .write))")
    }
    guard let opener = opener(in: variables["PATH"] ?? "") else { return ReaderMessage("saved \(file.path)") }
    do {
      try ChildProcess.start(opener, arguments: [file.path], silenced: true).detach()
    } catch {
      return ReaderMessage(error: "saved \(file.path); cannot run \(opener): \(error)")
    }
    return ReaderMessage("saved \(file.path), opened with \(URL(fileURLWithPath: opener).lastPathComponent)")
  }

  /// The first `xdg-open` or `open` on `searchPath`.
  static func opener(in searchPath: String) -> String? {
    for name in ["xdg-open", "open"] {
      for folder in searchPath.split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }
}
