import Foundation
import HollowKit
import Testing

@Suite struct ClientConfigurationTests {
  /// The API never names its image host: no image URL is guessed from the server's.
  @Test func withoutAnImageBaseThereIsNoImageURL() {
    let configuration = ClientConfiguration(apiRoot: URL(string: "http://127.0.0.1:8080")!)
    #expect(configuration.imageBaseURL == nil && configuration.imageURL(for: "ab/abcdef.png") == nil)
    #expect(configuration.description.contains("imageBaseURL: none"))
  }

  @Test func anExplicitImageHostWins() {
    let configuration = ClientConfiguration(
      apiRoot: URL(string: "http://api.test")!, imageBaseURL: URL(string: "https://img.test/i")!)
    #expect(configuration.imageURL(for: "ab/c.jpeg")?.absoluteString == "https://img.test/i/ab/c.jpeg")
  }

  @Test func theDescriptionHidesTheToken() {
    let configuration = ClientConfiguration(apiRoot: URL(string: "http://api.test")!, token: "hunter2")
    #expect(!configuration.description.contains("hunter2"))
    #expect(configuration.description.contains("token: <set>"))
    #expect(ClientConfiguration(apiRoot: URL(string: "http://api.test")!).description.contains("token: none"))
  }

  @Test func withTokenReplacesOnlyTheToken() {
    let client = ClientFixtures.client(body: "{}").0
    let other = client.withToken("new")
    #expect(other.configuration.token == "new")
    #expect(other.configuration.apiRoot == client.configuration.apiRoot)
    #expect(client.configuration.token == ClientFixtures.token)
  }
}
