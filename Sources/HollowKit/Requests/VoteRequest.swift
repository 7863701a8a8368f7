/// `POST send/vote`: votes for one option of a post's poll; answers the poll with its counts.
///
/// ```swift
/// let vote = try await client.perform(VoteRequest.self, .init(pid: 42, option: "面"))
/// print(vote.count(for: "面") ?? 0)
/// ```
public struct VoteRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    public var pid: Int
    /// One of the poll's options, as shown.
    public var option: String

    public init(pid: Int, option: String) {
      self.pid = pid
      self.option = option
    }
  }

  public typealias Result = VoteResult
  public typealias ResultData = Vote

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "send/vote" }
  public var method: HTTPMethod { .post }
  public var fields: [FormField] { [FormField("pid", String(parameters.pid)), FormField("option", parameters.option)] }

  public func validate() throws(HollowError) {
    try require(parameters.pid > 0, "pid must be positive, not \(parameters.pid)")
    try require(!parameters.option.isEmpty, "the vote option is empty")
    try require(
      parameters.option.unicodeScalars.count <= APILimits.maximumVoteOptionLength,
      "a vote option has at most \(APILimits.maximumVoteOptionLength) characters")
  }

  public func transform(_ result: VoteResult) -> Vote {
    result.vote
  }
}
