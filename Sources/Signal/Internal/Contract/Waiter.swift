/// A parked task: a consumer waiting for a value, a producer waiting for room, a timer waiting
/// for a deadline, a sender waiting for a subscriber to drain.
///
/// A wake-up carries no payload. The woken task takes its storage's lock again and reads the
/// state, so one continuation type serves every party of every operator, and a state machine
/// decides everything under its lock whatever the woken task will find.
@usableFromInline
typealias Waiter = UnsafeContinuation<Void, Never>
