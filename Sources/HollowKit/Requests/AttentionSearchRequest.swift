/// `GET contents/search/attentions`: search inside the posts the user follows.
///
/// ```swift
/// let found = try await client.perform(AttentionSearchRequest.self, .init(keywords: "考试"))
/// ```
public struct AttentionSearchRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    /// Space-separated, at most ``APILimits/maximumKeywordLength`` characters.
    public var keywords: String
    /// 1...``APILimits/maximumSearchPage``.
    public var page: Int

    public init(keywords: String, page: Int = 1) {
      self.keywords = keywords
      self.page = page
    }
  }

  public typealias Result = PostPage
  public typealias ResultData = PostPage

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "contents/search/attentions" }

  public var fields: [FormField] {
    [FormField("keywords", parameters.keywords), FormField("page", String(parameters.page))]
  }

  public func validate() throws(HollowError) {
    try requireKeywords(parameters.keywords)
    try requirePage(parameters.page, maximum: APILimits.maximumSearchPage)
  }
}
