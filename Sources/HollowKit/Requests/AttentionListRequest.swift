/// `GET contents/post/attentions?page=N`: a page of the posts the user follows, newest first.
///
/// ```swift
/// let followed = try await client.perform(AttentionListRequest.self, .init(page: 1))
/// ```
public struct AttentionListRequest: DefaultRequest {
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

  public var path: String { "contents/post/attentions" }
  public var fields: [FormField] { [FormField("page", String(parameters.page))] }

  public func validate() throws(HollowError) {
    try requirePage(parameters.page, maximum: APILimits.maximumListPage)
  }
}
