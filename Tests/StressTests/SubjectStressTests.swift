import Synchronization
import Testing

@testable import Signal

private let scale = StressScale.factor

/// A value tagged with its sender, so order can be checked per sender.
private struct Tagged: Sendable, Equatable {
  let sender: Int
  let sequence: Int
}

/// What one subscriber saw, and whether it was allowed to lose values.
private struct Observation: Sendable {
  let lossless: Bool
  let leftEarly: Bool
  let values: [Tagged]
}

/// `true` when, for every sender, the sequence numbers only increase (nothing duplicated or reordered).
private func isOrderedPerSender(_ values: [Tagged], senders: Int) -> Bool {
  var last = [Int](repeating: -1, count: senders)
  for value in values {
    guard value.sequence > last[value.sender] else { return false }
    last[value.sender] = value.sequence
  }
  return true
}

/// Waits (yielding, bounded) for everything created in `scope` to be released.
private func settle(_ scope: CensusScope) async {
  let deadline = ContinuousClock.now + .seconds(10)
  while !scope.isQuiet, ContinuousClock.now < deadline { await Task.yield() }
}

@Suite struct SubjectStressTests {
  @Test func concurrentSendersAndSubscribersWithRandomCancellation() async throws {
    for _ in 0..<(8 * scale) {
      let scope = CensusScope()
      try await Census.$scope.withValue(scope) {
        try await runRound()
      }
      await settle(scope)
      #expect(scope.liveObjects.load(ordering: .acquiring) == 0)
      #expect(scope.parkedContinuations.load(ordering: .acquiring) == 0)
    }
  }

  private func runRound() async throws {
    let senderCount = 3
    let valuesPerSender = 300
    let subject = PassthroughSubject<Tagged, Never>()
    let (ready, signal) = AsyncStream.makeStream(of: Void.self)

    var subscribers: [Task<Observation, Never>] = []
    for index in 0..<8 {
      let policy: BufferingPolicy
      switch index % 4 {
      case 0, 1: policy = .suspend(Int.random(in: 1...8))
      case 2: policy = .dropOldest(Int.random(in: 1...8))
      default: policy = .dropNewest(Int.random(in: 1...8))
      }
      // Half the subscribers leave early: their task cancels itself after a random number of values.
      let leaveAfter = index >= 4 ? Int.random(in: 0...(senderCount * valuesPerSender)) : nil
      subscribers.append(
        Task {
          var iterator = subject.values(buffering: policy).makeAsyncIterator()
          signal.yield()
          var values: [Tagged] = []
          while let value = await iterator.next() {
            values.append(value)
            if let leaveAfter, values.count >= leaveAfter { withUnsafeCurrentTask { $0?.cancel() } }
          }
          return Observation(lossless: index % 4 < 2, leftEarly: leaveAfter != nil, values: values)
        })
    }
    var readyIterator = ready.makeAsyncIterator()
    for _ in subscribers { await readyIterator.next() }

    // Sender 0 is cancelled midway: what it then fails to deliver is dropped for every subscriber alike.
    let senders = (0..<senderCount).map { sender in
      Task {
        for sequence in 0..<valuesPerSender {
          await subject.send(Tagged(sender: sender, sequence: sequence))
          if sender == 0, sequence == valuesPerSender / 2 { withUnsafeCurrentTask { $0?.cancel() } }
        }
      }
    }
    for sender in senders { await sender.value }
    await subject.send(completion: .finished)

    var observations: [Observation] = []
    for subscriber in subscribers { observations.append(await subscriber.value) }
    for observation in observations {
      #expect(isOrderedPerSender(observation.values, senders: senderCount))
    }
    let stayed = observations.filter { $0.lossless && !$0.leftEarly }
    let reference = try #require(stayed.first).values
    for observation in stayed {
      #expect(observation.values == reference)
    }
    // Senders that were not cancelled delivered everything to the lossless subscribers.
    for sender in 1..<senderCount {
      #expect(reference.filter { $0.sender == sender }.map(\.sequence) == Array(0..<valuesPerSender))
    }
    // Lossless early leavers saw, per sender, a prefix of what the others saw.
    for observation in observations where observation.lossless && observation.leftEarly {
      for sender in 0..<senderCount {
        let seen = observation.values.filter { $0.sender == sender }
        let all = reference.filter { $0.sender == sender }
        #expect(Array(all.prefix(seen.count)) == seen)
      }
    }
  }

