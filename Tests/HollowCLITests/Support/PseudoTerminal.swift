import Foundation
import HollowWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `hollow-cli` binary as a user's shell would: stderr (and, if asked, stdout) on a
/// pseudo-terminal of 80x24, stdout otherwise into a pipe (`hollow-cli timeline | head`), stdin
/// from /dev/null. Answers everything the terminal and the pipe received.
enum PseudoTerminal {
  struct Run {
    /// What reached the terminal, as written (the terminal turns "\n" into "\r\n").
    var terminal: String
    /// What reached the pipe (stdout, when it is not the terminal).
    var pipe: String
    var status: Int32
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The `hollow-cli` executable built next to the test bundle, if any.
  static func binaryPath() -> String? {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder =
      FileManager.default.fileExists(atPath: executable.path)
      ? executable.deletingLastPathComponent() : Bundle.main.bundleURL.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("hollow-cli").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }

  static func run(_ binary: String, _ arguments: [String], variables: [String: String], stdoutIsTerminal: Bool)
    async throws -> Run
  {
    let (master, terminal) = try openPair()
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
    guard let pipeEnds = PipeEnds() else { throw Failure(description: "pipe") }
    let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, nothing, 0)
    posix_spawn_file_actions_adddup2(&actions, stdoutIsTerminal ? terminal : pipeEnds.write, 1)
    posix_spawn_file_actions_adddup2(&actions, terminal, 2)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let environment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + environment).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environment)
    // Only the child keeps the terminal's and the pipe's writing ends: reads end when it exits.
    close(terminal)
    close(pipeEnds.write)
    close(nothing)
    guard spawned == 0 else {
      close(master)
      close(pipeEnds.read)
      throw Failure(description: "posix_spawn: \(spawned)")
    }
    let (terminalBytes, pipeBytes) = await drain(master, pipeEnds.read)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return Run(
      terminal: String(decoding: terminalBytes, as: UTF8.self), pipe: String(decoding: pipeBytes, as: UTF8.self),
      status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
  }

  /// A new pseudo-terminal: the master side and the terminal side (what the child writes to).
  /// Glibc's posix_openpt and friends need _XOPEN_SOURCE, which Swift's Glibc module does not
  /// define, so this is what they do on Linux: open /dev/ptmx, unlock it and open its /dev/pts/N.
  static func openPair() throws -> (master: Int32, terminal: Int32) {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw Failure(description: "open /dev/ptmx: \(String(cString: strerror(errno)))") }
    // TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned int): the same on
    // every Linux architecture Swift runs on.
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
      close(master)
      throw Failure(description: "unlock the pty: \(String(cString: strerror(errno)))")
    }
    let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard terminal >= 0 else {
      close(master)
      throw Failure(description: "open /dev/pts/\(number): \(String(cString: strerror(errno)))")
    }
    return (master, terminal)
  }

  /// Reads both descriptors until each ends (the terminal ends with EIO once the child is gone),
  /// then closes them. A minute without any byte ends it too, so a stuck child fails the test
  /// instead of hanging it.
  private static func drain(_ first: Int32, _ second: Int32) async -> ([UInt8], [UInt8]) {
    await withCheckedContinuation { continuation in
      // A thread of its own: a blocked Dispatch worker would starve the cooperative pool, which shares them.
      Thread.detachNewThread {
        var open = [first, second]
        var received: [Int32: [UInt8]] = [first: [], second: []]
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
          var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
          let ready = poll(&polls, nfds_t(polls.count), 60_000)
          if ready < 0, errno == EINTR { continue }
          if ready <= 0 { break }
          for entry in polls where entry.revents != 0 {
            let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
            if count > 0 {
              received[entry.fd, default: []] += chunk[..<count]
            } else if !(count < 0 && errno == EINTR) {
              open.removeAll { $0 == entry.fd }
            }
          }
        }
        close(first)
        close(second)
        continuation.resume(returning: (received[first] ?? [], received[second] ?? []))
      }
    }
  }
}
