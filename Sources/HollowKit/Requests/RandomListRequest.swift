/// `GET contents/post/randomlist`: 15 random posts ("wander"), without comments or config.
///
/// ```swift
/// let page = try await client.perform(RandomListRequest.self, .init())
/// ```
public struct RandomListRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    public init() {}
  }

  public typealias Result = PostPage
  public typealias ResultData = PostPage

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "contents/post/randomlist" }
}
