/// `GET contents/search`: posts matching space-separated keywords, optionally within a time range;
/// the page's `comments` hold only comments that contain a keyword.
///
/// ```swift
/// let found = try await client.perform(SearchRequest.self, .init(keywords: "猫 狗", page: 1))
/// ```
public struct SearchRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    /// Space-separated, at most ``APILimits/maximumKeywordLength`` characters.
    public var keywords: String
    /// 1...``APILimits/maximumSearchPage``.
    public var page: Int
    /// Whether comments are searched too (`include_comment`).
    public var includeComments: Bool
    /// Only posts created before this unix time.
    public var before: Int?
    /// Only posts created after this unix time.
    public var after: Int?

    public init(keywords: String, page: Int = 1, includeComments: Bool = true, before: Int? = nil, after: Int? = nil) {
      self.keywords = keywords
      self.page = page
      self.includeComments = includeComments
      self.before = before
      self.after = after
    }
  }

  public typealias Result = PostPage
  public typealias ResultData = PostPage

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "contents/search" }

  public var fields: [FormField] {
    var fields = [
      FormField("keywords", parameters.keywords), FormField("page", String(parameters.page)),
      FormField("include_comment", parameters.includeComments ? "true" : "false"),
    ]
    if let before = parameters.before { fields.append(FormField("before", String(before))) }
    if let after = parameters.after { fields.append(FormField("after", String(after))) }
    return fields
  }

  public func validate() throws(HollowError) {
    try requireKeywords(parameters.keywords)
    try requirePage(parameters.page, maximum: APILimits.maximumSearchPage)
    if let before = parameters.before, let after = parameters.after {
      try require(after < before, "`after` (\(after)) must be earlier than `before` (\(before))")
    }
  }
}
