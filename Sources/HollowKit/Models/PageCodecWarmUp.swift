/// Runs the page codec once on a small page with every kind of field, so that the Swift runtime's
/// first-use work for these types (type metadata, protocol conformance lookups: about a millisecond
/// each way) is done before a real answer needs it.
///
/// A reader calls it while its first request is on the network, where it costs nothing: the first page
/// is then decoded, cached and drawn without that millisecond or two.
///
/// ```swift
/// Task.detached(priority: .utility) { PageCodecWarmUp.run() }  // once the first request is sent
/// ```
public enum PageCodecWarmUp {
  /// Encodes the sample page as a cache entry is encoded and decodes it as an answer is decoded; true
  /// when it came back equal (it always should; tests hold it to that).
  @discardableResult
  public static func run() -> Bool {
    guard let data = try? WireFormat.encode(sample),
      let answer = try? WireFormat.decode(StatusCheckedAnswer<PostPage>.self, from: data)
    else { return false }
    return answer.result == sample
  }

  /// One post of each shape a page carries: text with a citation, an image, a vote, a tag, comments.
  static let sample = PostPage(
    posts: [
      Post(
        pid: 2, text: "#1 warm", type: .image, timestamp: 1, updatedAt: 2, replyCount: 1, likeCount: 1,
        permissions: ["report"], tag: "tag", imagePath: "a.png", imageMetadata: ImageMetadata(width: 1, height: 1),
        vote: Vote(voted: nil, options: ["a", "b"], counts: ["a": 1, "b": 0])),
      Post(pid: 1, text: "up", type: .text, timestamp: 1, updatedAt: 1),
    ],
    comments: [2: [Comment(cid: 1, pid: 2, text: "re", timestamp: 1, replyTo: 1, name: "Alice", tag: "t")]])
}
