// Combine's `send` is synchronous; Signal's is async (it waits while a subscriber's buffer is
// full) and `trySend` is the synchronous spelling. Signal cannot add a synchronous `send` that
// points there: an unavailable one is never chosen, and Swift ranks top-level code (main.swift)
// as synchronous, so an available one would be chosen over the async `send` in
// `await subject.send(x)` at top level, the README tour's own line (SynchronousSendOverloads.swift
// shows each shape). From a synchronous function, `send` is the compiler's "'async' call in a
// function that does not support concurrency"; `send`'s documentation names `trySend`.
import Signal

let events = PassthroughSubject<String, Never>()
let subscription = events.sink { print($0) }
await events.send("hello")
await events.send(completion: .finished)

func typed(_ text: String) {
  events.send(text)  // expect-error: 'async' call in a function that does not support concurrency
  events.trySend(text)
}

func typedAsync(_ text: String) async {
  await events.send(text)
  await events.send(completion: .finished)
}
