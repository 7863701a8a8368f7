import HollowKit
import HollowWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started with `posix_spawn`: the editor of `--edit` and `c`/`n`, and the image opener of `o`.
///
/// The child gets this process's environment, default handling of every signal and an empty signal mask
/// (hollow-cli ignores SIGINT while an editor runs; the editor must not inherit that). Foundation's
/// `Process` would serve, but it is not in FoundationEssentials, and linking all of Foundation costs
/// every start of `hollow-cli` several milliseconds of loading ICU.
///
/// ```swift
/// let child = try ChildProcess.start("/bin/sh", arguments: ["-c", "vi \"$1\"", "editor", path])
/// let status = await child.exitStatus()  // 0 when the editor exited successfully
/// ```
struct ChildProcess: Sendable {
  /// Why a program could not be started: the `errno` of `posix_spawn`.
  struct StartFailure: Error, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
  }

  let id: pid_t

  /// Starts `path` with `arguments` (after `argv[0]`, which is `path`); with `silenced`, its standard input
  /// reads `/dev/null` and its output and errors go there; with `output`, its standard output is that
  /// descriptor (a pipe's end: `token_command`'s token never touches a file).
  static func start(_ path: String, arguments: [String], silenced: Bool = false, output: Int32? = nil)
    throws(StartFailure) -> ChildProcess
  {
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t?
    var attributes: posix_spawnattr_t?
    #else
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if silenced {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    if let output {
      posix_spawn_file_actions_adddup2(&actions, output, 1)
      posix_spawn_file_actions_addclose(&actions, output)
    }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var id: pid_t = 0
    let result = posix_spawn(&id, path, &actions, &attributes, argv, environ)
    guard result == 0 else { throw StartFailure(code: result) }
    return ChildProcess(id: id)
  }

  /// Waits for the program to end, on a thread of its own, and answers its exit status (128 + the signal
  /// when one ended it).
  func exitStatus() async -> Int32 {
    await withCheckedContinuation { continuation in
      let id = id
      let started = DetachedThread.start(stackBytes: 64 * 1024) {
        continuation.resume(returning: Self.reap(id))
      }
      // No thread to wait on: wait here; the child has been started, and it must be reaped.
      if !started { continuation.resume(returning: Self.reap(id)) }
    }
  }

  /// Reaps the program in the background when it ends, so that no zombie is left behind.
  func detach() {
    let id = id
    if !DetachedThread.start(stackBytes: 64 * 1024, { _ = Self.reap(id) }) {
      _ = waitpid(id, nil, WNOHANG)
    }
  }

  private static func reap(_ id: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(id, &status, 0) < 0 {
      guard errno == EINTR else { return -1 }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}
