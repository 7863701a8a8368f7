import Foundation
import Testing

@testable import HollowCLI

@Suite struct PathKindTests {
  @Test func tellsFoldersFilesAndNothing() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pathkind-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("f.txt")
    try Data("x".utf8).write(to: file)
    #expect(PathKind(of: folder.path) == .folder)
    #expect(PathKind(of: file.path) == .file)
    #expect(PathKind(of: folder.appendingPathComponent("missing").path) == .missing)
    #expect(PathKind(of: file.path + "/below") == .missing)
  }

  @Test func parentIsWhatNSStringAnswers() {
    for path in ["/tmp/scratch.tiff", "/tmp/lock/", "/tmp/", "/", "scratch.tiff", "a/b", "a//b", "//a", "", "/a"] {
      #expect(PathKind.parent(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
    }
  }
}
