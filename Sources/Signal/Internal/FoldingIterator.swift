/// The loop of every operator that reads its upstream to one answer and may stop before it ends:
/// `count`, `last`, `min`/`max`, `contains`, `allSatisfy` and `ignoreOutput`. (`reduce` loops on its
/// upstream itself: it always reads it to the end.)
///
/// ``fold(isolation:step:end:)`` feeds each value to `step` until it returns an answer (the
/// upstream is then released at once, without pulling another value) or the upstream
/// finishes (then `end()` gives the answer). It answers once: later calls return `nil`. If
/// the iterating task is cancelled, the upstream ends early and the answer would be wrong (a
/// partial count, a `false` from `contains` that never saw the rest), so there is none.
@usableFromInline
struct FoldingIterator<Base: AsyncIteratorProtocol> {
  @usableFromInline var upstream: UpstreamIterator<Base>

  @inlinable
  init(_ base: Base) {
    upstream = UpstreamIterator(base)
  }

  @inlinable @inline(__always)
  mutating func fold<Answer>(
    isolation actor: isolated (any Actor)?,
    step: (Base.Element) -> Answer?,
    end: () -> Answer?
  ) async throws(Base.Failure) -> Answer? {
    guard !upstream.isReleased else { return nil }
    do throws(Base.Failure) {
      while let value = try await upstream.next(isolation: actor) {
        if let answer = step(value) {
          upstream.release()
          return answer
        }
      }
    } catch {
      upstream.release()
      throw error
    }
    upstream.release()
    return Task.isCancelled ? nil : end()
  }
}
