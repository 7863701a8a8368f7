import Foundation
import HollowKit
import TestScheduling
import Testing

@testable import HollowServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hostile-client fixture: slowloris, held keep-alives and floods from one address fill the server, and
/// good clients are answered all the same.
@Suite(.offCooperativePool) struct ConnectionRegistryTests {
  /// Timeouts long enough that no attacker is ever closed by one: only eviction can make room.
  private static func patient(maxConnections: Int, perPeer: Int? = nil) -> ServerConfiguration {
    ServerConfiguration(
      limits: ServerLimits(
        headerTimeout: .seconds(120), bodyTimeout: .seconds(120), idleTimeout: .seconds(120),
        maxConnections: maxConnections, maxConnectionsPerPeer: perPeer ?? maxConnections))
  }

  @Test func slowlorisClientsThatReconnectCannotLockGoodClientsOut() throws {
    try withServer(Self.patient(maxConnections: 8)) { server, port in
      var attackers = try (0..<8).map { _ in try HostileClients.slowloris(port: port) }
      #expect(HostileClients.waitFor(server) { $0.open == 8 && $0.waiting == 8 })
      // Each good client is followed by a new slowloris, so the server is always full of them.
      let answered = try HostileClients.goodClients(20, of: server, port: port) {
        attackers.append(try HostileClients.slowloris(port: port))
      }
      #expect(answered == 20)
      #expect(server.connections.census.evictions >= 20)
      // The first attackers were evicted: closed, without a byte.
      for attacker in attackers.prefix(8) {
        let (bytes, closed) = attacker.readUntilClosed()
        #expect(closed && bytes.isEmpty)
      }
      #expect(server.openConnectionCount <= 8)
    }
  }

  @Test func heldKeepAlivesMakeRoomOldestFirst() throws {
    try withServer(Self.patient(maxConnections: 4)) { server, port in
      var held: [TestClient] = []
      for count in 1...4 {
        held.append(try HostileClients.heldKeepAlive(port: port))
        // Waiting for its next request, in order: the first held is the one that has waited longest.
        #expect(HostileClients.waitFor(server) { $0.waiting == count && $0.busy == 0 })
      }
      let newcomer = try TestClient(port: port)
      #expect(try newcomer.get("/v3/contents/system_msg").status == 200)
      let (bytes, closed) = held[0].readUntilClosed()
      #expect(closed && bytes.isEmpty)
      for client in held.dropFirst() {
        #expect(try client.get("/v3/contents/system_msg").status == 200)
      }
      #expect(server.connections.census.evictions == 1)
    }
  }

