import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program running in a pseudo-terminal of its own, as a user's terminal runs it: the slave
/// side is its stdin, stdout and stderr and its controlling terminal (a new session), sized
/// `rows` x `columns`; the benchmark holds the master side, reads what the program draws and
/// types into it.
final class PseudoTerminalProcess {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let pid: pid_t
  private let master: Int32
  /// Everything read so far.
  private(set) var output: [UInt8] = []
  private var exited = false
  /// The slave side closed: the program (and every child holding it) is gone.
  private(set) var hungUp = false

  /// Starts `binary` with `arguments` and exactly `variables` as its environment.
  init(binary: String, arguments: [String], variables: [String: String], rows: Int, columns: Int) throws {
    // Glibc's posix_openpt and friends need _XOPEN_SOURCE, which Swift's Glibc module does not
    // define, so this is what they do on Linux: open /dev/ptmx, unlock it, find its /dev/pts/N.
    // TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned int).
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
      if master >= 0 { close(master) }
      throw Failure(description: "cannot open a pseudo-terminal: errno \(errno)")
    }
    self.master = master
    Self.resize(master, rows: rows, columns: columns)
    let slavePath = "/dev/pts/\(number)"

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid (the attribute below), the slave becomes the controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID (glibc 2.26), hidden from Swift by the same _XOPEN_SOURCE/_GNU_SOURCE gap.
    let setsid: Int16 = 0x80
    posix_spawnattr_setflags(&attributes, setsid)

    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let environment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + environment).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, binary, &actions, &attributes, argv, environment)
    guard spawned == 0 else {
      close(master)
      throw Failure(description: "cannot start \(binary): posix_spawn \(spawned)")
    }
    self.pid = pid
  }

  deinit {
    if !exited {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
    close(master)
  }

  /// Gives the terminal a new size: the kernel sends SIGWINCH to the program (the terminal's
  /// foreground process group).
  func resize(rows: Int, columns: Int) {
    Self.resize(master, rows: rows, columns: columns)
  }

  private static func resize(_ master: Int32, rows: Int, columns: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Types `text`.
  func type(_ text: String) throws {
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw Failure(description: "cannot type into the terminal: errno \(errno)") }
  }

  /// Reads what is there, waiting up to `milliseconds` for the first bytes; answers the count
  /// read (0: nothing came in time, or the program is gone).
  @discardableResult
  func read(waiting milliseconds: Int32) -> Int {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return 0 }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
    guard count > 0 else {
      hungUp = true
      return 0
    }
    output += buffer[..<count]
    return count
  }

  /// Reads until `done(output)` holds, for at most `seconds`; throws with the output's tail if it
  /// never does. `polling` runs before each wait for output and answers how long that wait may
  /// be, in milliseconds (to watch something else meanwhile).
  func read(
    until what: String, seconds: Double = 30, polling: () -> Int32 = { 100 }, _ done: ([UInt8]) -> Bool
  ) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !done(output) {
      guard Date() < deadline, !hungUp else {
        let tail = String(decoding: output.suffix(400), as: UTF8.self)
        throw Failure(
          description: "no \(what) within \(seconds) s; the terminal's last output: \(tail.debugDescription)")
      }
      read(waiting: polling())
    }
  }

  /// Reads until nothing has come for `milliseconds`.
  func readUntilQuiet(milliseconds: Int32) {
    while read(waiting: milliseconds) > 0 {}
  }

  /// Forgets the output read so far (what comes next is searched from the start).
  func clearOutput() {
    output.removeAll(keepingCapacity: true)
  }

  /// Waits for the program to end (reading whatever it still writes); answers its exit status.
  func waitForExit(seconds: Double = 30) throws -> Int32 {
    let deadline = Date().addingTimeInterval(seconds)
    var status: Int32 = 0
    while true {
      let ended = waitpid(pid, &status, WNOHANG)
      if ended == pid { break }
      guard Date() < deadline else { throw Failure(description: "the program did not end within \(seconds) s") }
      if hungUp { usleep(1_000) } else { read(waiting: 20) }
    }
    exited = true
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
