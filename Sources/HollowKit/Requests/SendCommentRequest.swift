#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `POST send/comment`: comments on a post, optionally with an image and as a reply to a comment;
/// answers the new cid.
///
/// ```swift
/// let cid = try await client.perform(SendCommentRequest.self, .init(pid: 42, text: "同意", replyTo: 7))
/// ```
public struct SendCommentRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    public var pid: Int
    /// At most ``APILimits/maximumTextLength`` characters; may be blank only with an image.
    public var text: String
    /// The image file's bytes, at most ``APILimits/maximumImageBytes``.
    public var image: Data?
    /// The cid this comment answers (`reply_to_cid`), or `nil` for the post itself.
    public var replyTo: Int?

    public init(pid: Int, text: String, image: Data? = nil, replyTo: Int? = nil) {
      self.pid = pid
      self.text = text
      self.image = image
      self.replyTo = replyTo
    }
  }

  public typealias Result = SentComment
  /// The new comment's cid.
  public typealias ResultData = Int

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "send/comment" }
  public var method: HTTPMethod { .post }

  public var fields: [FormField] {
    var fields = [FormField("pid", String(parameters.pid)), FormField("text", parameters.text)]
    fields += contentFields(image: parameters.image)
    if let replyTo = parameters.replyTo { fields.append(FormField("reply_to_cid", String(replyTo))) }
    return fields
  }

  public func validate() throws(HollowError) {
    try require(parameters.pid > 0, "pid must be positive, not \(parameters.pid)")
    try requireText(parameters.text, hasImage: parameters.image != nil)
    try requireImage(parameters.image)
    if let replyTo = parameters.replyTo { try require(replyTo > 0, "reply_to_cid must be positive, not \(replyTo)") }
  }

  public func transform(_ result: SentComment) -> Int {
    result.cid
  }
}
