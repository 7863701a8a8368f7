/// A unit of asynchronous work that produces an output or a typed failure.
///
/// Conforming types get a cold ``publisher`` (each subscription performs the work)
/// and the indexed fan-in ``publisher(for:retries:maxConcurrent:ordering:)``, which
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
