import HollowKit
import Signal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder of `post PID --save-images DIR`: created (with parents) and checked for writing
/// before anything loads, then filled with one file per image, named after the image's path.
struct ImageFolder: Sendable {
  let path: String

  init(path: String) throws(CLIFailure) {
    if let failure = Self.makeFolders(path) {
      throw .failed("--save-images: cannot create the folder '\(path)': \(failure)")
    }
    guard access(path, W_OK) == 0 else {
      throw .failed("--save-images: cannot write to the folder '\(path)': \(FileProblem(code: errno, access: .write))")
    }
    self.path = path
  }

  /// Creates `path` and its missing parents (`mkdir -p`); the system's reason when it cannot.
  private static func makeFolders(_ path: String) -> String? {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component + "/"
      if mkdir(prefix, 0o755) != 0, errno != EEXIST { return FileProblem(code: errno, access: .write).description }
    }
    guard PathKind(of: path) == .folder else {
      return "it is a file, not a folder; choose another path"
    }
    return nil
  }

  /// The file name of an image: the last component of its path ("abcdef0123.png"), or a numbered
  /// one when that is not a plain name.
  static func fileName(for url: URL, index: Int) -> String {
    let name = url.lastPathComponent
    guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else { return "image-\(index + 1)" }
    return name
  }

  /// Loads every image (cache first, or cache only offline) and writes it; fails after writing the
  /// others when one could not be loaded or written.
  func save(_ references: [ImageReference], session: Session, output: CommandOutput) async throws(CLIFailure) {
    var saved: [String] = []
    var problems: [String] = []
    var progress = FeedProgress(imagesTotal: references.count)
    for await (index, outcome) in session.loaders.images.publisher(for: references, policy: session.policy) {
      let name = Self.fileName(for: references[index].url, index: index)
      progress.imagesDone += 1
      output.progress.show("saving images", progress)
      switch outcome {
      case .success(let image):
        let file = URL(fileURLWithPath: path).appendingPathComponent(name)
        do {
          try image.data.write(to: file, options: .atomic)
          saved.append(name)
        } catch {
          problems.append("\(name): cannot write: \(FileProblem(error, path: file.path, access: .write))")
        }
      case .failure(let error):
        problems.append("\(name): \(error)")
      }
    }
    output.progress.clear()
    if !output.options.json {
      let what = RenderContext.count(saved.count, "image", "images")
      output.print([output.context().painter.line([Span("saved \(what) to \(path)", .dim)])])
    }
    guard problems.isEmpty else {
      throw .failed("--save-images: " + problems.sorted().joined(separator: "; "))
    }
  }
}
