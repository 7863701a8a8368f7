import Signal
import SignalTesting
import Testing

@Suite struct MarbleDiagramTests {
  private typealias Event = MarbleEvent<String>

  @Test func eachCharacterIsOneTick() throws {
    let diagram = try MarbleDiagram("a-b--c|")
    #expect(
      diagram.events == [
        Event(tick: 0, kind: .value("a")), Event(tick: 2, kind: .value("b")), Event(tick: 5, kind: .value("c")),
        Event(tick: 6, kind: .finished),
      ])
    #expect(diagram.length == 7)
  }

  @Test func aFailureEndsTheStream() throws {
    #expect(try MarbleDiagram("-a--#").events == [Event(tick: 1, kind: .value("a")), Event(tick: 4, kind: .failed)])
  }

  @Test func aGroupIsOneTick() throws {
    let diagram = try MarbleDiagram("-(ab)-c(d|)")
    #expect(
      diagram.events == [
        Event(tick: 1, kind: .value("a")), Event(tick: 1, kind: .value("b")), Event(tick: 3, kind: .value("c")),
        Event(tick: 4, kind: .value("d")), Event(tick: 4, kind: .finished),
      ])
    #expect(diagram.length == 5)
  }

  @Test func spacesAreIgnoredAndValuesCanBeMapped() throws {
    let diagram = try MarbleDiagram(" 1 - 2 ", values: ["1": 10, "2": 20])
    #expect(diagram.events == [MarbleEvent(tick: 0, kind: .value(10)), MarbleEvent(tick: 2, kind: .value(20))])
    #expect(try MarbleDiagram("").events.isEmpty)
  }

  @Test(arguments: [
    ("a(b", 1, "unclosed group"), ("a)", 1, "')' without '('"), ("((a))", 1, "a group inside a group"),
    ("(a-b)", 2, "'-' inside a group"), ("a|b", 2, "'b' after the end of the stream"),
    ("-#-", 2, "'-' after the end of the stream"),
  ])
  func malformedDiagramsSayWhereAndWhy(_ text: String, _ position: Int, _ reason: String) {
    #expect(throws: MarbleSyntaxError(diagram: text, position: position, reason: reason)) {
      try MarbleDiagram(text)
    }
  }

  @Test func aCharacterWithoutAValueIsAnError() {
    #expect(throws: MarbleSyntaxError(diagram: "a-x", position: 2, reason: "'x' stands for no value")) {
      try MarbleDiagram("a-x", values: ["a": 1])
    }
  }

  @Test func diagramsAreAlignedTickByTick() throws {
    let letters: [Character: String] = ["a": "a", "b": "b", "c": "c"]
    let drawn = MarbleDiagram.aligned(
      expected: try MarbleDiagram("-(ab)-c|"), actual: try MarbleDiagram("-a-b#"), values: letters)
    #expect(drawn.expected == "-(ab)-c|")
    #expect(drawn.actual == "-a   -b#")
  }
}

@Suite struct MarbleTestTests {
  @Test func aMatchingOperatorPasses() async {
    #expect(
      await MarbleTest.expect("-a-b|", through: { source, _ in source.map { $0.uppercased() } }, produces: "-A-B|"))
    #expect(await MarbleTest.expect("a-b-#", through: { source, _ in source.filter { $0 != "b" } }, produces: "a---#"))
  }

  @Test func typedValuesMapBothWays() async {
    let passed = await MarbleTest.expect(
      "1-2-3|", values: ["1": 1, "2": 2, "3": 3], through: { source, _ in source.map { $0 * 2 } },
      produces: "2-4-6|", outputs: ["2": 2, "4": 4, "6": 6])
    #expect(passed)
  }

  @Test func timeOperatorsOutputAtTheirTick() async {
    #expect(
      await MarbleTest.expect(
        "ab--|", through: { source, clock in source.delay(for: .seconds(2), clock: clock) }, produces: "--ab|"))
  }

  @Test func aMismatchIsRecordedWithBothDiagramsAligned() async {
    await withKnownIssue {
      let passed = await MarbleTest.expect(
        "a-b|", through: { source, clock in source.delay(for: .seconds(1), clock: clock) }, produces: "a-b|")
      #expect(!passed)
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "marbles differ\nexpected: a-b|\nactual:   -a-(b|)" }
    }
  }

  @Test func aBadDiagramIsRecorded() async {
    await withKnownIssue {
      await MarbleTest.expect("a(b", through: { source, _ in source }, produces: "a")
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("unclosed group") }
    }
  }
}
