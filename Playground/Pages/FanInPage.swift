import Signal

/// The indexed fan-in: many units of work, bounded concurrency, one tagged result per index.
enum FanInPage: PlaygroundPage {
  static let name = "fan-in"
  static let summary = "Performable.publisher(for:) and items.publisher { }: indexed results, failures as values"

  struct Square: Performable {
    enum Failure: Error { case negative(Int) }
    let n: Int

    func perform() async throws(Failure) -> Int {
      guard n >= 0 else { throw .negative(n) }
      return n * n
    }
  }

  static func run() async {
    // One work item is a cold publisher of one value.
    print("Square(n: 7).publisher:", (try? await Square(n: 7).publisher.firstValue()) ?? -1)

    // Many run at most `maxConcurrent` at a time; each result arrives tagged with its index,
    // and a failure is a value in the stream, not its end.
    let work = [3, -1, 4, -5, 9].map(Square.init)
    var results: [Int: String] = [:]
    for await (index, output) in Square.publisher(for: work, maxConcurrent: 2) {
      switch output {
      case .success(let square): results[index] = "\(square)"
      case .failure(let error): results[index] = "failed: \(error)"
      }
    }
    for index in results.keys.sorted() { print("  item \(index):", results[index]!) }

    // The closure form: no type needed for one-off work.
    let lengths = await ["swift", "signal", "fan-in"].publisher(maxConcurrent: 2, ordering: .index) { word in
      word.count
    }.allValues()
    print("closure form:", lengths.map { "\($0.0): \($0.1.value ?? -1)" })

    // Or in index order, when the order matters more than the first result.
    let ordered = await Square.publisher(for: work, ordering: .index).map { $0.0 }.allValues()
    print("index order:", ordered)
  }
}
