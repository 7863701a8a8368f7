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
  /// Down (or up, negative) by this many half screens.
  case halfPage(Int)
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
  /// Esc on a list: stop the running load.
  case cancel
  /// `M`: the last message and the status, whole.
  case lastMessage
  /// `x`: hide the timeline's announcement.
  case dismissAnnouncement
  /// Pictures on or off.
  case togglePictures
  /// One line per post in the list, or full posts.
  case toggleCompact
  /// Draws the whole screen again (after another program wrote over it).
  case redraw
  /// Gives the terminal back to the shell and stops; `fg` comes back.
  case suspend
  /// `:` then a pid then Enter: open that post, from any screen.
  case goTo
  /// The post screen: to the next (previous, negative) comment.
  case nextComment(Int)
  /// The post screen: to the comment the cursor's comment replies to, or back from there.
  case jumpToReplied
  /// The post screen: back to where the last jump started.
  case jumpBack
  /// Copy the text under the cursor: the post's or comment's (on a list, the selected post's).
  case copyText
  /// `u`: the next post in the list whose comments grew since it was last opened.
  case nextNews
  /// `m`: the notifications screen.
  case notifications
  /// `L`: the selected post's links.
  case links
}
