// Scaling curves: one workload measured at several sizes in one run; each point is compared with
// the curve's fastest point per element, so "flat within 2x" is every ratio at or above 0.5.

import BaselineWorkloads
import SignalWorkloads

/// Measures `body(point)` per element at every point, then records each against the fastest, compared round by round
/// (``roundRelativeMedians(_:)``); returns each point's median time per element.
@MainActor
@discardableResult
func recordCurve(
  _ name: String, points: [Int], label: (Int) -> String, elements: (Int) -> Int, cpuTime: Bool = false,
  _ body: @escaping (Int) async -> Int
) async -> [Double] {
  // The points' repetitions run in rounds (every point once, then again), as the subject's Ks do, and the points are
  // compared round by round: this machine flips within seconds between two states about 2x apart, and compared by
  // their plain medians, the points timed after such a flip would be in the slow state and those timed before it in
  // the fast one (a CI run read flatMap's asynchronous inners at 68.9 ns for one inner and 246 ns for 10,000, 0.28x,
  // where other runs of the same build read 107–115 ns). Each timed repetition follows an untimed one of the same
  // point: it then finds the process as its own size leaves it (its tasks' allocations, the pool's threads), as it
  // did when the points ran one after the other, and not as the point before left it.
  let measured = await interleavedDurations(
    repetitions: settings.repetitions, count: points.count, warmingEach: true
  ) { index in
    await body(points[index])
  }
  let times = points.indices.map { measured[$0].perElement(elements(points[$0]), cpu: cpuTime) }
  let medians = times.map { median(of: $0) }
  let relative = roundRelativeMedians(times)
  guard let fastest = relative.indices.min(by: { relative[$0] < relative[$1] }) else { return [] }
  for (index, point) in points.enumerated() {
    record(
      "\(name), \(label(point))", ourTime: medians[index],
      peerName: "fastest point (\(label(points[fastest]))), same rounds", peerTime: medians[fastest],
      ratio: relative[fastest] / relative[index], target: ">= 0.5x (flat within 2x)", minimumSpeedup: 0.5)
  }
  return medians
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
    // The same curve in CPU time: what each element costs the machine, whether the run had both cores or shared one
    // with other processes (on two cores, that flips a point's wall time by up to 2x either way).
    await recordCurve(
      "merge scaling, CPU time", points: [2, 8, 32, 128, 512, 1024], label: { "M = \($0)" },
      elements: { (total / $0) * $0 }, cpuTime: true
    ) { producers in
      await Task.detached { await signalMerge(producers: producers, perProducer: total / producers) }.value
    }
  }
  if wanted("scaling fan-in") || wanted("fan-in") {
    let points = settings.quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000]
    let fanIn = await recordCurve(
      "publisher(for:) scaling", points: points, label: { "\($0) items" }, elements: { $0 }
    ) { items in
      await Task.detached { await signalFanIn(items: items, maxConcurrent: 8) }.value
    }
    // The control: the same sizes through a bare task group, so a curve the machine bends (a short
    // run fits in the time slices a loaded machine gives it, a long one shares them) shows here too.
    let floor = await recordCurve(
      "bare withTaskGroup scaling (control)", points: points, label: { "\($0) items" }, elements: { $0 }
    ) { items in
      await Task.detached { await taskGroupFloor(items: items) }.value
    }
    // The same curve in CPU time: what each item costs the machine, without the share of the cores a
    // loaded machine leaves a long run.
    await recordCurve(
      "publisher(for:) scaling, CPU time", points: points, label: { "\($0) items" }, elements: { $0 }, cpuTime: true
    ) { items in
      await Task.detached { await signalFanIn(items: items, maxConcurrent: 8) }.value
    }
    await recordCurve(
      "bare withTaskGroup scaling (control), CPU time", points: points, label: { "\($0) items" }, elements: { $0 },
      cpuTime: true
    ) { items in
      await Task.detached { await taskGroupFloor(items: items) }.value
    }
    // Each point against the control at the same size: flat when the fan-in's cost per item keeps its
    // proportion to what the machine charges for a task's work at that size.
    for (index, items) in points.enumerated() where index < fanIn.count && index < floor.count {
      record(
        "publisher(for:) \(items) items", ourTime: fanIn[index], peerName: "bare withTaskGroup, same size (floor)",
        peerTime: floor[index], target: "<= 1.3x the floor's time", minimumSpeedup: 1 / 1.3)
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
