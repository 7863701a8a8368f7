import Signal

extension Publisher {
  /// This publisher with every subscription counted by `probe`, from `makeAsyncIterator()`
  /// until the iterator is released.
  public func probed(by probe: SubscriptionProbe) -> Probed<Self> {
    Probed(base: self, probe: probe)
  }
}

/// A publisher whose subscriptions a ``SubscriptionProbe`` counts: see ``Publisher/probed(by:)``.
public struct Probed<Base: Publisher>: Publisher {
  public typealias Output = Base.Output
  public typealias Failure = Base.Failure

  public let base: Base
  public let probe: SubscriptionProbe

  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), token: probe.subscribed())
  }

  public struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let token: SubscriptionProbe.Token

    public mutating func next() async throws(Failure) -> Output? {
      try await next(isolation: nil)
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      try await base.next(isolation: actor)
    }
  }
}
