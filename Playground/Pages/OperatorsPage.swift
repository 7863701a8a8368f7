import Signal
import SignalTesting

/// Sources and operators: cold publishers that are also `AsyncSequence`s.
enum OperatorsPage: PlaygroundPage {
  static let name = "operators"
  static let summary = "sources and operators, cold and typed"

  static func run() async {
    // A publisher is cold: every `for await` is a new subscription that starts from the beginning.
    let numbers = (1...10).publisher
    var evens: [Int] = []
    for await value in numbers.filter({ $0 % 2 == 0 }).map({ $0 * 10 }) { evens.append(value) }
    print("filter + map:", evens)

    // scan publishes each running total; reduce publishes only the last one.
    let running = await numbers.scan(0, +).allValues()
    let total = await numbers.reduce(0, +).firstValue()
    print("scan:", running, "reduce:", total ?? 0)

    // Combine's answers: count, last, contains, allSatisfy, min and max publish one value at the end (or as
    // soon as the answer is known). `await` on the call alone gets the standard library's answer directly.
    print("count:", await numbers.count().allValues(), "last:", await numbers.last().allValues())
    print("contains 3:", await numbers.contains(3), "all positive:", await numbers.allSatisfy { $0 > 0 })
    print("min/max:", await numbers.min() ?? 0, await numbers.max(by: <) ?? 0)
    print("replaceEmpty:", await Empty<Int, Never>().replaceEmpty(with: 0).allValues())
    print("replaceNil:", await [1, nil, 3].publisher.replaceNil(with: 0).allValues())
    print(
      "prefix/drop(while:):", await numbers.prefix { $0 < 4 }.allValues(), await numbers.drop { $0 < 8 }.allValues())
    print(
      "output(at:), output(in:):", await numbers.output(at: 4).allValues(), await numbers.output(in: 7...).allValues())
    print("ignoreOutput:", await ending(of: numbers.ignoreOutput()))
    print("materialize:", await [1, 2].publisher.materialize().allValues().map { "\($0)" })
    print("dematerialize:", await [1, 2].publisher.materialize().dematerialize().allValues())
    // measureInterval on a test clock: virtual time moves only when told to.
    let clock = TestClock()
    let keystrokes = TestSource<Int, Never>()
    let gaps = Recorder(keystrokes.measureInterval(using: clock))
    await clock.advance(by: .seconds(1))
    await keystrokes.send(1)
    await clock.advance(by: .milliseconds(250))
    await keystrokes.send(2)
    await keystrokes.send(completion: .finished)
    print("measureInterval:", await gaps.remaining().compactMap { if case .value(let gap) = $0 { gap } else { nil } })
    _ = await [1, 2].publisher.print("print").allValues()

    // Failures are typed. replaceError turns a failing publisher into one that cannot fail.
    enum Oops: Error { case failed }
    let failing = Fail<Int, Oops>(error: .failed)
    do {
      _ = try await failing.allValues()
    } catch {
      print("typed failure:", error)
    }
    print("replaceError:", await failing.replaceError(with: -1).allValues())

    // prepend and append concatenate: the second part is subscribed only once the first has finished.
    print("prepend + append:", await (4...5).publisher.prepend(1, 2, 3).append([6]).append(Just(7)).allValues())
    print("append after a failure:", await failing.append(99).replaceError(with: -1).allValues())

    // Any AsyncSequence becomes a publisher, so every operator applies to it.
    let stream = AsyncStream<Int> { continuation in
      for value in [3, 3, 4, 4, 4, 5] { continuation.yield(value) }
      continuation.finish()
    }
    print("removeDuplicates on an AsyncStream:", await stream.publisher.removeDuplicates().allValues())
  }
}

/// How a publisher ended, for printing `ignoreOutput`: it publishes no value.
private func ending<P: Publisher>(of publisher: P) async -> String where P.Output == Never {
  var iterator = publisher.makeAsyncIterator()
  do {
    _ = try await iterator.next()
    return "finished"
  } catch {
    return "failed: \(error)"
  }
}
