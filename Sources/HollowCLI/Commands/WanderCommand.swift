/// `wander`: random posts.
struct WanderCommand: BackendCommand, ArgumentlessCommand, Equatable {
  static let configuration = CommandConfiguration(
    "wander", summary: "show \(15) random posts", examples: ["wander"], opensReader: true)
  static let readsFeedsOrPosts = true
  static let loadsFeeds = true

  func run(session: Session, output: CommandOutput) async throws {
    try await FeedRunner(session: session, output: output).run(.wander)
  }
}
