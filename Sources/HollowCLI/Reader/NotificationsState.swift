import HollowKit

/// What the notifications screen shows: the user's `my_msgs` as far as they were loaded (newest
/// first), the cursor, how the loading went, and which messages came since the screen was last
/// shown. Whether the server has notifications at all is learned from the first answer: a 404 or
/// a missing token makes them ``Availability/unavailable``, and the reader then has no
/// notifications screen.
///
/// ```swift
/// var state = NotificationsState(seenID: 3)
/// state.unread  // messages with an id above 3
/// ```
struct NotificationsState: Sendable, Equatable {
  enum Availability: Sendable, Equatable {
    /// No answer yet.
    case unknown
    case available
    /// The server has no `my_msgs` (HTTP 404), or it needs a token and there is none; or the run
    /// is offline.
    case unavailable
  }

  enum Phase: Sendable, Equatable {
    case idle
    case loading
    case loaded
    case failed(String)
  }

  var messages: [UserMessage] = []
  var cursor = 0
  var phase = Phase.idle
  var availability = Availability.unknown
  /// An empty page came: there are no more.
  var endReached = false
  /// The pages loaded so far (the next one asked is the one after).
  var pagesLoaded = 0
  /// The newest notification seen (the read state's, as of the last change).
  var seenID: Int
  /// Messages above this id are marked new on the screen: the seen id when it was opened.
  var newAbove: Int
  /// Whether the screen is shown: what arrives then is seen.
  var isShown = false

  init(seenID: Int = 0) {
    self.seenID = seenID
    newAbove = seenID
  }

  /// The messages not seen yet, for the status line.
  var unread: Int { messages.count { $0.id > seenID } }

  var selected: UserMessage? { messages.indices.contains(cursor) ? messages[cursor] : nil }
}
