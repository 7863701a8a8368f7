#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new pipe whose two ends are closed on exec as soon as they exist. A child process that another thread starts
/// later must not inherit them: a reader waiting for the end of its own writer's output would wait for that child's
/// exit instead (a CI test run hung on a `token_command` whose pipe had no close-on-exec flag, held open by a child
/// another test started meanwhile). A child meant to have an end gets it through `dup2`
/// (`posix_spawn_file_actions_adddup2`), whose copy is not closed on exec. (`pipe2(O_CLOEXEC)`, which would close
/// the instant between the two calls below, is not in Swift's Glibc module; a child started in that instant is the
/// one case left.)
///
/// ```swift
/// guard let ends = PipeEnds() else { throw … }
/// posix_spawn_file_actions_adddup2(&actions, ends.write, 1)
/// ```
package struct PipeEnds: Sendable {
  package let read: Int32
  package let write: Int32

  /// `nil` when the system has no descriptor to give (`errno` says why).
  package init?() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    read = ends[0]
    write = ends[1]
  }
}
