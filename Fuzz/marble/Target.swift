// SignalTesting's marble-diagram parser on any text: a diagram or a MarbleSyntaxError, never a crash;
// a diagram's events are in time order.
import SignalTesting

func fuzz(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  guard let diagram = try? MarbleDiagram(text) else { return }
  let ticks = diagram.events.map(\.tick)
  guard ticks == ticks.sorted(), ticks.allSatisfy({ $0 >= 0 }) else { fuzzFailure("ticks \(ticks) for \(text)") }
  _ = MarbleDiagram.aligned(expected: diagram, actual: diagram, values: [:])
}
