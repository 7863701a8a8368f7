/// `GET contents/my_msgs?page=N[&since_id=I]`: a page of the user's notifications (10 a page,
/// newest first): replies to the user, news on followed posts, system notices. A server without
/// the endpoint answers HTTP 404 (``HollowError/Kind/httpStatus(_:)``); without a token it answers
/// ``HollowError/Kind/tokenRequired``.
///
/// ```swift
/// let messages = try await client.perform(UserMessagesRequest.self, .init(page: 1))
/// let unread = messages.filter { $0.id > lastSeenID }.count
/// ```
public struct UserMessagesRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    /// 1...``APILimits/maximumListPage``.
    public var page: Int
    /// Only the messages whose id is greater.
    public var sinceID: Int?

    public init(page: Int = 1, sinceID: Int? = nil) {
      self.page = page
      self.sinceID = sinceID
    }
  }

  public typealias Result = UserMessageList
  public typealias ResultData = [UserMessage]

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "contents/my_msgs" }

  public var fields: [FormField] {
    [FormField("page", String(parameters.page))]
      + (parameters.sinceID.map { [FormField("since_id", String($0))] } ?? [])
  }

  public func validate() throws(HollowError) {
    try requirePage(parameters.page, maximum: APILimits.maximumListPage)
  }

  public func transform(_ result: UserMessageList) -> [UserMessage] {
    result.messages
  }
}
