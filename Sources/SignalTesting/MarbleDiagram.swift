/// A stream's timeline written as text, one character per tick of a ``TestClock``:
///
/// | character | meaning |
/// |---|---|
/// | `-` | a tick with nothing |
/// | a letter or digit | a value, then the next tick |
/// | `(ab)` | several events in the same tick (the group takes one tick) |
/// | `\|` | the stream finishes |
/// | `#` | the stream fails |
/// | space | ignored, for alignment |
///
/// ```swift
/// let diagram = try MarbleDiagram("a-b--c|")           // a at 0, b at 2, c at 5, finished at 6
/// let numbers = try MarbleDiagram("-1-(23)#", values: ["1": 1, "2": 2, "3": 3])
/// ```
///
/// ``MarbleTest`` drives a source from one and checks an operator's output against another.
public struct MarbleDiagram<Value> {
  /// The events in time order (within a group, in the order written).
  public var events: [MarbleEvent<Value>]

  /// The tick after the last character: how long the diagram is.
  public var length: Int

  /// Reads `text`, each value character standing for `values[character]`.
  ///
  /// - Throws: ``MarbleSyntaxError`` for a character that `values` does not map, an unclosed
  ///   or nested group, `|` or `#` inside a group, or anything after `|` or `#`.
  public init(_ text: String, values: [Character: Value]) throws(MarbleSyntaxError) {
    var events: [MarbleEvent<Value>] = []
    var tick = 0
    var groupStart: Int?
    var ended = false
    for (position, character) in text.enumerated() {
      func failure(_ reason: String) -> MarbleSyntaxError {
        MarbleSyntaxError(diagram: text, position: position, reason: reason)
      }
      if character == " " { continue }
      if ended, !(character == ")" && groupStart != nil) { throw failure("'\(character)' after the end of the stream") }
      switch character {
      case "-":
        guard groupStart == nil else { throw failure("'-' inside a group") }
        tick += 1
      case "(":
        guard groupStart == nil else { throw failure("a group inside a group") }
        groupStart = position
      case ")":
        guard groupStart != nil else { throw failure("')' without '('") }
        groupStart = nil
        tick += 1
      case "|", "#":
        events.append(MarbleEvent(tick: tick, kind: character == "|" ? .finished : .failed))
        ended = true
        if groupStart == nil { tick += 1 }
      default:
        guard let value = values[character] else { throw failure("'\(character)' stands for no value") }
        events.append(MarbleEvent(tick: tick, kind: .value(value)))
        if groupStart == nil { tick += 1 }
      }
    }
    if let groupStart {
      throw MarbleSyntaxError(diagram: text, position: groupStart, reason: "unclosed group")
    }
    self.events = events
    self.length = tick
  }

  /// A diagram made of events, for rendering what a stream did.
  public init(events: [MarbleEvent<Value>]) {
    self.events = events
    self.length = (events.map(\.tick).max() ?? -1) + 1
  }

  /// The events at `tick`, in order.
  public func events(at tick: Int) -> [MarbleEvent<Value>] {
    events.filter { $0.tick == tick }
  }
}

extension MarbleDiagram where Value == String {
  /// Reads `text` with every value character standing for itself as a one-letter string.
  ///
  /// ```swift
  /// try MarbleDiagram("-a--#").events.first?.kind  // .value("a")
  /// ```
  public init(_ text: String) throws(MarbleSyntaxError) {
    try self.init(text, values: MarbleTest.letters(in: text))
  }
}

extension MarbleDiagram: Sendable where Value: Sendable {}
extension MarbleDiagram: Equatable where Value: Equatable {}

extension MarbleDiagram where Value: Equatable {
  /// `expected` and `actual` drawn one above the other, each tick as wide as the wider of the
  /// two, so a difference shows in its column. Values are drawn with the character `values`
  /// maps to them (`?` for one it does not).
  ///
  /// ```swift
  /// MarbleDiagram.aligned(expected: try MarbleDiagram("-(ab)|"), actual: try MarbleDiagram("-a-b|"), values: ...)
  /// // ("-(ab)|", "-a   -b|")
  /// ```
  public static func aligned(
    expected: MarbleDiagram, actual: MarbleDiagram, values: [Character: Value]
  ) -> (expected: String, actual: String) {
    var top = ""
    var bottom = ""
    for tick in 0..<Swift.max(expected.length, actual.length) {
      let upper = expected.cell(at: tick, values: values)
      let lower = actual.cell(at: tick, values: values)
      let width = Swift.max(upper.count, lower.count)
      top += upper.padding(to: width)
      bottom += lower.padding(to: width)
    }
    return (top.trimmingTrailingSpaces, bottom.trimmingTrailingSpaces)
  }

  /// The characters of one tick: `-`, one symbol, or a group.
  func cell(at tick: Int, values: [Character: Value]) -> String {
    let symbols = events(at: tick).map { event -> String in
      switch event.kind {
      case .finished: return "|"
      case .failed: return "#"
      case .value(let value): return values.first { $0.value == value }.map { String($0.key) } ?? "?"
      }
    }
    switch symbols.count {
    case 0: return tick < length ? "-" : ""
    case 1: return symbols[0]
    default: return "(" + symbols.joined() + ")"
    }
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
