import HollowKit
import HollowServer
import HollowWire
import LoopbackTesting
import TestScheduling
import Testing

@Suite(.offCooperativePool) struct FaultInjectorTests {
  private func configuration(_ kind: FailureKind) -> ServerConfiguration {
    ServerConfiguration(failures: FailureInjection(rate: 1, kinds: [kind]))
  }

  @Test func serverErrorAnswers500WithJSON() throws {
    try withServer(configuration(.serverError)) { _, port in
      let response = try TestClient(port: port).get("/v3/contents/system_msg")
      #expect(try response.status == 500 && response.decode(APIStatus.self).code == APIStatus.failure)
    }
  }

  @Test func droppedConnectionClosesWithoutAnAnswer() throws {
    try withServer(configuration(.droppedConnection)) { server, port in
      let client = try TestClient(port: port)
      try client.sendRequest("GET", "/v3/contents/system_msg")
      let (bytes, closed) = client.readUntilClosed()
      #expect(closed && bytes.isEmpty)
      #expect(server.requestCount(path: "/v3/contents/system_msg") == 1)
    }
  }

  @Test func truncatedBodyPromisesMoreThanItSends() throws {
    try withServer(configuration(.truncatedBody)) { _, port in
      let client = try TestClient(port: port)
      try client.sendRequest("GET", "/v3/contents/post/list?page=1")
      var (bytes, closed) = client.readUntilClosed()
      #expect(closed)
      let outcome = HeadReader.read(into: &bytes, .response, maxHeaderBytes: MessageHead.maximumBytes) { _ in false }
      guard case .head(let length) = outcome, let head = MessageHead(response: bytes[..<length]) else {
        Issue.record("no answer head: \(outcome)")
        return
      }
      #expect(head.status == 200)
      #expect(head.contentLength > bytes.count - length)
    }
  }

  @Test func malformedJSONDoesNotDecodeButNamesTheProblem() throws {
    try withServer(configuration(.malformedJSON)) { _, port in
      let response = try TestClient(port: port).get("/v3/contents/post/list?page=1")
      #expect(response.status == 200)
      let failure = try #require(throws: DecodingFailure.self) { try response.decode(PostPage.self) }
      #expect(failure.description == "not valid JSON")
    }
  }

  @Test func writesStillHappenWhenTheAnswerIsLost() throws {
    var configuration = configuration(.droppedConnection)
    configuration.failures.rate = 1
    try withServer(configuration) { server, port in
      let client = try TestClient(port: port)
      try client.sendRequest("POST", "/v3/send/post", body: Array("text=lost%20answer".utf8))
      #expect(client.readUntilClosed().closed)
      #expect(server.requestCount(path: "/v3/send/post") == 1)
    }
  }

  @Test func aPartialRateFailsSomeRequestsAndPassesOthers() throws {
    let configuration = ServerConfiguration(
      seed: 5, latency: .random(.milliseconds(0)...(.milliseconds(2))),
      failures: FailureInjection(rate: 0.5, kinds: [.serverError]))
    try withServer(configuration) { _, port in
      let client = try TestClient(port: port)
      let statuses = try (0..<40).map { _ in try client.get("/v3/contents/system_msg").status }
      #expect(statuses.contains(500) && statuses.contains(200))
      #expect(Set(statuses).isSubset(of: [200, 500]))
    }
  }

  @Test func fixedLatencyStillAnswers() throws {
    try withServer(ServerConfiguration(latency: .fixed(.milliseconds(5)))) { _, port in
      let status = try TestClient(port: port).get("/v3/contents/system_msg").status
      #expect(status == 200)
    }
  }
}