  @Test func subscribersComingAndGoingWhileASenderIsBlocked() async {
    for _ in 0..<(20 * scale) {
      let scope = CensusScope()
      await Census.$scope.withValue(scope) {
        let subject = ReplaySubject<Int, Never>(bufferSize: 4)
        var survivor = subject.values(buffering: .suspend(2)).makeAsyncIterator()
        let sender = Task {
          for value in 0..<500 { await subject.send(value) }
          await subject.send(completion: .finished)
        }
        // Short-lived suspend(1) subscribers keep blocking the sender, then vanish (dropped or cancelled).
        let churn = Task {
          await withTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
              group.addTask {
                var iterator = subject.values(buffering: .suspend(1)).makeAsyncIterator()
                for _ in 0..<Int.random(in: 0...20) {
                  guard await iterator.next() != nil else { return }
                  if index.isMultiple(of: 3) { withUnsafeCurrentTask { $0?.cancel() } }
                }
              }
            }
          }
        }
        var received: [Int] = []
        while let value = await survivor.next() { received.append(value) }
        #expect(received == Array(0..<500))
        await churn.value
        await sender.value
      }
      await settle(scope)
      #expect(scope.isQuiet)
    }
  }

  /// The subject's one `.suspend` subscriber reads its lane without the lock while three senders append to it under
  /// the lock, a small capacity making it fill and drain all the time; in some rounds a second subscriber comes and
  /// goes, in others the reader leaves early. Nothing is lost, duplicated or reordered, and every value is released
  /// exactly once (a value left in the lane goes with it).
  @Test func theLaneReaderAgainstConcurrentSendersLosesAndLeaksNothing() async {
    let live = LiveValues()
    for round in 0..<(20 * scale) {
      let scope = CensusScope()
      await Census.$scope.withValue(scope) {
        await runLaneRound(round, live: live)
      }
      await settle(scope)
      #expect(scope.isQuiet)
    }
    #expect(live.count == 0, "values not released (or released twice) by the lane")
  }

  private func runLaneRound(_ round: Int, live: LiveValues) async {
    let senderCount = 3
    let valuesPerSender = 400
    let subject = PassthroughSubject<CountedValue, Never>()
    let capacity = Int.random(in: 1...8)
    let leaveAfter = round % 3 == 1 ? Int.random(in: 0...(senderCount * valuesPerSender)) : nil
    let (ready, signal) = AsyncStream.makeStream(of: Void.self)
    let reader = Task {
      var iterator = subject.values(buffering: .suspend(capacity)).makeAsyncIterator()
      signal.yield()
      var values: [Tagged] = []
      while let value = await iterator.next() {
        values.append(value.tag)
        if let leaveAfter, values.count >= leaveAfter { withUnsafeCurrentTask { $0?.cancel() } }
      }
      return values
    }
    var readyIterator = ready.makeAsyncIterator()
    await readyIterator.next()
    // Every third round a second `.suspend` subscriber reads the log for a while, then leaves.
    let visitor: Task<Void, Never>? =
      round % 3 == 2
      ? Task {
        var iterator = subject.values(buffering: .suspend(capacity)).makeAsyncIterator()
        for _ in 0..<Int.random(in: 0...300) {
          guard await iterator.next() != nil else { return }
        }
      } : nil
    let senders = (0..<senderCount).map { sender in
      Task {
        for sequence in 0..<valuesPerSender {
          await subject.send(CountedValue(Tagged(sender: sender, sequence: sequence), live: live))
        }
      }
    }
    for sender in senders { await sender.value }
    await subject.send(completion: .finished)
    await visitor?.value
    let values = await reader.value
    #expect(isOrderedPerSender(values, senders: senderCount))
    if leaveAfter == nil {
      for sender in 0..<senderCount {
        #expect(values.filter { $0.sender == sender }.map(\.sequence) == Array(0..<valuesPerSender))
      }
    }
  }

  @Test func sinksTakingRunsWhileTheyAreCancelledFromInsideAndOutside() async throws {
    for _ in 0..<(8 * scale) {
      let scope = CensusScope()
      try await Census.$scope.withValue(scope) {
        try await runSinkRound()
      }
      await settle(scope)
      #expect(scope.isQuiet)
    }
  }

  /// `sink`s on one subject take values in runs (a `.suspend` subscriber's batch) and hand them over
  /// without an `await` each; meanwhile some cancel themselves from inside `receiveValue` and others
  /// are cancelled from another task. A sink stops at once (a self-cancelled one gets nothing after its
  /// count; one cancelled from outside at most the value that was past its check), and the sinks that stay
  /// see everything in order.
  private func runSinkRound() async throws {
    let senderCount = 2
    let valuesPerSender = 2_000
    let subject = PassthroughSubject<Tagged, Never>()
    let sinkCount = 12
    let logs = (0..<sinkCount).map { _ in SinkLog() }
    let (finished, finish) = AsyncStream.makeStream(of: Int.self)
    var tokens: [AnyCancellable] = []
    // 0..<4 stay; 4..<8 cancel themselves after a random count; 8..<12 are cancelled from outside.
    let leaveAfter = (0..<sinkCount).map { index in
      (4..<8).contains(index) ? Int.random(in: 1...(senderCount * valuesPerSender)) : nil
    }
    for index in 0..<sinkCount {
      let log = logs[index]
      let leaveAfter = leaveAfter[index]
      let policy: BufferingPolicy = index.isMultiple(of: 2) ? .default : .suspend(Int.random(in: 1...16))
      let token = Lock<AnyCancellable?>(nil)
      let cancellable = subject.values(buffering: policy).sink { _ in
        finish.yield(index)
      } receiveValue: { value in
        log.receive(value)
        if let leaveAfter, log.count == leaveAfter {
          token.withLock { $0 }?.cancel()
          log.markCancelled()
        }
      }
      token.withLock { $0 = cancellable }
      tokens.append(cancellable)
    }
    let senders = (0..<senderCount).map { sender in
      Task {
        for sequence in 0..<valuesPerSender { await subject.send(Tagged(sender: sender, sequence: sequence)) }
      }
    }
    let outside = tokens
    let canceller = Task {
      for index in 8..<sinkCount {
        for _ in 0..<Int.random(in: 0...200) { await Task.yield() }
        outside[index].cancel()
        logs[index].markCancelled()
      }
    }
    for sender in senders { await sender.value }
    await canceller.value
    await subject.send(completion: .finished)
    var finishedSinks: Set<Int> = []
    for await index in finished {
      finishedSinks.insert(index)
      if finishedSinks.count == 4 { break }
    }
    #expect(finishedSinks == [0, 1, 2, 3])
    let reference = logs[0].values
    for sender in 0..<senderCount {
      #expect(reference.filter { $0.sender == sender }.map(\.sequence) == Array(0..<valuesPerSender))
    }
    for (index, log) in logs.enumerated() {
      #expect(isOrderedPerSender(log.values, senders: senderCount))
      // A value whose cancellation check passed just before `cancel()` returned may still arrive (it is past
      // the check); the one after it may not.
      #expect(log.receivedAfterCancel <= 1, "sink \(index) got values after its cancel() returned")
      if index < 4 { #expect(log.values == reference) }
      if let leaveAfter = leaveAfter[index] { #expect(log.count == leaveAfter) }
    }
    withExtendedLifetime(tokens) {}
  }
}

/// What one sink of ``SubjectStressTests`` received, and whether anything came after its `cancel()` returned.
private final class SinkLog: Sendable {
  private let state = Lock((values: [Tagged](), cancelled: false, receivedAfterCancel: 0))

  func receive(_ value: Tagged) {
    state.withLock { state in
      if state.cancelled { state.receivedAfterCancel += 1 }
      state.values.append(value)
    }
  }

  /// Called right after `cancel()` returned.
  func markCancelled() { state.withLock { $0.cancelled = true } }

  var values: [Tagged] { state.withLock { $0.values } }
  var count: Int { state.withLock { $0.values.count } }
  var receivedAfterCancel: Int { state.withLock { $0.receivedAfterCancel } }
}

/// How many ``CountedValue``s exist.
private final class LiveValues: Sendable {
  private let live = Atomic(0)
  var count: Int { live.load(ordering: .acquiring) }
  func add(_ delta: Int) { live.add(delta, ordering: .relaxed) }
}

/// A value that counts itself in ``LiveValues`` while it exists, to catch one released twice or never.
private final class CountedValue: Sendable {
  let tag: Tagged
  let live: LiveValues

  init(_ tag: Tagged, live: LiveValues) {
    self.tag = tag
    self.live = live
    live.add(1)
  }

  deinit { live.add(-1) }
}
