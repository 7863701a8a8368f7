import Foundation
import HollowKit
import Testing

/// `my_msgs` against the demo server: pages newest first, `since_id`, and a bad page refused
/// before anything is sent.
@Suite struct UserMessagesRequestTests {
  @Test func myMsgsDecodesNewestFirstAndSinceIDFilters() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let page1 = try await server.client.perform(UserMessagesRequest.self, .init(page: 1))
    #expect(!page1.isEmpty && page1.count <= 10)
    #expect(page1.map(\.id) == page1.map(\.id).sorted(by: >))
    #expect(page1.allSatisfy { !$0.kind.isEmpty })
    #expect(page1.filter { $0.kind.contains(.system) }.allSatisfy { $0.pid == nil })
    let newest = try #require(page1.first?.id)
    let since = try await server.client.perform(UserMessagesRequest.self, .init(page: 1, sinceID: newest - 1))
    #expect(since.map(\.id) == [newest])
    let none = try await server.client.perform(UserMessagesRequest.self, .init(page: 1, sinceID: newest))
    #expect(none.isEmpty)
  }

  @Test func aBadPageIsRefusedBeforeSending() async throws {
    let server = try TestServer()
    defer { server.stop() }
    await #expect(throws: HollowError.self) {
      _ = try await server.client.perform(UserMessagesRequest.self, .init(page: 0))
    }
  }
}
