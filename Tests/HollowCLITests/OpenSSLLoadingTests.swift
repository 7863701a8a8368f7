import Foundation
import Testing

@testable import HollowCLI

/// The built `hollow-cli` loads OpenSSL only for https (CHollowTLS): it starts without it, and when
/// the library cannot be loaded an https request fails with a sentence, not a crash.
@Suite struct OpenSSLLoadingTests {
  private func run(_ arguments: [String], extra: [String: String] = [:]) async throws -> PseudoTerminal.Run {
    try await CLIHarness.runBuilt(arguments, extra: extra, stdoutIsTerminal: false)
  }

  @Test func theBinaryStartsWithoutLibssl() async throws {
    // What `ldd` does: the dynamic loader lists the libraries it would load, and runs nothing.
    let listed = try await run([], extra: ["LD_TRACE_LOADED_OBJECTS": "1"])
    #expect(listed.pipe.contains("libc.so"), "\(listed.pipe)")
    #expect(!listed.pipe.contains("libssl"), "\(listed.pipe)")
    #expect(!listed.pipe.contains("libcrypto"), "\(listed.pipe)")
  }

  @Test func anUnloadableOpenSSLIsASentenceForHttpsAndNothingForHttp() async throws {
    // A "libssl.so.3" that is not a library, found first through LD_LIBRARY_PATH.
    let fake = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: fake) }
    try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
    for name in ["libssl.so.3", "libssl.so.1.1"] {
      try Data("not a library".utf8).write(to: fake.appendingPathComponent(name))
    }
    let https = try await run(
      ["--server", "https://127.0.0.1:9/", "--plain", "--no-cache", "timeline"], extra: ["LD_LIBRARY_PATH": fake.path])
    #expect(https.status == 1, "\(https.terminal)")
    #expect(https.terminal.contains("https needs OpenSSL, which could not be loaded"), "\(https.terminal)")
    // The embedded demo server is plain http: the same broken library changes nothing there.
    let http = try await run(["post", "40354"], extra: ["LD_LIBRARY_PATH": fake.path])
    #expect(http.status == 0, "\(http.terminal)")
    #expect(http.pipe.contains("#40354"))
  }
}
