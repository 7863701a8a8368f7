/// Holds every party until all have arrived, so that all subscribers exist before values flow.
public actor StartGate {
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private let parties: Int

  public init(parties: Int) { self.parties = parties }

  public func arriveAndWait() async {
    if waiting.count + 1 == parties {
      let all = waiting
      waiting = []
      for continuation in all { continuation.resume() }
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }
}
