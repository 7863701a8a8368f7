/// `cache path`: prints the cache folder, without opening it.
struct CachePathCommand: HollowCommand, ArgumentlessCommand, Equatable {
  static let configuration = CommandConfiguration("path", summary: "print the cache folder")

  func run(in context: CommandContext) async throws(CLIFailure) {
    let directory = try LocalCache.directory(context.options, environment: context.environment.variables)
    let output = context.output
    output.options.json ? output.emit(CachePathReport(directory: directory)) : output.print([directory])
  }
}
