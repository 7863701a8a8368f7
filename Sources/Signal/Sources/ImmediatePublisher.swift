/// A publisher whose values all exist when it is subscribed: iterating it never waits and always ends
/// (`Just`, `Empty`, `Fail`, a collection's publisher). An operator may run one in the task that
/// subscribed it instead of handing it to a task of its own: `flatMap` does, for inner publishers of
/// such a type, as Combine delivers a synchronous inner publisher's values before it subscribes the
/// next one. (With every inner of that type, no later inner is hot and waiting.)
///
/// Not for publishers of any sequence, which may be endless: only of collections.
///
/// ```swift
/// numbers.flatMap(maxPublishers: .max(8)) { Just($0 * 2) }  // no worker task: the puller runs each Just
/// ```
public protocol _ImmediatePublisher: Publisher {}

extension Just: _ImmediatePublisher {}
extension Empty: _ImmediatePublisher {}
extension Fail: _ImmediatePublisher {}
extension SequencePublisher: _ImmediatePublisher where Base: Collection {}
extension Publishers.SetFailureType: _ImmediatePublisher where Upstream: _ImmediatePublisher {}
extension Publishers.Map: _ImmediatePublisher where Upstream: _ImmediatePublisher {}
