// What Share.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

enum ConnectionState: Sendable {
  case online, offline
}

func fetchTimeline() -> some Publisher<Post, FeedError> { [Post()].publisher.setFailureType(to: FeedError.self) }
func connectionStatus() -> some Publisher<ConnectionState, Never> { Just(ConnectionState.online) }
func render(_ state: ConnectionState) {}
