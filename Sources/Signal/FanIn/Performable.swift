/// A unit of asynchronous work that produces an output or a typed failure.
///
/// Conforming types get a cold ``publisher`` (each subscription performs the work)
/// and the indexed fan-in ``publisher(for:retries:clock:when:maxConcurrent:ordering:)``, which
/// runs many items with bounded concurrency and delivers each outcome tagged with
/// its index. The tree-hole client's requests refine this protocol.
///
/// ```swift
/// struct Square: Performable {
///   let n: Int
///   func perform() async -> Int { n * n }
/// }
/// for await (index, output) in Square.publisher(for: [Square(n: 2), Square(n: 3)]) {
///   print(index, output.value!)
/// }
/// ```
public protocol Performable: Sendable {
  /// What the work produces.
  associatedtype Output: Sendable
  /// How the work fails.
  associatedtype Failure: Error

  /// Does the work once. Called again for every subscription and every retry.
  func perform() async throws(Failure) -> Output
}

extension Performable {
  /// A cold publisher that performs this work once per subscription: it emits the output and
  /// finishes, or fails with the work's error.
  ///
  /// ```swift
  /// for try await post in FetchPost(id: 42).publisher { show(post) }
  /// ```
  @inlinable
  public var publisher: Publishers.Perform<Self> {
    Publishers.Perform(self)
  }

  /// Performs every item, at most `maxConcurrent` at once, and emits exactly one
  /// `(index, outcome)` per item; a failed item is an outcome, never the end of the stream.
  ///
  /// - Parameters:
  ///   - items: The work; the stream finishes at once when it is empty.
  ///   - retries: How many more times a failed item is performed before its failure is
  ///     delivered, and how long each retry waits (by default none; see ``RetryPolicy``).
  ///   - clock: The clock the waits between retries run on.
  ///   - decide: Asked about each failure while retries are left: ``RetryDecision/retry`` (the
  ///     default, after the policy's backoff), ``RetryDecision/retryAfter(_:)`` or
  ///     ``RetryDecision/fail`` (deliver the failure now: a "not found" that no retry can fix).
  ///   - maxConcurrent: The most items performed at once. The default, 8, keeps a handful of
  ///     requests in flight without flooding a server; below 1 counts as 1.
  ///   - ordering: `.completion` (the default) delivers outcomes as items complete; `.index`
  ///     delivers them in index order.
  ///
  /// Each subscription performs everything again. Cancelling the consuming task (or dropping
  /// its iterator) cancels the running items and starts no more.
  ///
  /// ```swift
  /// let backoff = Backoff.exponential(initial: .milliseconds(200), maximum: .seconds(2)).jittered()
  /// for await (index, output) in FetchPost.publisher(for: requests, retries: .upTo(2, backoff: backoff)) {
  ///   switch output {
  ///   case .success(let post): rows[index] = .loaded(post)
  ///   case .failure(let error): rows[index] = .failed(error)
  ///   }
  /// }
  /// ```
  ///
  /// Retry only what a retry can fix:
  ///
  /// ```swift
  /// let posts = FetchPost.publisher(for: requests, retries: .upTo(3), when: { error in
  ///   error == .notFound ? .fail : .retry   // a 404 is final; a timeout is worth another try
  /// })
  /// ```
  ///
  /// A worker waits out an item's backoff before it performs the item again, so a retry
  /// keeps its place in the concurrency bound.
  @inlinable
  public static func publisher(
    for items: [Self],
    retries: RetryPolicy = .never,
    clock: some Clock<Duration> = ContinuousClock(),
    when decide: @escaping @Sendable (Failure) -> RetryDecision = { _ in .retry },
    maxConcurrent: Int = 8,
    ordering: FanInOrdering = .completion
  ) -> Publishers.FanIn<Self> {
    Publishers.FanIn(
      items: items, retries: retries, clock: clock, when: decide, maxConcurrent: maxConcurrent, ordering: ordering)
  }

  /// ``publisher(for:retries:clock:when:maxConcurrent:ordering:)`` retrying a failed item at once,
  /// up to `retries` times (below 0 counts as 0), when `decide` says so.
  ///
  /// ```swift
  /// for await (index, output) in FetchPost.publisher(for: requests, retries: 2) { rows[index] = output }
  /// let final = FetchPost.publisher(for: requests, retries: 2, when: { $0 == .notFound ? .fail : .retry })
  /// ```
  @inlinable
  public static func publisher(
    for items: [Self],
    retries: Int,
    when decide: @escaping @Sendable (Failure) -> RetryDecision = { _ in .retry },
    maxConcurrent: Int = 8,
    ordering: FanInOrdering = .completion
  ) -> Publishers.FanIn<Self> {
    Publishers.FanIn(items: items, retries: retries, when: decide, maxConcurrent: maxConcurrent, ordering: ordering)
  }
}
