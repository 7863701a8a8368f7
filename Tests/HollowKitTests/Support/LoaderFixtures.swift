import Foundation
import HollowCache
import HollowKit
import Synchronization

/// Image bytes, caches and HTTP clients shared by the loader tests.
enum LoaderFixtures {
  static let imageBase = URL(string: "http://images.test/img")!

  /// A PNG signature and IHDR chunk (then an IEND): all a header parser reads.
  static func png(width: Int, height: Int) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += bigEndian(13, 4) + Array("IHDR".utf8) + bigEndian(width, 4) + bigEndian(height, 4)
    bytes += [8, 2, 0, 0, 0] + [0, 0, 0, 0]
    bytes += bigEndian(0, 4) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    return Data(bytes)
  }

  static func gif(width: Int, height: Int, version: String = "89a") -> Data {
    Data(Array("GIF\(version)".utf8) + littleEndian(width) + littleEndian(height) + [0xF7, 0, 0, 0x3B])
  }

  /// SOI, an APP0 segment, a start-of-frame (`sof`, default baseline C0), then EOI.
  static func jpeg(width: Int, height: Int, sof: UInt8 = 0xC0, beforeFrame: [UInt8] = []) -> Data {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += [0xFF, 0xE0] + bigEndian(16, 2) + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    bytes += beforeFrame
    bytes += [0xFF, sof] + bigEndian(17, 2) + [8] + bigEndian(height, 2) + bigEndian(width, 2)
    bytes += [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
    bytes += [0xFF, 0xD9]
    return Data(bytes)
  }

  static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  static func littleEndian(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }

  /// Runs `body` with a namespaced two-tier cache in a fresh folder, deleted afterwards.
  static func withCache<T>(
    namespace: CacheNamespace = CacheNamespace(serverURL: "http://example.test/api", token: ClientFixtures.token),
    _ body: (TwoTierCache, String) async throws -> T
  ) async throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-loader-tests-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = try TwoTierCache(directory: folder, namespace: namespace)
    return try await body(cache, folder)
  }

  static func response(_ body: Data, status: Int = 200) -> Result<HTTPClientResponse, TransportFailure> {
    .success(HTTPClientResponse(status: status, body: body))
  }

  static func json(_ value: some Encodable) -> Result<HTTPClientResponse, TransportFailure> {
    response((try? WireFormat.encode(value)) ?? Data())
  }

  static func error(code: Int, message: String = "") -> Result<HTTPClientResponse, TransportFailure> {
    response(Data(#"{"code":\#(code),"msg":"\#(message)"}"#.utf8))
  }

  /// The `name` query item of `request`.
  static func query(_ request: HTTPClientRequest, _ name: String) -> String? {
    ClientFixtures.query(request.url)[name]?.first
  }

  /// Waits (yielding) until `condition` holds; false after `timeout`. For states that offer no signal.
  static func eventually(timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      if ContinuousClock.now > deadline { return false }
      await Task.yield()
    }
    return true
  }
}

/// An ``HTTPClient`` that holds gated requests until ``open()`` or until their task is cancelled
/// (then it throws ``TransportFailure/cancelled`` and counts the cancellation), and answers from a
/// responder. Tests wait for requests with ``waitForStarted(_:)``, which resumes on a signal.
final class GateHTTPClient: HTTPClient {
  typealias Responder = @Sendable (HTTPClientRequest) -> Result<HTTPClientResponse, TransportFailure>

  private struct State {
    var isOpen = false
    var requests: [HTTPClientRequest] = []
    var gated: [UInt64: CheckedContinuation<Bool, Never>] = [:]
    var started = 0
    var cancelled = 0
    var startWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var cancelWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Mutex(State())
  private let nextID = Atomic<UInt64>(0)
  private let responder: Responder
  private let isGated: @Sendable (HTTPClientRequest) -> Bool

  init(
    isGated: @escaping @Sendable (HTTPClientRequest) -> Bool = { _ in true }, responder: @escaping Responder
  ) {
    self.isGated = isGated
    self.responder = responder
  }

  var requests: [HTTPClientRequest] { state.withLock { $0.requests } }
  /// Gated requests whose task was cancelled while held.
  var cancelledCount: Int { state.withLock { $0.cancelled } }
  /// Gated requests held right now.
  var heldCount: Int { state.withLock { $0.gated.count } }

  /// Lets every held and future request through.
  func open() {
    let held = state.withLock { state in
      state.isOpen = true
      defer { state.gated = [:] }
      return Array(state.gated.values)
    }
    for continuation in held { continuation.resume(returning: true) }
  }

  /// Returns once `count` gated requests have been held (at once or in total).
  func waitForStarted(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        guard state.started < count else { return true }
        state.startWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Returns once `count` held requests have been cancelled.
  func waitForCancelled(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        guard state.cancelled < count else { return true }
        state.cancelWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
    state.withLock { $0.requests.append(request) }
    if isGated(request) {
      let id = nextID.wrappingAdd(1, ordering: .relaxed).newValue
      let passed = await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
          let (immediate, waiters) = state.withLock { state -> (Bool?, [CheckedContinuation<Void, Never>]) in
            if state.isOpen { return (true, []) }
            if Task.isCancelled { return (false, []) }
            state.gated[id] = continuation
            state.started += 1
            let started = state.started
            let ready = state.startWaiters.filter { $0.count <= started }.map(\.continuation)
            state.startWaiters.removeAll { $0.count <= started }
            return (nil, ready)
          }
          for waiter in waiters { waiter.resume() }
          if let immediate { continuation.resume(returning: immediate) }
        }
      } onCancel: {
        let (held, waiters) = state.withLock {
          state -> (CheckedContinuation<Bool, Never>?, [CheckedContinuation<Void, Never>]) in
          guard let continuation = state.gated.removeValue(forKey: id) else { return (nil, []) }
          state.cancelled += 1
          let cancelled = state.cancelled
          let ready = state.cancelWaiters.filter { $0.count <= cancelled }.map(\.continuation)
          state.cancelWaiters.removeAll { $0.count <= cancelled }
          return (continuation, ready)
        }
        held?.resume(returning: false)
        for waiter in waiters { waiter.resume() }
      }
      guard passed else { throw .cancelled }
    }
    if Task.isCancelled { throw .cancelled }
    return try responder(request).get()
  }
}

/// A one-shot gate: ``wait()`` suspends until ``open()``; after that it returns at once.
final class TestGate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  /// Tasks suspended in ``wait()`` now.
  var waitingCount: Int { state.withLock { $0.waiters.count } }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let open = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if open { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// A thread-safe counter that closures can capture.
final class TestCounter: Sendable {
  private let value = Atomic<Int>(0)

  @discardableResult
  func increment() -> Int { value.wrappingAdd(1, ordering: .relaxed).newValue }

  var count: Int { value.load(ordering: .relaxed) }
}
