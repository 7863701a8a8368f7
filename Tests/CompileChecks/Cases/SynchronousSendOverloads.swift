// Why Signal has no synchronous `send` overload that names `trySend` (ComingFromCombine.md, "The
// Combine spellings"): the three shapes such an overload can take, on a type of this file's own,
// as Swift 6.3 ranks them. If a later Swift ranks them otherwise, a line here fails, and Signal
// may add the overload.
final class Relay: Sendable {
  func send(_ value: Int) async {}
  func trySend(_ value: Int) {}

  // 1. Unavailable: harmless to async callers, but the type checker ranks a reference to an
  //    unavailable declaration as worse than an async call in a synchronous function, so the
  //    async `send` is still chosen there and its message is unchanged.
  @available(*, unavailable, message: "from synchronous code, use trySend")
  func send(_ value: Int) {}
}

final class DeprecatedRelay: Sendable {
  func send(_ value: Int) async {}

  // 2. Deprecated: names trySend in synchronous functions (a warning, and a real synchronous send),
  //    but top-level code is ranked as synchronous, so `await relay.send(x)` there takes it too.
  @available(*, deprecated, message: "from synchronous code, use trySend")
  func send(_ value: Int) {}
}

final class NoAsyncRelay: Sendable {
  func send(_ value: Int) async {}

  // 3. `noasync`: the same ranking, and top-level code that awaits is asynchronous, so
  //    `await relay.send(x)` at top level becomes an error.
  @available(*, noasync, message: "from synchronous code, use trySend")
  func send(_ value: Int) {}
}

let relay = Relay()
await relay.send(1)
func typed(_ value: Int) {
  relay.send(value)  // expect-error: 'async' call in a function that does not support concurrency
}

let deprecatedRelay = DeprecatedRelay()
await  // expect-warning: no 'async' operations occur within 'await' expression
  deprecatedRelay.send(1)  // expect-warning: from synchronous code, use trySend
func typedToDeprecated(_ value: Int) {
  deprecatedRelay.send(value)  // expect-warning: from synchronous code, use trySend
}

let noAsyncRelay = NoAsyncRelay()
await  // expect-warning: no 'async' operations occur within 'await' expression
  noAsyncRelay.send(1)  // expect-error: unavailable from asynchronous contexts
