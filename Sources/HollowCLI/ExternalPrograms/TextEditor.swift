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

/// `--edit`: runs `$VISUAL` (else `$EDITOR`, else `vi`) on a private temporary file holding the
/// draft, the way git does (`sh -c '$EDITOR "$1"'`, so the variable may carry arguments), and
/// answers what the file holds once the editor exits successfully. The file is removed either way.
///
/// While the editor runs, hollow-cli ignores SIGINT (the editor, started with default signal
/// handling, decides what Ctrl-C means), so the terminal is never left to an orphaned editor.
///
/// ```swift
/// let bytes = try await TextEditor(variables: ["EDITOR": "nano"], command: "send").edit("", maximumBytes: 65_536)
/// ```
struct TextEditor: Sendable {
  let variables: [String: String]
  /// The command path, for error messages.
  let command: String

  /// The editor's command line.
  var editor: String {
    for name in ["VISUAL", "EDITOR"] {
      if let value = variables[name], !value.trimmingWhitespace().isEmpty { return value }
    }
    return "vi"
  }

  func edit(_ draft: String, maximumBytes: Int) async throws(CLIFailure) -> [UInt8] {
    let path = try makeFile(holding: draft)
    defer { unlink(path) }
    let status = try await run(on: path)
    guard status == 0 else {
      throw .failed("--edit: the editor (\(editor)) exited with status \(status); nothing was sent")
    }
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW)
    guard descriptor >= 0 else {
      throw .failed("--edit: cannot read what the editor wrote: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    do {
      return try FileDescriptorInput(descriptor: descriptor).read(atMost: maximumBytes)
    } catch {
      throw .failed("--edit: cannot read what the editor wrote: \(TextComposer.describe(error))")
    }
  }

  /// A new file only this user can read (mkstemps: 0600, created exclusively), holding `draft`.
  private func makeFile(holding draft: String) throws(CLIFailure) -> String {
    let folder = FileManager.default.temporaryDirectory.path
    var template = Array(
      "\(folder)/hollow-cli-\(command.replacing(" ", with: "-"))-XXXXXX.txt".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemps($0, 4) } ?? -1
    }
    guard descriptor >= 0 else {
      throw .failed("--edit: cannot create a file for the editor in \(folder): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // A text file ends with a newline; editors expect it (and trailing newlines are dropped again).
    FileDescriptorOutput(descriptor: descriptor).write(TerminalText(lines: draft.isEmpty ? "" : draft + "\n"))
    return path
  }

  /// Runs the editor on `path` and answers its exit status (128 + the signal when one ended it).
  private func run(on path: String) async throws(CLIFailure) -> Int32 {
    let previous = signal(SIGINT, SIG_IGN)
    defer { signal(SIGINT, previous) }
    let child: ChildProcess
    do {
      child = try ChildProcess.start("/bin/sh", arguments: ["-c", "\(editor) \"$1\"", "hollow-cli-editor", path])
    } catch {
      throw .failed("--edit: cannot start the editor (\(editor)): \(error)")
    }
    return await child.exitStatus()
  }
}
