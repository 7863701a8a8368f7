import Testing

/// Runs a suite's tests on ``ThreadPerJobExecutor`` threads instead of Swift's cooperative pool, so tests
/// that block cannot starve the async tests that share the process.
///
/// ```swift
/// @Suite(.offCooperativePool) struct ConnectionTests { @Test func blocks() throws { … } }
/// ```
public struct OffCooperativePool: SuiteTrait, TestTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
  }
}

extension Trait where Self == OffCooperativePool {
  /// See ``OffCooperativePool``.
  public static var offCooperativePool: Self { Self() }
}
