/// Combine's `@Published`: unavailable in Signal, which keeps state in subjects or in
/// `@Observable` models.
///
/// - A value with a publisher of its changes: a ``CurrentValueSubject``, whose `value` you read,
///   which `trySend(_:)` (or `await send(_:)`) writes, and which you subscribe to as a publisher.
/// - A view model's state that a UI observes: an `@Observable` class (the Observation module), and
///   ``Publishers/Observe`` where a publisher of that state is needed.
///
/// ```swift
/// @MainActor final class SearchModel {
///   let query = CurrentValueSubject<String, Never>("")   // was: @Published var query = ""
///   func typed(_ text: String) { query.trySend(text) }
/// }
/// ```
@available(
  *, unavailable,
  message:
    "Signal has no @Published: use a CurrentValueSubject (read .value, trySend or await send to write, subscribe to it), or an @Observable class and Publishers.Observe (see Coming from Combine)"
)
@propertyWrapper
public struct Published<Value> {
  /// Unavailable: see ``Published``.
  public init(wrappedValue: Value) {
    fatalError("unavailable")
  }

  /// Unavailable: see ``Published``.
  public var wrappedValue: Value {
    get { fatalError("unavailable") }
    set { fatalError("unavailable") }
  }
}
