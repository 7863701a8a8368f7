/// What every Signal subject is made of: its shared state, behind the API of
/// ``StorageBackedSubject``. Public only because that protocol names it; it has no API of its own.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()  // holds one SubjectCore
/// ```
public struct SubjectCore<Output: Sendable, Failure: Error>: Sendable {
  @usableFromInline let storage: SubjectStorage<Output, Failure>

  @usableFromInline
  init(replayLimit: Int, initial: [Output], replaysAfterCompletion: Bool) {
    storage = SubjectStorage(replayLimit: replayLimit, initial: initial, replaysAfterCompletion: replaysAfterCompletion)
  }
}
