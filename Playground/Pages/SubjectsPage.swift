import Observation
import Signal

/// Subjects: hot publishers you send into, each subscriber with its own bounded buffer.
enum SubjectsPage: PlaygroundPage {
  static let name = "subjects"
  static let summary = "PassthroughSubject, CurrentValueSubject, ReplaySubject and buffer policies"

  static func run() async {
    // A subscriber exists from the moment its iterator is made; values sent after that reach it.
    let subject = PassthroughSubject<String, Never>()
    var iterator = subject.makeAsyncIterator()
    let reader = Task {
      var seen: [String] = []
      while let value = await iterator.next() { seen.append(value) }
      return seen
    }
    for word in ["tree", "hole", "signal"] { await subject.send(word) }
    await subject.send(completion: .finished)
    print("passthrough:", await reader.value)

    // CurrentValueSubject holds a value; a new subscriber starts with it.
    let temperature = CurrentValueSubject<Int, Never>(20)
    await temperature.send(22)
    print("current value:", temperature.value)

    // ReplaySubject replays the last N values to late subscribers, then the completion.
    let replay = ReplaySubject<Int, Never>(bufferSize: 2)
    for value in 1...5 { await replay.send(value) }
    await replay.send(completion: .finished)
    print("late subscriber of ReplaySubject(bufferSize: 2):", await replay.allValues())

    // A slow subscriber chooses what happens when it falls behind: here it keeps the newest 2.
    let ticks = PassthroughSubject<Int, Never>()
    var lossy = ticks.values(buffering: .dropOldest(2)).makeAsyncIterator()
    for value in 1...6 { await ticks.send(value) }
    await ticks.send(completion: .finished)
    var kept: [Int] = []
    while let value = await lossy.next() { kept.append(value) }
    print("dropOldest(2) after 6 sends:", kept)

    // Publishers.Create wraps a callback API: this "callback" fires 1000 times at once into a buffer of 4.
    let callbacks = Publishers.Create<Int, Never>(buffering: .dropOldest(4)) { subscriber in
      for value in 1...1000 { subscriber.trySend(value) }
      subscriber.finish()
    }
    print("Create(buffering: .dropOldest(4)) after 1000 callbacks, the last:", (await callbacks.allValues()).suffix(4))

    // Publishers.Observe turns an expression over @Observable models into a publisher of its changes.
    if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
      await observeTally()
    }
  }

  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @MainActor private static func observeTally() async {
    let tally = Tally()
    var totals = Publishers.Observe(buffering: .suspend(4)) { tally.likes - tally.dislikes }.makeAsyncIterator()
    var seen = [await totals.next() ?? 0]
    tally.likes = 3
    seen.append(await totals.next() ?? 0)
    tally.dislikes = 1
    seen.append(await totals.next() ?? 0)
    print("Observe { likes - dislikes } as the tally changes:", seen)
  }
}

/// An @Observable model on the main actor, like a view model.
@MainActor @Observable private final class Tally {
  var likes = 0
  var dislikes = 0
}
