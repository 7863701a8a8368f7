import HollowCache
import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `export` and `import`: the cached data of one namespace to one archive file and back.
///
/// Export lists the namespace's keys from the cache's index (``HollowCache/TwoTierCache/keys(withPrefix:)``;
/// images only with `--with-images`), skips those that expire meanwhile, and writes the archive atomically (a temporary file renamed into
/// place). Import reads and checks the whole archive first (``HollowArchive/init(decoding:)``),
/// refuses one made for another namespace unless forced (the entries are then stored under this
/// one: keys carry no namespace), refuses one larger than the cache may hold, and then writes
/// all or nothing (``ArchiveWriter``).
struct ArchiveTransfer: Sendable {
  let local: LocalCache

  private var namespace: String { local.cache.namespace?.identifier ?? "" }

  func export(to path: String, withImages: Bool, server: String) async throws(CLIFailure) -> ArchiveSummary {
    var entries: [ArchiveEntry] = []
    for key in await local.cache.keys() {
      guard let kind = ArchiveEntry.Kind(key: key), withImages || kind != .image else { continue }
      guard let data = await local.cache.data(forKey: key) else { continue }
      entries.append(ArchiveEntry(key: key, data: data))
    }
    let manifest = ArchiveManifest(
      format: ArchiveManifest.formatName, version: Int(HollowArchive.version),
      created: Date().formatted(.iso8601), server: server, namespace: namespace, entries: entries.count,
      images: withImages)
    do {
      let bytes = try HollowArchive(manifest: manifest, entries: entries).encoded()
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch let error as ArchiveError {
      throw .failed("cannot export: \(error)")
    } catch {
      throw .failed("cannot write the archive '\(path)': \(FileProblem(error, path: path, access: .write))")
    }
    return ArchiveSummary(file: path, entries: entries)
  }

  func `import`(from path: String, force: Bool) async throws(CLIFailure) -> ArchiveSummary {
    let bytes: [UInt8]
    do {
      bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw .failed("cannot read the archive '\(path)': \(FileProblem(error, path: path, access: .read))")
    }
    let archive: HollowArchive
    do {
      archive = try HollowArchive(decoding: bytes)
    } catch {
      throw .failed("cannot import '\(path)': \(error); nothing was imported")
    }
    if archive.manifest.namespace != namespace, !force {
      throw .failed(
        "cannot import '\(path)': it was exported for another server or token (\(archive.manifest.server)); "
          + "pass --force to import it into this one; nothing was imported")
    }
    let size = archive.entries.reduce(0) { $0 + $1.data.count }
    guard size <= local.cache.disk.limits.lowWatermarkBytes else {
      throw .failed(
        "cannot import '\(path)': its \(size) bytes do not fit in the cache (at most "
          + "\(local.cache.disk.limits.lowWatermarkBytes)); nothing was imported")
    }
    do {
      try await ArchiveWriter(store: local.cache).write(archive.entries)
    } catch {
      throw .failed("cannot import '\(path)': \(error); the cache was restored, nothing was imported")
    }
    return ArchiveSummary(file: path, entries: archive.entries)
  }
}
