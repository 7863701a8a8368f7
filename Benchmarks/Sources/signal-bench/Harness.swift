import CAllocationCounter

/// How one workload is sized and repeated.
struct RunSettings {
  var quick: Bool
  var repetitions: Int { quick ? 3 : 7 }

  /// `full` elements normally, a fraction in quick mode, never below `floor`.
  func size(_ full: Int, quickDivisor: Int = 10, floor: Int = 1) -> Int {
    quick ? Swift.max(floor, full / quickDivisor) : full
  }
}

/// Runs `body` `repetitions` times (after one warm-up) and returns the median duration.
func median(
  isolation: isolated (any Actor)? = #isolation, repetitions: Int, _ body: () async -> Int
) async -> Duration {
  let clock = ContinuousClock()
  var sink = await body()
  var samples: [Duration] = []
  for _ in 0..<repetitions {
    let start = clock.now
    sink &+= await body()
    samples.append(clock.now - start)
  }
  blackHole(sink)
  return median(of: samples)
}

@inline(never)
func blackHole(_ value: Int) {
  if value == 0x5EED_1234_5678 { print("") }
}

extension Duration {
  /// Nanoseconds as a Double.
  var nanoseconds: Double {
    let parts = components
    return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
  }
}

/// Bytes currently allocated by malloc, for the memory rows.
func allocatedBytes() -> Int {
  Int(allocation_counter_bytes_in_use())
}

/// Heap allocations the process made so far (every thread), for the allocation rows.
func allocationCount() -> Int {
  Int(allocation_counter_allocations())
}

/// One row of the results table.
struct Row {
  var workload: String
  var ours: String
  var peer: String
  var peerFigure: String
  var ratio: String
  var target: String
  var verdict: String
}

func formatNanoseconds(_ value: Double) -> String {
  if value >= 1_000_000 { return String(format3(value / 1_000_000)) + " ms" }
  if value >= 1_000 { return String(format3(value / 1_000)) + " us" }
  return String(format3(value)) + " ns"
}

func format3(_ value: Double) -> String {
  if value >= 100 { return String(Int(value.rounded())) }
  if value >= 10 { return String((value * 10).rounded() / 10) }
  return String((value * 100).rounded() / 100)
}

func printTable(_ rows: [Row]) {
  let headers = ["workload", "ours", "peer / bound", "peer", "ratio", "target", "ok"]
  let cells = rows.map { [$0.workload, $0.ours, $0.peer, $0.peerFigure, $0.ratio, $0.target, $0.verdict] }
  var widths = headers.map(\.count)
  for row in cells {
    for (index, cell) in row.enumerated() { widths[index] = Swift.max(widths[index], cell.count) }
  }
  func line(_ row: [String]) -> String {
    "| " + row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }.joined(separator: " | ")
      + " |"
  }
  print(line(headers))
  print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
  for row in cells { print(line(row)) }
}
