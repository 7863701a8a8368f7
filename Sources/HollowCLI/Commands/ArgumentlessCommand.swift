/// A command that takes no arguments or options of its own (the parser already refuses any it
/// is given), so parsing only makes it.
///
/// ```swift
/// struct WanderCommand: BackendCommand, ArgumentlessCommand { ... }  // no init(parsing:) to write
/// ```
protocol ArgumentlessCommand: HollowCommand {
  init()
}

extension ArgumentlessCommand {
  init(parsing arguments: ParsedArguments) throws(UsageError) {
    self.init()
  }
}