  #if os(Linux)
  @Test func oneAddressHoldsAtMostItsShare() throws {
    try withServer(Self.patient(maxConnections: 16, perPeer: 3)) { server, port in
      let flood = try (0..<10).map { _ in try HostileClients.slowloris(port: port, from: "127.0.0.2") }
      let attacker = inet_addr("127.0.0.2")
      #expect(HostileClients.waitFor(server) { $0.perPeer[attacker] == 3 && $0.evictions == 7 })
      // The flood evicted its own oldest connections, not anyone else's room.
      for client in flood.prefix(7) { #expect(client.readUntilClosed().closed) }
      let held = try HostileClients.heldKeepAlive(port: port, from: "127.0.0.3")
      #expect(try HostileClients.goodClients(10, of: server, port: port) == 10)
      #expect(try held.get("/v3/contents/system_msg").status == 200)
      #expect(server.connections.census.perPeer[attacker] == 3)
    }
  }
  #endif

  @Test func aServerBusyAnsweringRefusesWith503AndDrainsInsteadOfResetting() throws {
    var configuration = ServerConfiguration(latency: .fixed(.seconds(120)), limits: ServerLimits(maxConnections: 2))
    configuration.limits.lingerTimeout = .seconds(120)
    try withServer(configuration) { server, port in
      let busy = try (0..<2).map { _ in try TestClient(port: port) }
      for client in busy { try client.sendRequest("GET", "/v3/contents/system_msg") }
      #expect(HostileClients.waitFor(server) { $0.busy == 2 })
      let refused = try TestClient(port: port)
      // A request the server will never read as one: closing with it unread would send a reset.
      try refused.sendRequest("POST", "/v3/send/post", body: [UInt8](repeating: 0x61, count: 64 * 1024))
      let answer = try refused.readResponse()
      #expect(answer.status == 503 && answer.headers["connection"] == "close")
      #expect(try answer.decode(APIStatus.self).msg == "too many connections, try again")
      #expect(server.connections.census.refusals == 1)
      // The server stopped writing; it closes once the client does, with nothing left unread: no reset.
      shutdown(refused.fd, Int32(SHUT_WR))
      let (rest, ending) = refused.readUntilEnd()
      #expect(rest.isEmpty && ending == .closed)
    }
  }

  @Test func aRefusedClientThatKeepsSendingIsCutOffAfterTheDrainersBound() throws {
    var configuration = ServerConfiguration(latency: .fixed(.seconds(120)), limits: ServerLimits(maxConnections: 1))
    configuration.limits.lingerTimeout = .seconds(120)
    try withServer(configuration) { server, port in
      let busy = try TestClient(port: port)
      try busy.sendRequest("GET", "/v3/contents/system_msg")
      #expect(HostileClients.waitFor(server) { $0.busy == 1 })
      let refused = try TestClient(port: port)
      try refused.sendRequest("GET", "/v3/contents/system_msg")
      #expect(try refused.readResponse().status == 503)
      // The drainer reads and drops at most Drainer.maximumBytes, then closes long before the linger ends:
      // the rest of a large send meets a reset instead of filling the server's buffers for two minutes.
      #expect(throws: (any Error).self) { try refused.send([UInt8](repeating: 0x61, count: 32 << 20)) }
    }
  }

  @Test func aConnectionCarriesAtMostItsRequestCapAndLivesAtMostItsLifetime() throws {
    var capped = ServerConfiguration()
    capped.limits.maxRequestsPerConnection = 3
    try withServer(capped) { _, port in
      let client = try TestClient(port: port)
      #expect(try client.get("/v3/contents/system_msg").headers["connection"] == "keep-alive")
      #expect(try client.get("/v3/contents/system_msg").headers["connection"] == "keep-alive")
      #expect(try client.get("/v3/contents/system_msg").headers["connection"] == "close")
      #expect(client.readUntilClosed().closed)
    }
    var brief = ServerConfiguration()
    brief.limits.maxConnectionLifetime = .zero
    try withServer(brief) { _, port in
      let client = try TestClient(port: port)
      #expect(try client.get("/v3/contents/system_msg").headers["connection"] == "close")
      #expect(client.readUntilClosed().closed)
    }
  }

  @Test func bodiesInFlightShareOneBudget() throws {
    var configuration = Self.patient(maxConnections: 16)
    configuration.limits.maxBodyBytes = 1 << 20
    configuration.limits.maxBufferedBodyBytes = 3 << 19
    try withServer(configuration) { server, port in
      let holder = try HostileClients.stalledUpload(port: port, length: 1 << 20)
      #expect(HostileClients.waitFor(server) { _ in server.remainingBodyBudget == 1 << 19 })
      let second = try HostileClients.stalledUpload(port: port, length: 1 << 20)
      let refused = try second.readResponse()
      #expect(refused.status == 503 && refused.headers["connection"] == "close")
      #expect(try HostileClients.goodClients(5, of: server, port: port) == 5)
      let small = try TestClient(port: port)
      #expect(try small.post("/v3/send/post", form: [("text", "fits in what is left")]).status == 200)
      // The holder finishes its body: its request is answered and its bytes return to the budget.
      try holder.send([UInt8](repeating: 0x61, count: (1 << 20) - 1))
      #expect(try holder.readResponse().status == 200)
      #expect(HostileClients.waitFor(server) { _ in server.remainingBodyBudget == 3 << 19 })
    }
  }
}
