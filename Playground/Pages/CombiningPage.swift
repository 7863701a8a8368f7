import Signal
import SignalTesting

/// Combining: flatMap, switchToLatest, zip, combineLatest, withLatestFrom and the untilOutputFrom gates.
enum CombiningPage: PlaygroundPage {
  static let name = "combining"
  static let summary =
    "flatMap(maxPublishers:), switchToLatest/flatMapLatest, zip, combineLatest, withLatestFrom, prefix/drop(untilOutputFrom:)"

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

    // withLatestFrom: each tap takes the latest query; a tap before the first query is dropped.
    // (TestSource hands each event over in lock step, so the order printed is the order sent.)
    let taps = TestSource<Int, Never>()
    let query = TestSource<String, Never>()
    let searches = Recorder(taps.withLatestFrom(query) { tap, text in "tap \(tap): \(text)" })
    await taps.send(1)
    await query.send("swift")
    await taps.send(2)
    await query.send("signal")
    await taps.send(3)
    await taps.send(completion: .finished)
    print("withLatestFrom:", await searches.remaining().compactMap { if case .value(let v) = $0 { v } else { nil } })

    // prefix(untilOutputFrom:) stops at the trigger's first value; drop(untilOutputFrom:) starts there.
    for dropping in [false, true] {
      let ticks = TestSource<Int, Never>()
      let trigger = TestSource<Void, Never>()
      let gated =
        dropping
        ? Recorder(ticks.drop(untilOutputFrom: trigger).eraseToAnyPublisher())
        : Recorder(ticks.prefix(untilOutputFrom: trigger).eraseToAnyPublisher())
      await ticks.send(1)
      await trigger.send(())
      await ticks.send(2)
      await ticks.send(completion: .finished)
      let values = await gated.remaining().compactMap { if case .value(let v) = $0 { v } else { nil } }
      print(dropping ? "drop(untilOutputFrom:):" : "prefix(untilOutputFrom:):", values)
    }
  }
}
