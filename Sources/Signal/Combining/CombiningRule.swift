/// How a combining publisher (``Publishers/Combining2``, ``Publishers/Combining3``,
/// ``Publishers/CombiningMany``) turns its upstreams' values into outputs: ``Publishers/ZipRule``
/// or ``Publishers/CombineLatestRule``.
///
/// `zip` and `combineLatest` are one publisher family that differs only in this rule, so
/// `Publishers.Zip<A, B>` is `Publishers.Combining2<A, B, Publishers.ZipRule>`. The protocol is
/// public because the rule is part of those types; Signal's two rules are its only conformers.
///
/// ```swift
/// let pairs: Publishers.Zip<SequencePublisher<[Int]>, SequencePublisher<[String]>> =
///   [1, 2].publisher.zip(["a", "b"].publisher)
/// ```
public protocol CombiningRule: Sendable {
  /// `true` when every output uses up one value of each upstream, in order (`zip`); `false`
  /// when an output pairs each new value with the latest of the others (`combineLatest`).
  static var consumesValues: Bool { get }
}
