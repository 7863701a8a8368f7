/// Why ``withTimeout(_:tolerance:clock:isolation:operation:)`` did not return a value: the
/// deadline passed first, or the operation threw.
///
/// ```swift
/// do {
///   let page = try await withTimeout(.seconds(10)) { () async throws(FetchError) in try await fetch() }
/// } catch {
///   switch error {  // exhaustive, so this compiles in a function that does not throw
///   case .timedOut: showSlowNetworkBanner()
///   case .failed(let fetchError): show(fetchError)
///   }
/// }
/// ```
///
/// The operation's own error keeps its type, so a caller switches over both cases without a
/// cast. For an operation that cannot throw (`Failure == Never`), `.failed` cannot happen.
public enum TimeoutFailure<Failure: Error>: Error {
  /// The deadline passed before the operation finished; the operation was cancelled.
  case timedOut
  /// The operation threw `Failure` before the deadline.
  case failed(Failure)
}

extension TimeoutFailure: Equatable where Failure: Equatable {}
