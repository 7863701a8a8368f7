// Scaling curves: one workload measured at several sizes in one run; each point is compared with
// the curve's fastest point per element, so "flat within 2x" is every ratio at or above 0.5.

import BaselineWorkloads
import SignalWorkloads

/// Measures `body(point)` per element at every point, then records each against the fastest.
@MainActor
func recordCurve(
  _ name: String, points: [Int], label: (Int) -> String, elements: (Int) -> Int, _ body: @escaping (Int) async -> Int
) async {
  var perElement: [(point: Int, time: Double)] = []
  for point in points {
    let time = await median(repetitions: settings.repetitions) { await body(point) }.nanoseconds
    perElement.append((point, time / Double(elements(point))))
  }
  guard let fastest = perElement.min(by: { $0.time < $1.time }) else { return }
  for (point, time) in perElement {
    record(
      "\(name), \(label(point))", ourTime: time, peerName: "fastest point (\(label(fastest.point)))",
      peerTime: fastest.time, target: ">= 0.5x (flat within 2x)", minimumSpeedup: 0.5)
  }
}

@MainActor
func runScalingRows() async {
  if wanted("scaling merge") || wanted("merge") {
    let total = settings.size(1_000_000)
    await recordCurve(
      "merge scaling", points: [2, 8, 32, 128, 512, 1024], label: { "M = \($0)" },
      elements: { (total / $0) * $0 }
    ) { producers in
      await Task.detached { await signalMerge(producers: producers, perProducer: total / producers) }.value
    }
  }
  if wanted("scaling fan-in") || wanted("fan-in") {
    let points = settings.quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000]
    await recordCurve(
      "publisher(for:) scaling", points: points, label: { "\($0) items" }, elements: { $0 }
    ) { items in
      await Task.detached { await signalFanIn(items: items, maxConcurrent: 8) }.value
    }
  }
  if wanted("scaling flatMap") || wanted("flatMap") {
    let total = settings.size(1_000_000)
    let points = [1, 10, 100, 1_000, 10_000]
    await recordCurve(
      "flatMap scaling, immediate inners", points: points, label: { "\($0) inners" }, elements: { (total / $0) * $0 }
    ) { inners in
      await Task.detached { await signalFlatMapImmediateInners(inners: inners, total: total) }.value
    }
    await recordCurve(
      "flatMap scaling, asynchronous inners", points: points, label: { "\($0) inners" },
      elements: { (total / $0) * $0 }
    ) { inners in
      await Task.detached { await signalFlatMapAsynchronousInners(inners: inners, total: total) }.value
    }
  }
  if wanted("chain") || wanted("scaling chain") {
    let n = settings.size(1_000_000)
    let ours: () async -> Int = { await Task.detached { await signalAsyncSourceChain(n) }.value }
    await compare(
      "chain, asynchronous source, detached", elements: n, peerName: "stdlib async chain, same source",
      target: ">= 1x", minimumSpeedup: 1, ours: ours,
      peer: { await Task.detached { await standardLibraryAsyncChain(n) }.value })
    await compare(
      "chain, asynchronous source, detached", elements: n, peerName: "plain for await loop, same source (bound)",
      target: "report", minimumSpeedup: nil, ours: ours,
      peer: { await Task.detached { await plainLoopAsyncChain(n) }.value })
  }
}
