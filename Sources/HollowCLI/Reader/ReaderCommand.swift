import HollowKit

/// What a key means on a screen, before anything happens: ``ReaderKeyMap`` maps keys to
/// commands, ``ReaderApp`` carries them out.
enum ReaderCommand: Sendable, Equatable {
  case quit
  case back
  case help
  case move(Int)
  /// Down (or up, negative) by this many screens.
  case page(Int)
  case top
  case bottom
  case open
  case refresh
  case show(FeedSource)
  case search
  case follow
  case vote
  case comment
  case newPost
  case openImage
  case copyPid
  /// `u`: the next post in the list whose comments grew since it was last opened.
  case nextNews
  /// `m`: the notifications screen.
  case notifications
  /// `L`: the selected post's links.
  case links
}
