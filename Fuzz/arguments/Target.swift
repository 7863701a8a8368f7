// hollow-cli's command line on any arguments (the input split at NUL bytes, as argv cannot hold one):
// the parse, the command's typed options and the global options, or a UsageError; never a crash. Nothing
// runs: no command, no network, no file.
@testable import HollowCLI

func fuzz(_ bytes: [UInt8]) {
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  guard let parsed = try? HollowCommandLine.parser.parse(arguments) else { return }
  let command = parsed.path.joined(separator: " ")
  _ = try? GlobalOptions(parsed.global, environment: [:], command: command)
  if let build = parsed.spec?.build { _ = try? build(parsed.arguments) }
}
