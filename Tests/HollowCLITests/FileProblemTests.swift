import Foundation
import Testing

@testable import HollowCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileProblemTests {
  /// A fresh folder for one test, removed afterwards.
  private func withFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-problem-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  /// What `body` threw, described for `path`.
  private func problem(_ path: String, _ access: FileProblem.Access, _ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return FileProblem(error, path: path, access: access).description
    }
  }

  @Test func foundationsFileErrorsBecomeSentences() throws {
    try withFolder { folder in
      let missing = folder.appendingPathComponent("missing.hollow")
      #expect(
        problem(missing.path, .read) { _ = try Data(contentsOf: missing) } == "no such file; check the path")
      let inMissingFolder = folder.appendingPathComponent("no/such/folder/x.hollow")
      #expect(
        problem(inMissingFolder.path, .write) { try Data("x".utf8).write(to: inMissingFolder, options: .atomic) }
          == "its folder does not exist; create the folder first or choose another path")
      #expect(
        problem(folder.path, .read) { _ = try Data(contentsOf: folder) } == "it is a folder, not a file; name a file")
      let file = folder.appendingPathComponent("file")
      try Data("x".utf8).write(to: file)
      let underFile = file.appendingPathComponent("x.hollow")
      #expect(
        problem(underFile.path, .write) { try Data("x".utf8).write(to: underFile, options: .atomic) }
          == "a part of the path is a file, not a folder; check the path")
    }
  }

  @Test func everyKnownCodeSaysWhatToDo() {
    let texts = [EACCES, EISDIR, ENOSPC, EROFS, ENAMETOOLONG, EIO].map {
      FileProblem(code: $0, access: .write).description
    }
    #expect(
      texts == [
        "permission denied; choose a folder you may write to", "it is a folder, not a file; name a file",
        "the disk is full; free some space and try again", "the file system is read-only; choose another path",
        "the path is too long; choose a shorter one", "\(String(cString: strerror(EIO))); check the path and try again",
      ])
    #expect(FileProblem(code: EACCES, access: .read).description == "permission denied; check the file's permissions")
    #expect(
      FileProblem(code: nil, access: .read).description == "the system gave no reason; check the path and try again")
  }

  @Test func anErrorWithoutACodeNeverShowsFoundationsText() {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString)").path
    let text = FileProblem(CocoaError(.fileReadUnknown), path: path, access: .read).description
    #expect(text == "the system gave no reason; check the path and try again")
  }
}
