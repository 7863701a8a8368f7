/// A hot publisher you push values into: every current subscriber receives what you send.
///
/// Signal's subjects (``PassthroughSubject``, ``CurrentValueSubject``, ``ReplaySubject``)
/// give each subscriber its own bounded buffer with its own ``BufferingPolicy``. Iterating a
/// subject subscribes with ``BufferingPolicy/default``; `values(buffering:)` picks another.
///
/// ```swift
/// func broadcast<S: Subject<Int, Never>>(_ subject: S) async {
///   for n in 1...3 { await subject.send(n) }
///   await subject.send(completion: .finished)
/// }
/// ```
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Delivers `value` to every current subscriber, suspending while a `.suspend` subscriber is full.
  nonisolated(nonsending) func send(_ value: Output) async
  /// Ends the subject for current and future subscribers.
  nonisolated(nonsending) func send(completion: Completion<Failure>) async
}
