// hollow-cache-crash-helper: a second process for the HollowCache tests.
//
// Usage: hollow-cache-crash-helper <folder> <key-prefix> <distinct-keys> <writes|forever> <max-bytes>
//
// Writes entries "<key-prefix>-<n>" into a DiskCache in <folder>, printing "wrote <n>" after each, so a test
// can kill it with SIGKILL in the middle of a write or run it next to its own writers. Each payload is
// self-checking: the SHA-256 of the rest, then the key, a newline and up to 80 KB of filler.
import Foundation
import HollowCache

let arguments = CommandLine.arguments
guard arguments.count == 6, let distinctKeys = Int(arguments[3]), distinctKeys > 0,
  let maxBytes = Int(arguments[5])
else {
  FileHandle.standardError.write(Data("usage: \(arguments[0]) folder prefix keys writes|forever max-bytes\n".utf8))
  exit(2)
}
let writes = arguments[4] == "forever" ? Int.max : Int(arguments[4]) ?? 0

do {
  let cache = try DiskCache(directory: arguments[1], limits: DiskCache.Limits(maxBytes: maxBytes))
  var generator = SystemRandomNumberGenerator()
  var written = 0
  while written < writes {
    let key = "\(arguments[2])-\(written % distinctKeys)"
    let seed = UInt8.random(in: 1...255, using: &generator)
    var body = Array(key.utf8) + [0x0A]
    body += (0..<Int.random(in: 1_000...80_000, using: &generator)).map { UInt8(truncatingIfNeeded: $0) &* seed }
    try await cache.set(Data(SHA256.digest(body) + body), forKey: key)
    FileHandle.standardOutput.write(Data("wrote \(written)\n".utf8))
    written += 1
  }
} catch {
  FileHandle.standardError.write(Data("hollow-cache-crash-helper: \(error)\n".utf8))
  exit(1)
}
