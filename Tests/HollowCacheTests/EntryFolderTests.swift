import Dispatch
import Foundation
import Synchronization
import Testing

@testable import HollowCache

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile cache folders: whatever sits under an entry's or the lock file's name, opening, reading, writing,
/// verifying and clearing end at once, remove the intruder, report it, and touch nothing outside the folder.
@Suite("EntryFolder: FIFOs, folders, links and other users' files in the cache folder")
struct EntryFolderTests {
  /// A file outside the cache folder that a link in it points to; it must come out of every test unchanged.
  struct Victim {
    let path: String
    static let contents = Data("do not touch".utf8)

    init(in parent: String) throws {
      path = parent + "/victim-\(UUID().uuidString)"
      try Self.contents.write(to: URL(fileURLWithPath: path))
      chmod(path, 0o644)
    }

    var isIntact: Bool {
      (try? Data(contentsOf: URL(fileURLWithPath: path))) == Self.contents && mode(path) == 0o644
    }
  }

  private static func mode(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }

  private static func type(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
  }

  /// Makes a FIFO, a folder (with a file and a link inside) or a link named `name` in `folder`.
  enum Intruder: String, CaseIterable {
    case fifo, folder, symbolicLink, danglingLink, hardLink

    func plant(_ name: String, in folder: String, victim: Victim) throws {
      let path = folder + "/" + name
      switch self {
      case .fifo:
        #expect(mkfifo(path, 0o600) == 0)
      case .folder:
        #expect(mkdir(path, 0o700) == 0 && mkdir(path + "/inner", 0o700) == 0)
        try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/inner/file"))
        #expect(symlink(victim.path, path + "/inner/link") == 0)
      case .symbolicLink:
        #expect(symlink(victim.path, path) == 0)
      case .danglingLink:
        #expect(symlink(victim.path + "-created", path) == 0)
      case .hardLink:
        #expect(link(victim.path, path) == 0)
      }
    }

    var defect: EntryDefect { self == .hardLink ? .notOwned : .notRegularFile }
  }

  /// Runs `body`; should it block on the FIFO at `fifo` (the bug this suite guards against), a writer opens
  /// and closes it after a minute, so the blocked reader sees an end of file and the test fails instead of
  /// hanging. The minute is a safety net, never a synchronization: a passing run never waits for it.
  private func boundedByFIFO<T>(_ fifo: String, _ body: () async throws -> T) async rethrows -> T {
    let finished = DispatchSemaphore(value: 0)
    let fired = Mutex(false)
    let watchdog = DispatchGroup()
    watchdog.enter()
    // A thread of its own: a blocked Dispatch worker would starve the cooperative pool, which shares them.
    Thread.detachNewThread {
      while finished.wait(timeout: .now() + 60) == .timedOut {
        fired.withLock { $0 = true }
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
      }
      watchdog.leave()
    }
    let result: T
    do {
      result = try await body()
    } catch {
      finished.signal()
      watchdog.wait()
      throw error
    }
    finished.signal()
    watchdog.wait()
    #expect(!fired.withLock { $0 }, "blocked on the FIFO for a minute")
    return result
  }

  @Test(
    "an intruder under an entry's name is removed when the cache opens, and reported", arguments: Intruder.allCases)
  func intruderAtOpen(intruder: Intruder) async throws {
    try await withTemporaryFolder { parent in
      let folder = parent + "/cache"
      let victim = try Victim(in: parent)
      do {
        let cache = try DiskCache(directory: folder)
        try await cache.set(Data("kept".utf8), forKey: "kept")
      }
      let name = SHA256.hex("k")
      try intruder.plant(name, in: folder, victim: victim)
      let cache = try await boundedByFIFO(folder + "/" + name) { try DiskCache(directory: folder) }
      #expect(cache.openingReport.dropped == [intruder.defect: 1])
      #expect(cache.openingReport.valid == 1 && cache.openingReport.checked == 2)
      #expect(await cache.statistics.corruptDropped == 1)
      #expect(Self.type(folder + "/" + name) == nil)
      #expect(await cache.data(forKey: "k") == nil)
      #expect(await cache.data(forKey: "kept") == Data("kept".utf8))
      #expect(victim.isIntact)
      #expect(!FileManager.default.fileExists(atPath: victim.path + "-created"))
    }
  }

  @Test("an intruder planted after opening is a miss, removed and counted", arguments: Intruder.allCases)
  func intruderOnLookup(intruder: Intruder) async throws {
    try await withTemporaryFolder { parent in
      let folder = parent + "/cache"
      let victim = try Victim(in: parent)
      let cache = try DiskCache(directory: folder)
      try await cache.set(Data("old".utf8), forKey: "k")
      let path = entryPath(folder, "k")
      unlink(path)
      try intruder.plant(SHA256.hex("k"), in: folder, victim: victim)
      let found = await boundedByFIFO(path) { await cache.data(forKey: "k") }
      #expect(found == nil)
      #expect(Self.type(path) == nil)
      let statistics = await cache.statistics
      #expect(statistics.corruptDropped == 1 && statistics.misses == 1 && statistics.entryCount == 0)
      try await cache.set(Data("new".utf8), forKey: "k")
      #expect(await cache.data(forKey: "k") == Data("new".utf8))
      #expect(victim.isIntact)
    }
  }

