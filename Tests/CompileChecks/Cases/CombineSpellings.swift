// Combine spellings a porter types first: each fails with a message that names the Signal way.
import Dispatch
import Signal

let numbers = PassthroughSubject<Int, Never>()

_ = numbers.receive(on: DispatchQueue.main)  // expect-error: deliver on an actor with sink(on:
_ = numbers.subscribe(on: DispatchQueue.global())  // expect-error: a publisher runs in the task
_ = numbers.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)  // expect-error: debounce takes a Clock
_ = numbers.debounce(for: 0.3, scheduler: DispatchQueue.main)  // expect-error: debounce takes a Clock
_ = numbers.throttle(for: .seconds(1), scheduler: DispatchQueue.main, latest: true)  // expect-error: throttle takes
_ = numbers.delay(for: .seconds(1), scheduler: DispatchQueue.main)  // expect-error: delay takes a Clock
_ = numbers.timeout(.seconds(5), scheduler: DispatchQueue.main)  // expect-error: timeout takes a Clock

final class Badge {
  var count = 0
  var title = ""
}
let badge = Badge()
_ = numbers.assign(to: \.count, on: badge)  // expect-error: use sink on the object's actor
var mirror = 0
numbers.assign(to: &mirror)  // expect-error: Signal has no @Published

final class SearchModel {
  @Published var query = ""  // expect-error: Signal has no @Published: use a CurrentValueSubject
}
