/// `GET contents/post/list?page=N`: a page of the timeline (page 1 starts with the pinned posts
/// and carries the frontend config).
///
/// ```swift
/// let page = try await client.perform(PostListRequest.self, .init(page: 1))
/// ```
public struct PostListRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    /// 1...``APILimits/maximumListPage``.
    public var page: Int

    public init(page: Int = 1) {
      self.page = page
    }
  }

  public typealias Result = PostPage
  public typealias ResultData = PostPage

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "contents/post/list" }
  public var fields: [FormField] { [FormField("page", String(parameters.page))] }

  public func validate() throws(HollowError) {
    try requirePage(parameters.page, maximum: APILimits.maximumListPage)
  }
}
