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

  @Test func coloursOnlyOnATerminalWithoutNoColor() {
    #expect(environment(tty: true).usesColor(noColorFlag: false))
    #expect(!environment(tty: false).usesColor(noColorFlag: false))
    #expect(!environment(tty: true).usesColor(noColorFlag: true))
    #expect(!environment(tty: true, ["NO_COLOR": ""]).usesColor(noColorFlag: false))
  }

  @Test func capturedOutputKeepsEverything() {
    let output = CapturedOutput()
    output.write("a")
    output.write("树\n")
    #expect(output.text == "a树\n")
  }
}
