/// A publisher whose few values all exist when it is subscribed: iterating it never waits, and it ends
/// after at most one value (`Just`, `Empty`, `Fail`). An operator may run one in the task that subscribed
/// it instead of handing it to a task of its own: `flatMap` does, for inner publishers of such a type,
/// since running one cannot hold up the next.
///
/// Not for publishers of sequences, which may be endless.
///
/// ```swift
/// numbers.flatMap(maxPublishers: .max(8)) { Just($0 * 2) }  // no worker task: the puller runs each Just
/// ```
public protocol _ImmediatePublisher: Publisher {}

extension Just: _ImmediatePublisher {}
extension Empty: _ImmediatePublisher {}
extension Fail: _ImmediatePublisher {}
extension Publishers.SetFailureType: _ImmediatePublisher where Upstream: _ImmediatePublisher {}
extension Publishers.Map: _ImmediatePublisher where Upstream: _ImmediatePublisher {}
