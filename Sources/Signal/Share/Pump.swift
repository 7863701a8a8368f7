/// Feeds one upstream subscription (made when the subscriber subscribed) into a subject: the single loop behind ``Publishers/Share``,
/// ``Publishers/Buffer`` (through `Share`) and ``Publishers/Multicast/connect()``.
///
/// The subject does the fan-out: each subscriber's bounded buffer, its policy, and the
/// back-pressure that suspends this loop while a `.suspend` subscriber is full.
@usableFromInline
enum Pump {
  /// Sends every upstream value to `subject` until the upstream ends or the calling task is
  /// cancelled. Returns the upstream's completion without sending it, so the caller can
  /// update its own state first; `nil` when cancelled (nobody is left to tell).
  ///
  /// Inlinable so that the loop is specialized for the client's upstream type: unspecialized,
  /// every `next()` and `send` would go through witness tables.
  @inlinable
  static func run<Upstream: Publisher, Target: Subject>(
    _ subscription: UpstreamSubscription<Upstream>,
    into subject: Target
  ) async -> Completion<Upstream.Failure>?
  where Target.Output == Upstream.Output, Target.Failure == Upstream.Failure {
    // `nil`: the connection ended before the pump started, and released the subscription.
    guard var iterator = subscription.take() else { return nil }
    do throws(Upstream.Failure) {
      while let value = try await iterator.next(isolation: nil) {
        await subject.send(value)
        if Task.isCancelled {
          // One more request lets the upstream see the cancellation and clean up (Signal's
          // iterators then end with nil), without spinning on one that ignores it.
          _ = try? await iterator.next(isolation: nil)
          return nil
        }
      }
    } catch {
      return Task.isCancelled ? nil : .failure(error)
    }
    // Upstream iterators end with nil when their task is cancelled: that is not a completion.
    return Task.isCancelled ? nil : .finished
  }
}
