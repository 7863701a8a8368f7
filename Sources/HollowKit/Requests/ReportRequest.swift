/// `POST edit/report/post` or `edit/report/comment` (`id`, `type`, `reason`): reports a post or a
/// comment, or applies another moderation action the user is permitted (see `Post.permissions`).
///
/// ```swift
/// try await client.perform(ReportRequest.self, .init(target: .post(42), reason: "广告"))
/// ```
public struct ReportRequest: DefaultRequest {
  /// What is reported.
  public enum Target: Sendable, Equatable {
    case post(pid: Int)
    case comment(cid: Int)
  }

  public struct Parameters: Sendable, Equatable {
    public var target: Target
    /// The action (`type`), one of the target's `permissions`, e.g. "report" or "fold".
    public var action: String
    public var reason: String

    public init(target: Target, action: String = "report", reason: String) {
      self.target = target
      self.action = action
      self.reason = reason
    }
  }

  public typealias Result = APIStatus
  public typealias ResultData = Void

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String {
    switch parameters.target {
    case .post: "edit/report/post"
    case .comment: "edit/report/comment"
    }
  }

  public var method: HTTPMethod { .post }

  private var id: Int {
    switch parameters.target {
    case .post(let pid): pid
    case .comment(let cid): cid
    }
  }

  public var fields: [FormField] {
    [FormField("id", String(id)), FormField("type", parameters.action), FormField("reason", parameters.reason)]
  }

  public func validate() throws(HollowError) {
    try require(id > 0, "the reported id must be positive, not \(id)")
    try require(!parameters.action.isEmpty, "the report action is empty")
    try require(parameters.reason.contains { !$0.isWhitespace }, "the report reason is empty")
  }

  public func transform(_ result: APIStatus) {}
}
