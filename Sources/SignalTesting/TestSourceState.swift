import Signal

/// The hand-over state of a ``TestSource``: senders waiting for a request, the request
/// waiting for a sender, and the sender waiting for the request after its value.
struct TestSourceState<Output: Sendable, Failure: Error> {
  typealias Event = TestSourceEvent<Output, Failure>
  typealias Receiver = UnsafeContinuation<Event?, Never>
  /// Resumed with `true` once its event was handed over, `false` if it was dropped.
  typealias Sender = UnsafeContinuation<Bool, Never>

  private var waitingSenders: [(event: Event, sender: Sender)] = []
  private var request: (id: Int, receiver: Receiver)?
  /// The sender whose value was delivered, resumed by the subscriber's next request.
  private var deliveredSender: Sender?
  private var completion: Completion<Failure>?
  private var nextID = 0
  private var liveSubscriptions = 0
  private var everSubscribed = false

  mutating func makeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// Continuations to resume once the lock is released.
  struct Action {
    var receiver: (Receiver, Event?)?
    var senders: [Sender] = []
    var dropped: [Sender] = []

    func perform() {
      for sender in senders { sender.resume(returning: true) }
      for sender in dropped { sender.resume(returning: false) }
      if let (receiver, event) = receiver { receiver.resume(returning: event) }
    }
  }

  mutating func subscribed() {
    liveSubscriptions += 1
    everSubscribed = true
  }

  mutating func send(_ event: Event, sender: Sender) -> Action {
    if completion != nil || (everSubscribed && liveSubscriptions == 0) { return Action(dropped: [sender]) }
    guard let (_, receiver) = request else {
      waitingSenders.append((event, sender))
      return Action()
    }
    request = nil
    return hand(event, from: sender, to: receiver)
  }

  mutating func request(id: Int, receiver: Receiver, isCancelled: Bool) -> Action {
    var action = Action()
    if let sender = deliveredSender {
      deliveredSender = nil
      action.senders.append(sender)
    }
    if let completion {
      action.receiver = (receiver, .completion(completion))
    } else if isCancelled {
      action.receiver = (receiver, nil)
    } else if waitingSenders.isEmpty {
      request = (id, receiver)
    } else {
      let (event, sender) = waitingSenders.removeFirst()
      let handed = hand(event, from: sender, to: receiver)
      action.receiver = handed.receiver
      action.senders += handed.senders
    }
    return action
  }

  mutating func cancelRequest(id: Int) -> Action {
    guard let (requestID, receiver) = request, requestID == id else { return Action() }
    request = nil
    return Action(receiver: (receiver, nil))
  }

  /// A subscription's iterator went away: its sender is released; with no subscription
  /// left, waiting senders are dropped.
  mutating func subscriptionEnded() -> Action {
    liveSubscriptions -= 1
    var action = Action()
    if let sender = deliveredSender {
      deliveredSender = nil
      action.senders.append(sender)
    }
    if liveSubscriptions == 0 {
      action.dropped = waitingSenders.map(\.sender)
      waitingSenders.removeAll()
    }
    return action
  }

  private mutating func hand(_ event: Event, from sender: Sender, to receiver: Receiver) -> Action {
    switch event {
    case .value:
      deliveredSender = sender
      return Action(receiver: (receiver, event))
    case .completion(let completion):
      self.completion = completion
      let senders = [sender] + waitingSenders.map(\.sender)
      waitingSenders.removeAll()
      return Action(receiver: (receiver, event), senders: senders)
    }
  }
}
