import HollowWire
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct PipeEndsTests {
  @Test func bothEndsAreClosedOnExecFromTheStart() throws {
    let ends = try #require(PipeEnds())
    defer {
      close(ends.read)
      close(ends.write)
    }
    #expect(fcntl(ends.read, F_GETFD) & FD_CLOEXEC != 0)
    #expect(fcntl(ends.write, F_GETFD) & FD_CLOEXEC != 0)
  }

  #if os(Linux)
  /// What the flag is for: a child started while the pipe is open (by any thread) holds neither end, so the pipe's
  /// reader sees the end of its own writer's output when that writer is done.
  @Test func aChildStartedMeanwhileHoldsNeitherEnd() throws {
    let ends = try #require(PipeEnds())
    defer {
      close(ends.read)
      close(ends.write)
    }
    for end in [ends.read, ends.write] {
      // `test` is the shell's builtin: /proc/self is the child itself.
      let words = ["/bin/sh", "-c", "test -e /proc/self/fd/\(end)"]
      let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
      defer { argv.forEach { free($0) } }
      var pid: pid_t = 0
      #expect(posix_spawn(&pid, "/bin/sh", nil, nil, argv, nil) == 0)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      #expect((status >> 8) & 0xff == 1, "the child has descriptor \(end)")
    }
  }
  #endif
}
