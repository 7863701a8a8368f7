import BaselineWorkloads
import OpenCombineWorkloads
import SignalWorkloads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Issue 25's cost rows: a subject to K sinks, `Publishers.Create` against `AsyncStream`, a `sink` subscribed and
// cancelled, a `sink` on an immediate chain, and the cancellation of a subject's subscribers.

/// The wall-time row (the target's) and a CPU-time row beside it (report).
@MainActor
func recordWithCPU(
  _ workload: String, elements: Int, peerName: String, target: String, minimumSpeedup: Double?,
  ours: Samples, peer: Samples
) {
  let count = Double(elements)
  record(
    workload, ourTime: ours.medianWall / count, peerName: peerName, peerTime: peer.medianWall / count, target: target,
    minimumSpeedup: minimumSpeedup)
  record(
    workload + ", CPU time", ourTime: ours.cpu / count, peerName: peerName, peerTime: peer.cpu / count,
    target: "report", minimumSpeedup: nil)
}

/// Lets the tasks a repetition left behind (cancelled sinks ending) finish before the next one is timed.
func settle() async {
  try? await Task.sleep(for: .milliseconds(20))
}

@MainActor
func costRows() async {
  let repetitions = settings.repetitions
  if wanted("costs") || wanted("subject") {
    // The same number of deliveries at every K, at least 256 values per sink so that subscribing stays a
    // small part of the figure.
    let deliveries = settings.size(1 << 20, quickDivisor: 4)
    let counts = [1, 16, 256, 4096]
    let elements = counts.map { Swift.max(256, deliveries / $0) }
    // The Ks' repetitions are interleaved (each K once, Signal then OpenCombine, then again): the spread compares the
    // Ks with one another, and this machine's speed drifts by up to 2x within seconds (its cross-core latency), so
    // Ks measured one after the other could differ by the drift alone (a CI run read one sink at 46 ns and 16 sinks
    // at 22 ns, seconds apart; side by side, a harness finds them alike in either state of the machine).
    // Seven repetitions even in a quick run: a median of three moves as soon as two of them catch one of this
    // machine's slow spells (every phase of a K = 4096 repetition slower, up to 2.4x, for some milliseconds), most
    // often in the longest repetitions, K = 4096's. Quick runs with three read the spread at 1.17–1.62x, most of them
    // near 1.25x.
    let measured = await pairedDurations(repetitions: Swift.max(repetitions, 7), points: counts.count) { index in
      let (subscribers, values) = (counts[index], elements[index])
      return await Task.detached { await signalSubjectSinks(subscribers: subscribers, elements: values) }.value
    } peer: { index in
      let (subscribers, values) = (counts[index], elements[index])
      return await Task.detached { openCombineSubject(subscribers: subscribers, elements: values) }.value
    }
    for (index, subscribers) in counts.enumerated() {
      let (ours, peer) = measured[index]
      recordWithCPU(
        "subject → \(subscribers) sinks, await send, per delivery", elements: elements[index] * subscribers,
        peerName: "OpenCombine PassthroughSubject → sink (sync)", target: ">= 1x", minimumSpeedup: 1,
        ours: ours, peer: peer)
    }
    // The spread compares the Ks round by round (each K's median time relative to the Ks of its round): a median per
    // K would put the Ks timed after one of the machine's flips between its two speeds in the slow state and those
    // timed before it in the fast one, which alone can read 2x.
    for cpu in [false, true] {
      let times = counts.indices.map { measured[$0].ours.perElement(elements[$0] * counts[$0], cpu: cpu) }
      let relative = roundRelativeMedians(times)
      guard let slowest = relative.indices.max(by: { relative[$0] < relative[$1] }),
        let fastest = relative.indices.min(by: { relative[$0] < relative[$1] })
      else { continue }
      let spread = relative[slowest] / relative[fastest]
      rows.append(
        Row(
          workload: "subject → K sinks, per delivery, K = 1…4096: slowest / fastest K" + (cpu ? ", CPU time" : ""),
          ours: formatNanoseconds(median(of: times[slowest])), peer: "fastest K (K = \(counts[fastest])), same rounds",
          peerFigure: formatNanoseconds(median(of: times[fastest])), ratio: format3(spread) + "x spread",
          target: cpu ? "report" : "spread <= 1.5x", verdict: cpu ? "-" : spread <= 1.5 ? "yes" : "NO"))
    }
  }

  if wanted("costs") || wanted("Create") {
    let n = settings.size(1_000_000)
    // Three warm-ups: the spread is about `Create`'s steadiness once running, and its first repetitions in a process
    // run slower (74–109 ns a value in the first timed repetitions of quick runs after one warm-up, 41–56 after them;
    // in a harness of 12 fresh processes the slow ones, up to 125 ns, were all among each process's first three).
    let ours = await durations(repetitions: repetitions, warmUps: 3) {
      await Task.detached { await signalCreateSends(n) }.value
    }
    let peer = await durations(repetitions: repetitions, warmUps: 3) {
      await Task.detached { await streamBridgeSends(n) }.value
    }
    recordWithCPU(
      "Publishers.Create, await send, per value", elements: n, peerName: "AsyncStream.makeStream (unbounded)",
      target: ">= 1x", minimumSpeedup: 1, ours: ours, peer: peer)
    let spread = ours.spread
    let peerSpread = peer.spread
    rows.append(
      Row(
        workload: "Publishers.Create, slowest / fastest of \(repetitions) repetitions",
        ours: format3(spread) + "x", peer: "AsyncStream's spread", peerFigure: format3(peerSpread) + "x",
        ratio: "-", target: "< 1.3x", verdict: spread < 1.3 ? "yes" : "NO"))

    // 100k values of 1 KiB to a consumer slower than the producer: peak growth of allocated bytes.
    let values = 100_000
    let size = 1024
    let work = 4
    let ourPeak = await Task.detached {
      await peakGrowth { sample in await signalCreateSlowConsumer(values, size: size, work: work, sample: sample) }
    }.value
    let peerPeak = await Task.detached {
      await peakGrowth { sample in
        await streamBridgeSlowConsumer(values, size: size, work: work, consume: slowConsume, sample: sample)
      }
    }.value
    rows.append(
      Row(
        workload: "Publishers.Create, 100k values of 1 KiB to a slow consumer: peak growth",
        ours: format3(ourPeak) + " MB", peer: "AsyncStream.makeStream (unbounded)",
        peerFigure: format3(peerPeak) + " MB", ratio: format3(peerPeak / Swift.max(ourPeak, 0.01)) + "x",
        target: "< 10 MB", verdict: ourPeak < 10 ? "yes" : "NO"))
  }

  if wanted("costs") || wanted("sink") {
    let n = 10_000
    let clock = ContinuousClock()
    func timed(_ body: @escaping @Sendable () -> Int) async -> Double {
      var samples: [Duration] = []
      for repetition in 0...repetitions {
        let duration = await Task.detached {
          let start = clock.now
          blackHole(body())
          return clock.now - start
        }.value
        if repetition > 0 { samples.append(duration) }
        await settle()
      }
      return median(of: samples).nanoseconds / Double(n)
    }
    let ours = await timed { signalColdSinksCancelled(n) }
    let peer = await timed { openCombineColdSinksCancelled(n) }
    record(
      "10k sinks on a cold chain that never ends, subscribe + cancel", ourTime: ours, peerName: "OpenCombine",
      peerTime: peer, target: ">= 0.5x", minimumSpeedup: 0.5)
    let oursImmediate = await timed { signalImmediateSinks(n) }
    let peerImmediate = await timed { openCombineImmediateSinks(n) }
    record(
      "10k sinks on Just(i).map.filter to completion", ourTime: oursImmediate, peerName: "OpenCombine",
      peerTime: peerImmediate, target: ">= 1x", minimumSpeedup: 1)
  }

  if wanted("costs") || wanted("cancel") {
    let n = 10_000
    let (ours, peer) = await Task.detached { await cancellationDurations(n, repetitions: repetitions) }.value
    func middle(_ samples: [Duration]) -> Double { median(of: samples).nanoseconds / Double(n) }
    record(
      "10k sinks on a subject (each parked after a value), cancelled", ourTime: middle(ours), peerName: "OpenCombine",
      peerTime: middle(peer), target: ">= 1x", minimumSpeedup: 1)
  }
}

