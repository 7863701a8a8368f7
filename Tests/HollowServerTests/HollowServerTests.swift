import Dispatch
import Foundation
import HollowKit
import TestScheduling
import Testing

@testable import HollowServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.offCooperativePool) struct HollowServerTests {
  @Test func startReportsTheEphemeralPortAndShutdownStopsListening() throws {
    let server = HollowServer(configuration: ServerConfiguration())
    #expect(server.port == nil && server.baseURL == nil)
    let port = try server.start()
    #expect(port > 0 && server.port == port)
    #expect(server.baseURL?.absoluteString == "http://127.0.0.1:\(port)")
    #expect(server.imageBaseURL?.absoluteString == "http://127.0.0.1:\(port)/images")
    #expect(throws: ServerError.self) { try server.start() }
    let kept = try TestClient(port: port)
    #expect(try kept.get("/v3/contents/system_msg").status == 200)
    server.shutdown()
    #expect(kept.readUntilClosed(timeout: .seconds(5)).closed)
    #expect(server.port == nil && server.openConnectionCount == 0)
    #expect(throws: TestClientError.self) { try TestClient(port: port) }
    server.shutdown()
  }

  @Test func aTakenPortIsAnError() throws {
    try withServer() { _, port in
      let second = HollowServer(configuration: ServerConfiguration(port: UInt16(port)))
      #expect(throws: ServerError.self) { try second.start() }
      let badHost = HollowServer(configuration: ServerConfiguration(host: "not an address"))
      #expect(throws: ServerError.self) { try badHost.start() }
    }
  }

  @Test func theLogCountsRequestsAndNeverHoldsTheToken() throws {
    try withServer(ServerConfiguration(token: "s3cret-token")) { server, port in
      let client = try TestClient(port: port, token: "s3cret-token")
      _ = try client.get("/v3/contents/post/list?page=1&v=v3&device=2")
      _ = try client.get("/v3/contents/post/list?page=2&token=s3cret-token")
      _ = try client.get("/v3/contents/post/detail?pid=40001&include_comment=0")
      #expect(server.requestCount(path: "/v3/contents/post/list") == 2)
      #expect(server.requestCount(path: "/v3/contents/post/detail") == 1)
      #expect(server.requestCount(path: "/v3/contents/system_msg") == 0)
      let first = try #require(server.requests.first)
      #expect(first.method == "GET" && first.path == "/v3/contents/post/list")
      #expect(
        first.query == [
          QueryItem(name: "page", value: "1"), QueryItem(name: "v", value: "v3"), QueryItem(name: "device", value: "2"),
        ])
      #expect(!"\(server.requests)".contains("s3cret"))
    }
  }

  @Test func manyConcurrentKeepAliveClientsAreAllServed() throws {
    try withServer() { server, port in
      let clients = try (0..<256).map { _ in try TestClient(port: port) }
      for round in 1...3 {
        // Every connection has a request in flight at once, so the server must hold all 256.
        for (index, client) in clients.enumerated() {
          try client.sendRequest("GET", "/v3/contents/post/list?page=\((index + round) % 10 + 1)")
        }
        // Every answer is read before any is decoded: decoding (slow in a debug build under load)
        // between reads kept the last answers unread for seconds, long enough for the server's
        // write deadline (`ServerLimits.writeTimeout`) to close their connections, a reset here.
        let responses = try clients.map { try $0.readResponse() }
        for response in responses {
          let page = try response.decode(PostPage.self)
          #expect(page.code == 0 && !page.posts.isEmpty)
        }
      }
      #expect(server.requestCount(path: "/v3/contents/post/list") == 768)
      #expect(server.openConnectionCount == 256)
    }
  }

  @Test func aFullServerMakesRoomByClosingTheConnectionIdleLongest() throws {
    let configuration = ServerConfiguration(limits: ServerLimits(maxConnections: 2))
    try withServer(configuration) { server, port in
      let first = try TestClient(port: port)
      #expect(try first.get("/v3/contents/system_msg").status == 200)
      // The client has its answer before the server's thread is back to waiting: wait for that, in order.
      #expect(HostileClients.waitFor(server) { $0.waiting == 1 && $0.busy == 0 })
      let second = try TestClient(port: port)
      #expect(try second.get("/v3/contents/system_msg").status == 200)
      #expect(HostileClients.waitFor(server) { $0.waiting == 2 && $0.busy == 0 })
      let third = try TestClient(port: port)
      #expect(try third.get("/v3/contents/system_msg").status == 200)
      #expect(first.readUntilClosed().closed)
      #expect(server.openConnectionCount == 2)
    }
  }

  @Test func urlSessionTalksToIt() async throws {
    let server = HollowServer(configuration: ServerConfiguration(token: "t"))
    let port = try server.start()
    defer { server.shutdown() }
    var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/v3/send/post")))
    request.httpMethod = "POST"
    request.setValue("t", forHTTPHeaderField: "TOKEN")
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data("text=\(String(repeating: "x", count: 2000))&type=text".utf8)
    let (data, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(try WireFormat.decode(SentPost.self, from: data).pid > 0)
  }
}
