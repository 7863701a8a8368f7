import HollowKit

/// What loading a cited `#pid` gave: the post, "no such post" (-101), or another failure.
public enum QuotedPost: Sendable, Equatable {
  case found(Post)
  case notFound
  case failed(String)
}
