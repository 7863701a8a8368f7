import Dispatch
import HollowWire
import LoopbackTesting
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The wire layer's sockets, against a loopback listener: bytes both ways, and every wait ending by
/// its deadline, its idle timeout, its wake pipe or the peer's end. Client, demo server and test
/// servers all wait through these calls.
@Suite struct WireSocketTests {
  /// A connected pair: the dialled socket and the accepted one.
  static func pair() throws -> (client: Int32, server: Int32) {
    let listener = try LoopbackListener(backlog: 4)
    defer { close(listener.fd) }
    let client = try WireSocket.dial(
      host: "127.0.0.1", port: Int(listener.port), SocketBounds(deadline: .now + .seconds(10)))
    guard let (server, _) = WireSocket.accept(listener.fd) else {
      close(client)
      throw SocketFailure.notConnected
    }
    return (client, server)
  }

  @Test func bytesGoBothWaysAndTheEndOfTheStreamIsZero() throws {
    let (client, server) = try Self.pair()
    defer { close(client) }
    let bounds = SocketBounds(deadline: .now + .seconds(10))
    let message = Array(repeating: UInt8(ascii: "x"), count: 200_000)
    try WireSocket.sendAll(client, message[...], bounds)
    var received: [UInt8] = []
    while received.count < message.count {
      #expect(try WireSocket.receive(server, appendingTo: &received, bounds) > 0)
    }
    #expect(received == message)
    #expect(WireSocket.isIdleAndOpen(client))
    close(server)
    var rest: [UInt8] = []
    #expect(try WireSocket.receive(client, appendingTo: &rest, bounds) == 0 && rest.isEmpty)
    #expect(!WireSocket.isIdleAndOpen(client))
  }

  @Test func aWaitEndsAtItsDeadlineOrItsIdleTimeout() throws {
    let (client, server) = try Self.pair()
    defer {
      close(client)
      close(server)
    }
    var buffer: [UInt8] = []
    #expect(throws: SocketFailure.deadlinePassed) {
      try WireSocket.receive(client, appendingTo: &buffer, SocketBounds(deadline: .now + .milliseconds(20)))
    }
    #expect(throws: SocketFailure.idle) {
      try WireSocket.receive(
        client, appendingTo: &buffer, SocketBounds(deadline: .now + .seconds(60), idle: .milliseconds(20)))
    }
    // A deadline already passed fails before waiting at all.
    #expect(throws: SocketFailure.deadlinePassed) {
      try WireSocket.wait(client, for: Int16(POLLIN), SocketBounds(deadline: .now - .seconds(1)))
    }
    #expect(buffer.isEmpty)
  }

  @Test func aWakeUpEndsAWaitAtOnceAndForGood() throws {
    let (client, server) = try Self.pair()
    defer {
      close(client)
      close(server)
    }
    let wake = try WakePipe()
    #expect(!wake.isWoken)
    let ended = DetachedThreadResult()
    #expect(
      DetachedThread.start(stackBytes: 64 * 1024) {
        var buffer: [UInt8] = []
        ended.set(
          Result { () throws(SocketFailure) in
            try WireSocket.receive(client, appendingTo: &buffer, SocketBounds(wake: wake))
          })
      })
    wake.wake()
    #expect(ended.wait() == .failure(.woken))
    #expect(wake.isWoken)
    #expect(throws: SocketFailure.woken) { try WireSocket.wait(client, for: Int16(POLLIN), SocketBounds(wake: wake)) }
  }

  @Test func aWaitOnManySocketsSaysWhichAreReady() throws {
    let first = try Self.pair()
    let second = try Self.pair()
    defer { for fd in [first.client, first.server, second.client, second.server] { close(fd) } }
    let bounds = SocketBounds(deadline: .now + .seconds(10))
    try WireSocket.sendAll(second.client, Array("x".utf8)[...], bounds)
    let ready = try WireSocket.wait(anyOf: [first.server, second.server], for: Int16(POLLIN), bounds)
    #expect(ready.count == 2 && ready[0] == 0 && ready[1] != 0)
    // Without sockets, a wait ends by its deadline or its wake pipe alone.
    #expect(throws: SocketFailure.deadlinePassed) {
      try WireSocket.wait(anyOf: [], for: Int16(POLLIN), SocketBounds(deadline: .now + .milliseconds(10)))
    }
    let wake = try WakePipe()
    wake.wake()
    #expect(throws: SocketFailure.woken) {
      try WireSocket.wait(anyOf: [first.server], for: Int16(POLLIN), SocketBounds(wake: wake))
    }
  }

  @Test func aClearedWakePipeIsQuietUntilWokenAgain() throws {
    let wake = try WakePipe()
    for _ in 0..<3 { wake.wake() }
    #expect(wake.isWoken)
    wake.clear()
    #expect(!wake.isWoken)
    wake.wake()
    #expect(wake.isWoken)
  }

  @Test func aResetIsALostConnectionToThePeer() throws {
    let (client, server) = try Self.pair()
    defer { close(client) }
    let bounds = SocketBounds(deadline: .now + .seconds(10))
    // Unread bytes make the close a reset even without SO_LINGER; none here, so the reset is closeWithReset's.
    WireSocket.closeWithReset(server)
    var buffer: [UInt8] = []
    #expect(throws: SocketFailure.connectionLost) { try WireSocket.receive(client, appendingTo: &buffer, bounds) }
  }

  @Test func aConnectionLeavesFromTheSourceAddressAsked() throws {
    let listener = try LoopbackListener(backlog: 1)
    defer { close(listener.fd) }
    let client = try WireSocket.dial(
      host: "127.0.0.1", port: Int(listener.port), from: "127.0.0.2", SocketBounds(deadline: .now + .seconds(10)))
    defer { close(client) }
    let (server, peer) = try #require(WireSocket.accept(listener.fd))
    close(server)
    #expect(UInt32(bigEndian: peer) == 0x7F00_0002)
    #expect(throws: SocketFailure.self) {
      try WireSocket.dial(host: "127.0.0.1", port: Int(listener.port), from: "not an address", SocketBounds())
    }
  }

  @Test func dialingAClosedPortOrAnUnknownHostSaysWhich() throws {
    let listener = try LoopbackListener(backlog: 1)
    close(listener.fd)
    let bounds = SocketBounds(deadline: .now + .seconds(10))
    #expect(throws: SocketFailure.notConnected) {
      try WireSocket.dial(host: "127.0.0.1", port: Int(listener.port), bounds)
    }
    #expect(throws: SocketFailure.hostNotFound) { try WireSocket.dial(host: "no-such-host.invalid", port: 80, bounds) }
  }

  @Test func millisecondsRoundUpAndFitPoll() {
    #expect(WireSocket.milliseconds(.zero) == 0)
    #expect(WireSocket.milliseconds(.nanoseconds(1)) == 1)
    #expect(WireSocket.milliseconds(.milliseconds(1500)) == 1500)
    #expect(WireSocket.milliseconds(.seconds(Int64.max / 2)) == Int32.max)
  }
}

/// One result handed from a detached thread to the test, with the test waiting for it.
final class DetachedThreadResult: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let value = Mutex<Result<Int, SocketFailure>?>(nil)

  func set(_ result: Result<Int, SocketFailure>) {
    value.withLock { $0 = result }
    semaphore.signal()
  }

  func wait() -> Result<Int, SocketFailure>? {
    semaphore.wait()
    return value.withLock { $0 }
  }
}
