import Signal
import Synchronization

/// share, multicast, buffer and sink(on:): one upstream for many, decoupling, actor delivery.
enum SharingPage: PlaygroundPage {
  static let name = "sharing"
  static let summary = "share(replay:), multicast + connect, buffer and sink(on: MainActor.shared)"

  static func run() async {
    // share(): every subscriber made before the first next() sees every value of ONE subscription.
    let subscriptions = SubscriptionCounter()
    let expensive = Deferred {
      subscriptions.increment()
      return (1...5).publisher.map { $0 * 10 }
    }
    let shared = expensive.share()
    var first = shared.makeAsyncIterator()
    var second = shared.makeAsyncIterator()
    let reader = Task {
      var seen: [Int] = []
      while let value = await second.next() { seen.append(value) }
      return seen
    }
    var seen: [Int] = []
    while let value = await first.next() { seen.append(value) }
    print("share(): both saw", seen, await reader.value, "from", subscriptions.value, "subscription")

    // After the upstream completed, the next subscriber starts it again.
    print("share() after completion restarts:", await shared.allValues(), "subscriptions:", subscriptions.value)

    // share(replay:): a late subscriber first gets the latest values of the running upstream.
    let (stream, input) = AsyncStream.makeStream(of: String.self)
    let status = stream.publisher.share(replay: 1)
    var early = status.makeAsyncIterator()
    input.yield("connecting")
    _ = await early.next()
    input.yield("online")
    _ = await early.next()
    var late = status.makeAsyncIterator()
    input.finish()
    print("share(replay: 1) late subscriber starts with:", await late.next() ?? "nothing")

    // multicast: nothing flows until connect().
    let multicast = (1...3).publisher.multicast { PassthroughSubject<Int, Never>() }
    let subscriber = multicast.makeAsyncIterator()
    let collected = Task {
      var iterator = subscriber
      var values: [Int] = []
      while let value = await iterator.next() { values.append(value) }
      return values
    }
    let connection = multicast.connect()
    print("multicast after connect():", await collected.value)
    connection.cancel()

    // buffer: a slow consumer that keeps only the newest 2 of what it missed.
    let (ticks, tick) = AsyncStream.makeStream(of: Int.self)
    var buffered = ticks.publisher.buffer(.dropOldest(2)).makeAsyncIterator()
    tick.yield(0)
    _ = await buffered.next()
    for value in 1...6 { tick.yield(value) }
    tick.finish()
    var kept: [Int] = []
    while let value = await buffered.next() { kept.append(value) }
    print("buffer(.dropOldest(2)) kept:", kept, "(at most 2 behind, ending with the latest)")

    // sink(on: MainActor.shared): closures isolated to the main actor, checked by the compiler.
    let screen = Screen()
    let (done, finished) = AsyncStream.makeStream(of: Void.self)
    let subscription = ["tree", "hole"].publisher.sink(on: MainActor.shared) { title in
      screen.rows.append(title)
      if screen.rows.count == 2 { finished.yield() }
    }
    for await _ in done { break }
    print("sink(on: MainActor.shared) filled the screen:", await screen.rows)
    subscription.cancel()
  }
}

/// Main-actor state, like a view model.
@MainActor private final class Screen {
  var rows: [String] = []
}

/// Counts how often the upstream is subscribed.
private final class SubscriptionCounter: Sendable {
  private let count = Atomic(0)

  func increment() { count.add(1, ordering: .relaxed) }
  var value: Int { count.load(ordering: .relaxed) }
}
