/// `GET contents/post/detail?pid=P&include_comment=1|0[&old_updated_at=T]`: one post and its
/// comments.
///
/// Pass the cached post's `updatedAt` as `knownUpdatedAt`: when nothing changed the server skips
/// the comments (`code 1`) and the result is ``PostDetailResult/notModified(_:)``.
///
/// ```swift
/// let detail = try await client.perform(PostDetailRequest.self, .init(pid: 42))
/// print(detail.post.text, detail.comments?.count ?? 0)
/// ```
public struct PostDetailRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    public var pid: Int
    /// `include_comment`.
    public var includeComments: Bool
    /// `old_updated_at`: the `updated_at` of the cached copy, if any.
    public var knownUpdatedAt: Int?

    public init(pid: Int, includeComments: Bool = true, knownUpdatedAt: Int? = nil) {
      self.pid = pid
      self.includeComments = includeComments
      self.knownUpdatedAt = knownUpdatedAt
    }
  }

  public typealias Result = PostDetail
  public typealias ResultData = PostDetailResult

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "contents/post/detail" }

  public var fields: [FormField] {
    var fields = [
      FormField("pid", String(parameters.pid)), FormField("include_comment", parameters.includeComments ? "1" : "0"),
    ]
    if let known = parameters.knownUpdatedAt { fields.append(FormField("old_updated_at", String(known))) }
    return fields
  }

  public func validate() throws(HollowError) {
    try require(parameters.pid > 0, "pid must be positive, not \(parameters.pid)")
  }

  public func transform(_ result: PostDetail) throws(HollowError) -> PostDetailResult {
    if let comments = result.comments { return .complete(result.post, comments: comments) }
    if !parameters.includeComments { return .postOnly(result.post) }
    // Without a cached copy there is nothing to keep, so a missing comment list is a broken answer.
    guard parameters.knownUpdatedAt != nil else {
      throw failure(.decoding(DecodingFailure(path: "data", reason: "expected comments, found null")))
    }
    return .notModified(result.post)
  }
}
