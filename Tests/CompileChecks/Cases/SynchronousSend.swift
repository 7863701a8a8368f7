// Combine's `send` is synchronous; Signal's is async (back-pressure) and `trySend` is the
// synchronous spelling. From synchronous code, `send` warns with that name; completing needs no
// `await`; from an async closure that forgot `await`, the message says to add it.
import Signal

let events = PassthroughSubject<String, Never>()

func typed(_ text: String) {
  events.send(text)  // expect-warning: from synchronous code call trySend(_:)
  events.trySend(text)
  events.send(completion: .finished)
}

func typedAsync(_ text: String) async {
  await events.send(text)
  await events.send(completion: .finished)
}

Task {
  events.send("hello")  // expect-error: write await subject.send(value)
}
