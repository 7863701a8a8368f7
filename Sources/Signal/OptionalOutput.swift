/// The outcome of one unit of work: a value or a typed failure.
///
/// Where `Result` ends a stream when it fails, `OptionalOutput` carries a failure as an
/// ordinary value, so one failed item in a fan-in never ends the stream:
///
/// ```swift
/// for await (index, output) in DetailRequest.publisher(for: requests) {
///   switch output {
///   case .success(let post): show(post, at: index)
///   case .failure(let error): showError(error, at: index)
///   }
/// }
/// ```
@frozen
public enum OptionalOutput<Output, Failure: Error> {
  /// The work produced a value.
  case success(Output)
  /// The work failed.
  case failure(Failure)

  /// Runs `body` and captures its value or its error.
  ///
  /// ```swift
  /// let output = await OptionalOutput { () async throws(FetchError) in try await fetch(id) }
  /// ```
  @inlinable
  public init(catching body: () async throws(Failure) -> Output) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// Converts a `Result`.
  @inlinable
  public init(_ result: Result<Output, Failure>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(error)
    }
  }

  /// The value, or `nil` on failure.
  @inlinable
  public var value: Output? {
    if case .success(let value) = self { return value }
    return nil
  }

  /// The error, or `nil` on success.
  @inlinable
  public var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }

  /// Returns the value or throws the error.
  @inlinable
  public func get() throws(Failure) -> Output {
    switch self {
    case .success(let value): return value
    case .failure(let error): throw error
    }
  }

  /// The same outcome as a `Result`.
  @inlinable
  public var result: Result<Output, Failure> {
    switch self {
    case .success(let value): return .success(value)
    case .failure(let error): return .failure(error)
    }
  }

  /// Transforms the value, keeping a failure as it is.
  @inlinable
  public func map<NewOutput>(_ transform: (Output) throws(Failure) -> NewOutput) throws(Failure)
    -> OptionalOutput<NewOutput, Failure>
  {
    switch self {
    case .success(let value): return .success(try transform(value))
    case .failure(let error): return .failure(error)
    }
  }
}

extension OptionalOutput: Sendable where Output: Sendable, Failure: Sendable {}
extension OptionalOutput: Equatable where Output: Equatable, Failure: Equatable {}
extension OptionalOutput: Hashable where Output: Hashable, Failure: Hashable {}

extension Result {
  /// Converts an ``OptionalOutput``.
  @inlinable
  public init(_ output: OptionalOutput<Success, Failure>) {
    self = output.result
  }
}
