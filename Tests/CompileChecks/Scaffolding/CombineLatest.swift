// What CombineLatest.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

let name = CurrentValueSubject<String, Never>("")
let email = CurrentValueSubject<String, Never>("")
let acceptedTerms = CurrentValueSubject<Bool, Never>(false)
let switches = [CurrentValueSubject<Bool, Never>(false), CurrentValueSubject<Bool, Never>(true)]

@MainActor final class Button {
  var isEnabled = false
}

@MainActor let submit = Button()
