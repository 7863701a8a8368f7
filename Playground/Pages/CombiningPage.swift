import Signal

/// Combining: flatMap, switchToLatest, zip and combineLatest.
enum CombiningPage: PlaygroundPage {
  static let name = "combining"
  static let summary = "flatMap(maxPublishers:), switchToLatest/flatMapLatest, zip and combineLatest"

  static func run() async {
    // flatMap runs up to maxPublishers inner publishers at once; each keeps its own order.
    let expanded = await [1, 2, 3].publisher.flatMap(maxPublishers: 2) { n in [n, n * 10].publisher }.allValues()
    print("flatMap (sorted):", expanded.sorted())

    // switchToLatest follows only the newest inner publisher.
    let (queries, input) = AsyncStream.makeStream(of: String.self)
    var results = queries.publisher.flatMapLatest { query in [query + "!", query + "?"].publisher }
      .makeAsyncIterator()
    input.yield("tree")
    print("flatMapLatest first result:", await results.next() ?? "-")
    input.finish()

    // zip pairs values in order and stops with the shorter upstream.
    let pairs = await [1, 2, 3].publisher.zip(["a", "b"].publisher).allValues()
    print("zip:", pairs.map { "\($0.0)\($0.1)" })
    print("ZipMany:", await Publishers.ZipMany([[1, 2].publisher, [3, 4].publisher]).allValues())

    // combineLatest emits on every value once every upstream has one.
    let (temperature, thermometer) = AsyncStream.makeStream(of: Int.self)
    let (unit, unitPicker) = AsyncStream.makeStream(of: String.self)
    var readings = temperature.publisher.combineLatest(unit.publisher).makeAsyncIterator()
    thermometer.yield(21)
    unitPicker.yield("°C")
    if let (value, symbol) = await readings.next() { print("combineLatest:", "\(value)\(symbol)") }
    thermometer.yield(22)
    if let (value, symbol) = await readings.next() { print("combineLatest:", "\(value)\(symbol)") }
    thermometer.finish()
    unitPicker.finish()
  }
}
