import Signal

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
