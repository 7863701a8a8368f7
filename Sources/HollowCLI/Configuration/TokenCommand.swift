import HollowWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The config file's `token_command`: a password manager's command (`pass show hollow`) run with
/// `/bin/sh -c` whose first line of output is the token. The token travels through a pipe into
/// memory only: never a file, a cache or a log; its stderr (a passphrase prompt) stays the user's.
/// A command that fails, or prints nothing, is a clear error that names the command, not the token.
///
/// ```swift
/// let token = try await TokenCommand(command: "pass show hollow", path: "~/.config/hollow/config.toml").run()
/// ```
struct TokenCommand: Sendable {
  let command: String
  /// The config file, for messages.
  let path: String

  /// The most output read: a token is a line.
  static let maximumBytes = 16_384

  func run() async throws(CLIFailure) -> String {
    // Closed on exec: a child started meanwhile elsewhere in the process must not hold the write end (see PipeEnds).
    guard let ends = PipeEnds() else {
      throw .failed("token_command (\(path)): cannot make a pipe: \(String(cString: strerror(errno)))")
    }
    let child: ChildProcess
    do {
      child = try ChildProcess.start("/bin/sh", arguments: ["-c", command], output: ends.write)
    } catch {
      close(ends.read)
      close(ends.write)
      throw .failed("token_command (\(path)) could not start: \(error)")
    }
    close(ends.write)
    let bytes: [UInt8]
    do {
      bytes = try FileDescriptorInput(descriptor: ends.read).read(atMost: Self.maximumBytes)
    } catch {
      close(ends.read)
      _ = await child.exitStatus()
      throw .failed("token_command `\(command)` (\(path)) printed more than \(Self.maximumBytes) bytes")
    }
    close(ends.read)
    let status = await child.exitStatus()
    guard status == 0 else {
      throw .failed(
        "token_command `\(command)` (\(path)) failed with exit status \(status); no token, nothing was sent")
    }
    let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first
    guard let token = line.map({ String($0.trimmingWhitespace()) }), !token.isEmpty else {
      throw .failed("token_command `\(command)` (\(path)) printed no token")
    }
    return token
  }
}
