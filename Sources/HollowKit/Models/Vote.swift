/// A poll attached to a post: the wire's non-empty `vote` object.
///
/// Before the user has voted, `voted` is `""` on the wire (``voted`` is `nil` here) and every count
/// is `-1` (hidden); ``count(for:)`` answers `nil` for a hidden count.
///
/// ```swift
/// if let vote = post.vote, vote.voted == nil {
///   print("choose one of", vote.options)
/// }
/// ```
public struct Vote: Codable, Sendable, Equatable {
  /// The option the user chose, or `nil` before voting (`""` on the wire).
  public var voted: String?
  /// The options in display order (`vote_options`).
  public var options: [String]
  /// Votes per option (`vote_data`); `-1` while counts are hidden.
  public var counts: [String: Int]

  /// The wire value of a count that is hidden until the user votes.
  public static let hiddenCount = -1

  public init(voted: String?, options: [String], counts: [String: Int]) {
    self.voted = voted
    self.options = options
    self.counts = counts
  }

  /// Whether the counts are hidden (the user has not voted yet).
  public var areCountsHidden: Bool {
    counts.values.contains(Self.hiddenCount)
  }

  /// The number of votes for `option`, or `nil` when it is hidden or not an option.
  public func count(for option: String) -> Int? {
    guard let count = counts[option], count != Self.hiddenCount else { return nil }
    return count
  }

  private enum CodingKeys: String, CodingKey {
    case voted
    case options = "vote_options"
    case counts = "vote_data"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let voted = try container.decode(String.self, forKey: .voted)
    self.voted = voted.isEmpty ? nil : voted
    options = try container.decode([String].self, forKey: .options)
    counts = try container.decode([String: Int].self, forKey: .counts)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(voted ?? "", forKey: .voted)
    try container.encode(options, forKey: .options)
    try container.encode(counts, forKey: .counts)
  }
}