  @Test("a link to a sound entry elsewhere is not followed: the entry is not served")
  func linkToASoundEntry() async throws {
    try await withTemporaryFolder { parent in
      let folder = parent + "/cache"
      let elsewhere = parent + "/elsewhere"
      do {
        let other = try DiskCache(directory: elsewhere)
        try await other.set(Data("planted".utf8), forKey: "k")
      }
      let cache = try DiskCache(directory: folder)
      #expect(symlink(entryPath(elsewhere, "k"), entryPath(folder, "k")) == 0)
      #expect(await cache.data(forKey: "k") == nil)
      #expect(Self.type(entryPath(folder, "k")) == nil)
      #expect(Self.type(entryPath(elsewhere, "k")) == S_IFREG)
    }
  }

  @Test("writing a key whose name is taken by a folder replaces the folder", arguments: [Intruder.folder, .fifo])
  func writeOverAnIntruder(intruder: Intruder) async throws {
    try await withTemporaryFolder { parent in
      let folder = parent + "/cache"
      let victim = try Victim(in: parent)
      let cache = try DiskCache(directory: folder)
      try intruder.plant(SHA256.hex("k"), in: folder, victim: victim)
      try await cache.set(Data("value".utf8), forKey: "k")
      #expect(Self.type(entryPath(folder, "k")) == S_IFREG)
      #expect(await cache.data(forKey: "k") == Data("value".utf8))
      #expect(await cache.statistics.corruptDropped == (intruder == .folder ? 1 : 0))
      #expect(victim.isIntact)
    }
  }

  @Test("verify and clear end at once with intruders in the folder, and remove them")
  func verifyAndClear() async throws {
    try await withTemporaryFolder { parent in
      let folder = parent + "/cache"
      let victim = try Victim(in: parent)
      let cache = try DiskCache(directory: folder)
      try await cache.set(Data("kept".utf8), forKey: "kept")
      for intruder in Intruder.allCases {
        try intruder.plant(SHA256.hex(intruder.rawValue), in: folder, victim: victim)
      }
      try Intruder.folder.plant(".tmp-1234.partial", in: folder, victim: victim)
      let report = try await boundedByFIFO(entryPath(folder, "fifo")) { try await cache.verify() }
      #expect(report.dropped == [.notRegularFile: 4, .notOwned: 1])
      #expect(report.valid == 1 && report.temporariesRemoved == 1)
      #expect(try folderContents(folder) == [".lock", SHA256.hex("kept")])

      try Intruder.fifo.plant(SHA256.hex("fifo"), in: folder, victim: victim)
      try Intruder.folder.plant(SHA256.hex("folder"), in: folder, victim: victim)
      try await boundedByFIFO(entryPath(folder, "fifo")) { try await cache.removeAll() }
      #expect(try folderContents(folder) == [".lock"])
      #expect(victim.isIntact)
    }
  }

  @Test(
    "a .lock that is not a regular file of ours is replaced, never followed or chmod-ed", arguments: Intruder.allCases)
  func hostileLockFile(intruder: Intruder) async throws {
    try await withTemporaryFolder { parent in
      let folder = parent + "/cache"
      let victim = try Victim(in: parent)
      #expect(mkdir(folder, 0o700) == 0)
      try intruder.plant(".lock", in: folder, victim: victim)
      let cache = try await boundedByFIFO(folder + "/.lock") { try DiskCache(directory: folder) }
      #expect(cache.openingReport.replacedLockFile == intruder.defect)
      #expect(Self.type(folder + "/.lock") == S_IFREG && Self.mode(folder + "/.lock") == 0o600)
      try await cache.set(Data("v".utf8), forKey: "k")
      #expect(await cache.data(forKey: "k") == Data("v".utf8))
      #expect(victim.isIntact)
      #expect(!FileManager.default.fileExists(atPath: victim.path + "-created"))
      let again = try DiskCache(directory: folder)
      #expect(again.openingReport.replacedLockFile == nil)
    }
  }

