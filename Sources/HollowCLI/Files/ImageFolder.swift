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
/// before anything loads, then filled with one file per image, named from the post's pid (and the
/// comment's cid) and the type the image's bytes show, never from the server's path.
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

  /// One image to save: where it is, and the name (without extension) it is saved under.
  struct Entry: Equatable {
    var reference: ImageReference
    var stem: String
    /// Whose image it is, for an error: `#40353's image` or `#40353's comment 12's image`.
    var owner: String
  }

  /// The images of `post` then of `comments`, each once, named by us: `<pid>` for the post's,
  /// `<pid>-<cid>` for a comment's. Never by the server's path, which is the server's text: control
  /// bytes (`ESC ] 0 ; … BEL` reaches the terminal of whoever lists the folder), `..`, `.bashrc`.
  static func entries(post: Post, comments: [Comment], imageBaseURL: URL) -> [Entry] {
    let owners =
      [(post.imagePath, post.imageMetadata, [post.pid], "#\(post.pid)'s image")]
      + comments.map {
        ($0.imagePath, $0.imageMetadata, [post.pid, $0.cid], "#\(post.pid)'s comment \($0.cid)'s image")
      }
    var seen: Set<URL> = []
    var entries: [Entry] = []
    for (path, metadata, numbers, owner) in owners {
      guard let path, !path.isEmpty else { continue }
      let reference = ImageReference(url: imageBaseURL.appendingPathComponent(path), expected: metadata)
      guard seen.insert(reference.url).inserted else { continue }
      // A negative number would start a name with '-', which commands read as an option.
      let stem = numbers.allSatisfy { $0 >= 0 } ? numbers.map(String.init).joined(separator: "-") : "image"
      entries.append(Entry(reference: reference, stem: stem, owner: owner))
    }
    return entries
  }

  /// The file name for an image of `format` saved as `stem`, not one of `taken` (a hostile server may
  /// repeat a cid): `40353.png`, else `40353-2.png`, ...
  static func fileName(stem: String, format: ImageHeader.Format, taken: Set<String>) -> String {
    let fileExtension =
      switch format {
      case .png: "png"
      case .jpeg: "jpg"
      case .gif: "gif"
      }
    var name = "\(stem).\(fileExtension)"
    var copy = 1
    while taken.contains(name) {
      copy += 1
      name = "\(stem)-\(copy).\(fileExtension)"
    }
    return name
  }

  /// Loads the images of `post` and `comments` (cache first, or cache only offline) and writes each
  /// under a name ``entries(post:comments:imageBaseURL:)`` chose and the type its bytes showed; fails
  /// after writing the others when one could not be loaded or written.
  func save(post: Post, comments: [Comment], session: Session, output: CommandOutput) async throws(CLIFailure) {
    guard let imageBaseURL = session.client.configuration.imageBaseURL else { throw .failed(Backend.noImageBase) }
    let entries = Self.entries(post: post, comments: comments, imageBaseURL: imageBaseURL)
    var saved: Set<String> = []
    var problems: [String] = []
    var progress = FeedProgress(imagesTotal: entries.count)
    let references = entries.map(\.reference)
    for await (index, outcome) in session.loaders.images.publisher(for: references, policy: session.policy) {
      let entry = entries[index]
      progress.imagesDone += 1
      output.progress.show("saving images", progress)
      switch outcome {
      case .success(let image):
        let name = Self.fileName(stem: entry.stem, format: image.header.format, taken: saved)
        let file = URL(fileURLWithPath: path).appendingPathComponent(name)
        do {
          try image.data.write(to: file, options: .atomic)
          saved.insert(name)
        } catch {
          problems.append("\(name): cannot write: \(FileProblem(error, path: file.path, access: .write))")
        }
      case .failure(let error):
        problems.append("\(entry.owner): \(error)")
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