/// Peak growth of allocated bytes, in MB, while `run` runs; `run` calls its argument to take a sample.
func peakGrowth(_ run: (() -> Void) async -> Int) async -> Double {
  let before = allocatedBytes()
  var peak = 0
  blackHole(await run { peak = Swift.max(peak, allocatedBytes() - before) })
  return Double(peak) / 1_048_576
}

/// The cancellation of `n` subject subscribers, ours and OpenCombine's, each timed alone (`repetitions`, after a
/// warm-up), subscribing and settling outside the timing.
func cancellationDurations(_ n: Int, repetitions: Int) async -> (ours: [Duration], peer: [Duration]) {
  let clock = ContinuousClock()
  var ours: [Duration] = []
  var peer: [Duration] = []
  for repetition in 0...repetitions {
    await signalSubjectSinksCancelled(n) { cancelAll in
      let start = clock.now
      cancelAll()
      if repetition > 0 { ours.append(clock.now - start) }
    }
    await settle()
    openCombineSubjectSinksCancelled(n) { cancelAll in
      let start = clock.now
      cancelAll()
      if repetition > 0 { peer.append(clock.now - start) }
    }
  }
  return (ours, peer)
}

/// A sender and 1 or 16 sinks all on the main actor, as a view model and its views: reported, not a target. Each turn
/// of a buffer there is two thread hand-overs (a continuation resumes on the global executor, then hops back), which a
/// synchronous subject does not pay. Run last, after every other row: a run of them left the process in a state in
/// which `Publishers.Create`'s repetitions, timed next, spread 1.4–2.2x instead of 1.1–1.2x (four alternated
/// `--filter costs --quick` runs each way), and a pause after them did not help.
@MainActor
func mainActorSubjectRows() async {
  guard wanted("costs") || wanted("subject") else { return }
  let deliveries = settings.size(1 << 20, quickDivisor: 4)
  let onMainActor = [1, 16]
  let measured = await pairedDurations(repetitions: settings.repetitions, points: onMainActor.count) { index in
    await signalSubjectSinks(subscribers: onMainActor[index], elements: deliveries / onMainActor[index])
  } peer: { index in
    openCombineSubject(subscribers: onMainActor[index], elements: deliveries / onMainActor[index])
  }
  for (index, subscribers) in onMainActor.enumerated() {
    recordWithCPU(
      "subject → \(subscribers) sinks, all on the main actor, per delivery", elements: deliveries,
      peerName: "OpenCombine PassthroughSubject → sink (sync)", target: "report", minimumSpeedup: nil,
      ours: measured[index].ours, peer: measured[index].peer)
  }
}
