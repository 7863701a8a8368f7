/// The answer of `send/vote`: `{code: 0, vote: {...}}` with the counts now visible.
public struct VoteResult: Codable, Sendable, Equatable {
  public var code: Int
  public var vote: Vote

  public init(code: Int = 0, vote: Vote) {
    self.code = code
    self.vote = vote
  }
}
