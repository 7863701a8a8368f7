#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `POST send/post`: publishes a post with text, optionally an image (sent base64), vote options and
/// a tag; answers the new pid.
///
/// The wire `type` follows from the parameters (`image` when there is an image, else `text`).
///
/// ```swift
/// let pid = try await client.perform(SendPostRequest.self, .init(text: "今天吃什么？", voteOptions: ["面", "饭"]))
/// ```
public struct SendPostRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    /// At most ``APILimits/maximumTextLength`` characters; may be blank only with an image.
    public var text: String
    /// The image file's bytes, at most ``APILimits/maximumImageBytes``.
    public var image: Data?
    /// None, or 2...``APILimits/maximumVoteOptions`` distinct options of at most
    /// ``APILimits/maximumVoteOptionLength`` characters.
    public var voteOptions: [String]
    /// A moderation tag such as "性相关".
    public var tag: String?

    public init(text: String, image: Data? = nil, voteOptions: [String] = [], tag: String? = nil) {
      self.text = text
      self.image = image
      self.voteOptions = voteOptions
      self.tag = tag
    }
  }

  public typealias Result = SentPost
  /// The new post's pid.
  public typealias ResultData = Int

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "send/post" }
  public var method: HTTPMethod { .post }

  public var fields: [FormField] {
    var fields = [FormField("text", parameters.text)] + contentFields(image: parameters.image)
    fields += parameters.voteOptions.map { FormField("vote_options[]", $0) }
    if let tag = parameters.tag { fields.append(FormField("tag", tag)) }
    return fields
  }

  public func validate() throws(HollowError) {
    try requireText(parameters.text, hasImage: parameters.image != nil)
    try requireImage(parameters.image)
    let options = parameters.voteOptions
    guard !options.isEmpty else { return }
    try require(
      (2...APILimits.maximumVoteOptions).contains(options.count),
      "a vote needs 2...\(APILimits.maximumVoteOptions) options, not \(options.count)")
    for option in options {
      try require(option.contains { !$0.isWhitespace }, "a vote option is empty")
      try require(
        option.unicodeScalars.count <= APILimits.maximumVoteOptionLength,
        "the vote option \"\(option)\" has \(option.unicodeScalars.count) characters, at most \(APILimits.maximumVoteOptionLength) are allowed"
      )
    }
    try require(Set(options).count == options.count, "the vote options repeat")
  }

  public func transform(_ result: SentPost) -> Int {
    result.pid
  }
}

extension DefaultRequest {
  /// `type` and, with an image, its base64 `data`: shared by posts and comments.
  func contentFields(image: Data?) -> [FormField] {
    guard let image else { return [FormField("type", ContentType.text.rawValue)] }
    return [FormField("type", ContentType.image.rawValue), FormField("data", image.base64EncodedString())]
  }
}
