/// `POST edit/attention`: follows (`switch=1`) or unfollows (`switch=0`) a post; answers the post
/// with its new follow state. Following twice, or unfollowing twice, is a server error (`code -1`).
///
/// ```swift
/// let post = try await client.perform(FollowRequest.self, .init(pid: 42, follow: true))
/// assert(post.isFollowed)
/// ```
public struct FollowRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    public var pid: Int
    /// `true` to follow, `false` to unfollow.
    public var follow: Bool

    public init(pid: Int, follow: Bool) {
      self.pid = pid
      self.follow = follow
    }
  }

  public typealias Result = AttentionResult
  public typealias ResultData = Post

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "edit/attention" }
  public var method: HTTPMethod { .post }

  public var fields: [FormField] {
    [FormField("pid", String(parameters.pid)), FormField("switch", parameters.follow ? "1" : "0")]
  }

  public func validate() throws(HollowError) {
    try require(parameters.pid > 0, "pid must be positive, not \(parameters.pid)")
  }

  public func transform(_ result: AttentionResult) -> Post {
    result.post
  }
}
