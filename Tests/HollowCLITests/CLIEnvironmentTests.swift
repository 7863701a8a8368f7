import Foundation
import Testing

@testable import HollowCLI

@Suite struct CLIEnvironmentTests {
  private func environment(tty: Bool = false, columns: Int? = nil, _ variables: [String: String] = [:])
    -> CLIEnvironment
  {
    CLIEnvironment(
      stdout: CapturedOutput(), stderr: CapturedOutput(), variables: variables, stdoutIsTerminal: tty,
      terminalColumns: columns, now: Date())
  }

  @Test func widthComesFromTheTerminalThenColumnsThenEighty() {
    #expect(environment(columns: 120, ["COLUMNS": "50"]).width == 120)
    #expect(environment(["COLUMNS": "50"]).width == 50)
    #expect(environment(["COLUMNS": "wide"]).width == 80)
    #expect(environment(["COLUMNS": "-3"]).width == 80)
    #expect(environment().width == 80)
  }

  @Test func autoColoursOnlyATerminalAlwaysAndNeverDecideAlone() {
    #expect(environment(tty: true).usesColor(.auto))
    #expect(!environment(tty: false).usesColor(.auto))
    #expect(environment(tty: false).usesColor(.always))
    #expect(!environment(tty: true).usesColor(.never))
  }

  @Test func capturedOutputKeepsEverything() {
    let output = CapturedOutput()
    output.write("a")
    output.write("树\n")
    #expect(output.text == "a树\n")
  }
}
