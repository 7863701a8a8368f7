import Foundation
import HollowKit
import HollowServer
import Testing

@Suite struct NetworkHTTPClientTests {
  #if canImport(COpenSSL)
  /// On Linux only our own transport exists (URLSession is not linked there).
  static let transports: [NetworkHTTPClient.Transport] = [.sockets]
  #else
  static let transports: [NetworkHTTPClient.Transport] = [.sockets, .urlSession]
  #endif

  /// Waits (bounded, without sleeping) until the server has parsed `count` requests for `path`.
  /// Returns once `count` requests for `path` have reached the server (a signal, not a poll: the
  /// suite's time limit catches one that never comes).
  private func waitForRequests(_ server: HollowServer, path: String, count: Int = 1) async {
    await server.waitForRequests { $0.count { $0.path == path } >= count }
  }

  @Test(arguments: transports) func returnsStatusHeadersAndBody(plain: NetworkHTTPClient.Transport) async throws {
    let server = try TestServer()
    defer { server.stop() }
    let http = NetworkHTTPClient(transport: plain)
    let url = try #require(URL(string: "http://127.0.0.1:\(server.server.port ?? 0)/v3/contents/system_msg"))
    let response = try await http.send(
      HTTPClientRequest(method: .get, url: url, headers: ["TOKEN": ClientFixtures.token]))
    #expect(response.status == 200)
    #expect(response.headers.contains { $0.key.lowercased() == "content-type" && $0.value.contains("json") })
    #expect(String(decoding: response.body, as: UTF8.self).hasPrefix(#"{"code":0"#))
    let missing = try await http.send(
      HTTPClientRequest(method: .get, url: url.appendingPathComponent("nope"), headers: ["TOKEN": ClientFixtures.token])
    )
    #expect(missing.status == 404)
  }

  @Test func cancellingTheTaskCancelsTheRequestMidFlight() async throws {
    // The answer waits out an hour (the server's stop cuts it short), so only cancellation can end
    // the request before the client's own deadline. A 5 s latency raced the test task's wake-up:
    // under CI load the task resumed after the answer had arrived and saw a success.
    let server = try TestServer(ServerConfiguration(seed: 1, latency: .fixed(.seconds(3600))))
    let client = server.client
    let task = Task {
      await ClientFixtures.failure { () async throws(HollowError) in
        try await client.perform(PostListRequest.self, .init())
      }
    }
    await waitForRequests(server.server, path: "/v3/contents/post/list")
    task.cancel()
    let error = await task.value
    #expect(error == HollowError(request: "post/list", kind: .transport(.cancelled)))
    server.stop()
  }

  @Test(arguments: transports) func sendsSixteenRequestsToOneHostAtOnce(plain: NetworkHTTPClient.Transport) async throws
  {
    // The answers wait out a long latency, so all sixteen reach the server only if they run at once;
    // URLSession's own default would hold all but six in its queue.
    let server = try TestServer(ServerConfiguration(seed: 1, latency: .fixed(.seconds(60))))
    defer { server.stop() }
    let http = NetworkHTTPClient(maximumConnectionsPerHost: 16, transport: plain)
    #expect(http.maximumConnectionsPerHost == 16)
    let path = "/v3/contents/system_msg"
    let url = try #require(URL(string: "http://127.0.0.1:\(server.server.port ?? 0)\(path)"))
    let requests = (0..<16).map { _ in
      Task { try await http.send(HTTPClientRequest(method: .get, url: url)) }
    }
    await waitForRequests(server.server, path: path, count: 16)
    for request in requests { request.cancel() }
    for request in requests {
      await #expect(throws: TransportFailure.cancelled) { try await request.value }
    }
  }

  @Test func aConnectionLimitBelowOneCountsAsOne() {
    #expect(NetworkHTTPClient(maximumConnectionsPerHost: 0).maximumConnectionsPerHost == 1)
    #expect(NetworkHTTPClient().maximumConnectionsPerHost == NetworkHTTPClient.defaultMaximumConnectionsPerHost)
  }

  @Test(arguments: transports) func anUnreachableServerIsNotConnected(plain: NetworkHTTPClient.Transport) async throws {
    let server = try TestServer()
    let port = try #require(server.server.port)
    server.stop()
    let http = NetworkHTTPClient(transport: plain)
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/v3/contents/system_msg"))
    await #expect(throws: TransportFailure.notConnected) {
      try await http.send(HTTPClientRequest(method: .get, url: url))
    }
  }

  @Test func aSlowAnswerTimesOut() async throws {
    let server = try TestServer(
      ServerConfiguration(seed: 1, latency: .fixed(.seconds(3))), timeouts: HTTPTimeouts(idle: .milliseconds(500)))
    let error = await ClientFixtures.failure { () async throws(HollowError) in
      try await server.client.perform(SystemMessagesRequest.self, .init())
    }
    #expect(error?.kind == .transport(.timedOut))
    server.stop()
  }
}
