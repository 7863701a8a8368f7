extension Sequence where Element: Sendable {
  /// Performs `perform` on every element, at most `maxConcurrent` at once, and emits exactly one
  /// `(index, outcome)` per element: the closure form of
  /// ``Performable/publisher(for:retries:clock:when:maxConcurrent:ordering:)``, for work that needs no type of
  /// its own.
  ///
  /// ```swift
  /// let pids = [12, 40, 7]
  /// for await (index, output) in pids.publisher(maxConcurrent: 4) { pid in await quotes.quote(pid) } {
  ///   show(output.value, for: pids[index])
  /// }
  /// // A throwing closure names its failure type, which the outcomes carry:
  /// let images = urls.publisher { (url) async throws(ImageLoadError) in try await loader.image(at: url) }
  /// ```
  ///
  /// - Parameters:
  ///   - retries: How a failed element is performed again: ``RetryPolicy/never`` (the default),
  ///     or a count with a ``Backoff`` between attempts, measured on `clock`.
  ///   - clock: The clock the backoff waits on; a `TestClock` (SignalTesting) in tests.
  ///   - decide: Asked about each failure while retries are left: retry it (the default) or
  ///     deliver it now (``RetryDecision/fail``).
  ///   - maxConcurrent: The most elements performed at once (default 8; below 1 counts as 1).
  ///   - ordering: `.completion` (the default) delivers outcomes as elements complete; `.index`
  ///     delivers them in index order.
  ///   - perform: The work for one element; a thrown error is that element's `.failure` outcome,
  ///     never the end of the stream.
  ///
  /// The elements are read once, when the publisher is made. Each subscription performs every
  /// element again; cancelling the consuming task (or dropping its iterator) cancels the running
  /// work, starts no more, and (as for every many-producer operator) its `next()` returns only once
  /// the running work has returned.
  ///
  /// Why a method on the items rather than a free `publisher(for:)` function: it is found where
  /// the items are (as ``Swift/Sequence/publisher`` is), it adds no global name, and a free
  /// function would be hidden inside every type that has a `publisher(for:)` member of its own
  /// (every ``Performable``, and loaders that wrap the fan-in), where the compiler looks no further.
  @inlinable
  public func publisher<Output: Sendable, Failure: Error>(
    retries: RetryPolicy = .never,
    clock: some Clock<Duration> = ContinuousClock(),
    when decide: @escaping @Sendable (Failure) -> RetryDecision = { _ in .retry },
    maxConcurrent: Int = 8,
    ordering: FanInOrdering = .completion,
    perform: @escaping @Sendable (Element) async throws(Failure) -> Output
  ) -> Publishers.FanIn<PerformableClosure<Output, Failure>> {
    let work = map { element in PerformableClosure { () async throws(Failure) in try await perform(element) } }
    return Publishers.FanIn(
      items: work, retries: retries, clock: clock, when: decide, maxConcurrent: maxConcurrent, ordering: ordering)
  }
}
