import Foundation

@testable import HollowServer

/// Clients that try to hold the server: slowloris connections (a head that never ends), kept-alive
/// connections that send nothing more, bodies announced and never sent, from one address or another.
enum HostileClients {
  /// A connection that sends the start of a head and nothing more.
  static func slowloris(port: Int, from source: String = "127.0.0.1") throws -> TestClient {
    let client = try TestClient(port: port, from: source)
    try client.send("GET /v3/contents/system_msg HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return client
  }

  /// A connection that asks once, reads the answer and keeps the connection without asking again.
  static func heldKeepAlive(port: Int, from source: String = "127.0.0.1") throws -> TestClient {
    let client = try TestClient(port: port, from: source)
    guard try client.get("/v3/contents/system_msg").status == 200 else {
      throw TestClientError(description: "the held connection's first request failed")
    }
    return client
  }

  /// A connection that announces a body of `length` bytes and sends only its first byte.
  static func stalledUpload(port: Int, length: Int) throws -> TestClient {
    let client = try TestClient(port: port)
    try client.send(
      "POST /v3/send/post HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        + "Content-Length: \(length)\r\n\r\nt")
    return client
  }

  /// Asks `count` good clients, one after the other, for the system messages; returns how many were answered
  /// 200. `between` runs after each (to add another attacker, say).
  ///
  /// Each client has its answer a moment before the server's thread is done with it, and a peer whose every
  /// connection is busy is refused: before the next one, the server is waited for to finish with this one.
  static func goodClients(
    _ count: Int, of server: HollowServer, port: Int, between: () throws -> Void = {}
  ) throws -> Int {
    var answered = 0
    for _ in 0..<count {
      let client = try TestClient(port: port)
      if (try? client.get("/v3/contents/system_msg").status) == 200 { answered += 1 }
      guard waitFor(server, { $0.busy == 0 }) else { throw TestClientError(description: "the server stayed busy") }
      try between()
    }
    return answered
  }

  /// Waits until the server's connection census satisfies `condition` (a safety net of 30 s, never a
  /// synchronization: the wait ends the moment the state is reached).
  static func waitFor(
    _ server: HollowServer, _ condition: @escaping @Sendable (ConnectionRegistry.Census) -> Bool
  ) -> Bool {
    server.connections.wait(until: condition, timeout: .seconds(30))
  }
}
