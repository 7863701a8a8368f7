import Foundation
import HollowKit
import HollowServer
import Testing

/// Auth and the server's failure knobs, seen through the request layer.
@Suite struct IntegrationFailureTests {
  private func listError(_ server: TestServer) async -> HollowError? {
    await ClientFixtures.failure { () async throws(HollowError) in
      try await server.client.perform(PostListRequest.self, .init())
    }
  }

  private func failing(_ kind: FailureKind) throws -> TestServer {
    try TestServer(ServerConfiguration(seed: 3, failures: FailureInjection(rate: 1, kinds: [kind])))
  }

  @Test func aWrongTokenIsTokenExpired() async throws {
    let server = try TestServer(clientToken: "wrong")
    defer { server.stop() }
    let error = await listError(server)
    guard case .tokenExpired(let message) = error?.kind else {
      Issue.record("expected tokenExpired, got \(String(describing: error))")
      return
    }
    #expect(!message.isEmpty)
    #expect(error?.description.contains("wrong") == false)
  }

  @Test func aMissingTokenIsTokenRequired() async throws {
    let server = try TestServer(clientToken: nil)
    defer { server.stop() }
    let error = await ClientFixtures.failure { () async throws(HollowError) in
      try await server.client.perform(SendPostRequest.self, .init(text: "anonymous?"))
    }
    #expect(error?.request == "send/post")
    #expect(error?.kind == .tokenRequired)
    #expect(
      error?.description
        == "send/post: this needs a token: the server answers followed posts, messages and every write only for a logged-in user"
    )
  }

  @Test func serverErrorIsAnHTTPStatusError() async throws {
    let server = try failing(.serverError)
    defer { server.stop() }
    #expect(await listError(server)?.kind == .httpStatus(500))
  }

  @Test func malformedJSONIsADecodingError() async throws {
    let server = try failing(.malformedJSON)
    defer { server.stop() }
    let error = await listError(server)
    guard case .decoding = error?.kind else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(error?.description.hasPrefix("post/list: ") == true)
  }

  @Test(arguments: [FailureKind.droppedConnection, .truncatedBody])
  func aBrokenConnectionIsATransportError(_ kind: FailureKind) async throws {
    let server = try failing(kind)
    defer { server.stop() }
    let error = await listError(server)
    guard case .transport(let failure) = error?.kind else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(failure != .cancelled)
  }

  /// The real backend answers an image over its limit with HTTP 200, `-1` "图片大小超出限制！" (413 only ever
  /// comes from a proxy in front of it).
  @Test func anUploadOverTheServersLimitIsRefusedWithItsMessage() async throws {
    let normal = try TestServer()
    let image = try await IntegrationFixtures.someImage(normal)
    normal.stop()
    var configuration = ServerConfiguration(seed: 7, token: ClientFixtures.token)
    configuration.limits.maxImageBytes = image.count - 1
    let server = try TestServer(configuration)
    defer { server.stop() }
    let error = await ClientFixtures.failure { () async throws(HollowError) in
      try await server.client.perform(SendCommentRequest.self, .init(pid: 1, text: "", image: image))
    }
    #expect(error == HollowError(request: "send/comment", kind: .server(code: -1, message: "图片大小超出限制！")))
  }
}