  @Test("a lock file replaced while the folder is open is followed to the new one")
  func lockFileReplacedWhileOpen() async throws {
    try await withTemporaryFolder { folder in
      let first = try EntryFolder(path: folder)
      let before = Self.inode(folder + "/.lock")
      // Another process found the lock file bad and made a new one: a lock on the old one excludes no one.
      unlink(folder + "/.lock")
      try Data().write(to: URL(fileURLWithPath: folder + "/.lock"))
      #expect(Self.inode(folder + "/.lock") != before)
      let probe = open(folder + "/.lock", O_RDONLY | O_CLOEXEC)
      defer { close(probe) }
      let excluded = try first.withLock { () throws(CacheError) -> Bool in
        // Held by `first`: the file named `.lock` now is the one it locked, so no one else can take it.
        flock(probe, LOCK_EX | LOCK_NB) != 0
      }
      #expect(excluded)
      #expect(flock(probe, LOCK_EX | LOCK_NB) == 0)
      #expect(Self.mode(folder + "/.lock") == 0o600)
    }
  }

  /// The message of the ``CacheError/unsafeDirectory(path:reason:)`` that `body` throws, if it throws one.
  private static func refusal(_ body: () throws(CacheError) -> Void) -> String? {
    do throws(CacheError) {
      try body()
      return nil
    } catch {
      guard case .unsafeDirectory = error else { return nil }
      return error.description
    }
  }

  private static func inode(_ path: String) -> UInt64? {
    var info = stat()
    return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
  }

  @Test("a cache folder that is a symbolic link is refused, and nothing is created where it points")
  func symlinkedFolder() async throws {
    try await withTemporaryFolder { (parent: String) async throws in
      let target = parent + "/target"
      #expect(mkdir(target, 0o755) == 0)
      #expect(symlink(target, parent + "/cache") == 0)
      let refusal = Self.refusal { () throws(CacheError) in _ = try DiskCache(directory: parent + "/cache") }
      #expect(refusal?.contains("is a symbolic link") == true)
      #expect(try folderContents(target).isEmpty)
      #expect(Self.mode(target) == 0o755)
    }
  }

  @Test("a folder owned by another user is refused before anything in it is touched")
  func foreignFolderByInjectedUser() async throws {
    try await withTemporaryFolder { (folder: String) async throws in
      #expect(symlink("/nonexistent", folder + "/.lock") == 0)
      chmod(folder, 0o777)
      let stranger = geteuid() &+ 4242
      let refusal = Self.refusal { () throws(CacheError) in _ = try DiskCache(directory: folder, owner: stranger) }
      #expect(refusal?.contains("it belongs to user \(geteuid()), not to this user (\(stranger))") == true)
      #expect(Self.type(folder + "/.lock") == S_IFLNK)
      #expect(Self.mode(folder) == 0o777)
    }
  }

  @Test(
    "as root: a folder chown-ed to another user is refused, and so is another user's entry",
    .enabled(if: geteuid() == 0, "changing a file's owner needs root; the injected-user test covers the rest"))
  func foreignFolderAndEntryAsRoot() async throws {
    try await withTemporaryFolder { parent in
      let foreign = parent + "/foreign"
      #expect(mkdir(foreign, 0o700) == 0 && chown(foreign, 65_534, 65_534) == 0)
      #expect(throws: CacheError.self) { try DiskCache(directory: foreign) }
      #expect(try folderContents(foreign).isEmpty)

      let folder = parent + "/cache"
      let cache = try DiskCache(directory: folder)
      try await cache.set(Data("v".utf8), forKey: "k")
      #expect(chown(entryPath(folder, "k"), 65_534, 65_534) == 0)
      #expect(await cache.data(forKey: "k") == nil)
      #expect(Self.type(entryPath(folder, "k")) == nil)
      #expect(await cache.statistics.corruptDropped == 1)
    }
  }

  @Test("verify's report adds what opening removed, so no defect goes unreported")
  func openingReportAddsUp() async throws {
    try await withTemporaryFolder { parent in
      let folder = parent + "/cache"
      let victim = try Victim(in: parent)
      do {
        let cache = try DiskCache(directory: folder)
        try await cache.set(Data("kept".utf8), forKey: "kept")
        try await cache.set(Data("late".utf8), forKey: "late")
      }
      try Intruder.folder.plant(SHA256.hex("a"), in: folder, victim: victim)
      unlink(folder + "/.lock")
      try Intruder.symbolicLink.plant(".lock", in: folder, victim: victim)
      try Data("junk".utf8).write(to: URL(fileURLWithPath: folder + "/.tmp-9.partial"))
      let cache = try DiskCache(directory: folder)
      try Data([1, 2, 3]).write(to: URL(fileURLWithPath: entryPath(folder, "late")))
      let total = try await cache.verify().adding(opening: cache.openingReport)
      #expect(total.checked == 3)
      #expect(total.valid == 1)
      #expect(total.dropped == [.notRegularFile: 1, .truncated: 1])
      #expect(total.temporariesRemoved == 1)
      #expect(total.replacedLockFile == .notRegularFile)
      #expect(victim.isIntact)
    }
  }
}
