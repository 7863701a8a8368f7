import Signal

/// A hot upstream for the contract: a `PassthroughSubject`'s values with a chosen buffering
/// policy, whose every subscription is counted by a ``SubscriptionProbe`` from the moment it is
/// made (`makeAsyncIterator()`) until its iterator is released.
public struct ProbedUpstream: Publisher {
  public typealias Output = Int
  public typealias Failure = ContractError

  public let subject: PassthroughSubject<Int, ContractError>
  public let policy: BufferingPolicy
  public let probe: SubscriptionProbe

  public init(policy: BufferingPolicy = .default, probe: SubscriptionProbe = SubscriptionProbe()) {
    subject = PassthroughSubject()
    self.policy = policy
    self.probe = probe
  }

  public func makeAsyncIterator() -> Probed<SubjectValues<Int, ContractError>>.Iterator {
    subject.values(buffering: policy).probed(by: probe).makeAsyncIterator()
  }
}
