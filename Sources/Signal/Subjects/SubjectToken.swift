/// Identifies one subscriber: its slot and, because slots are reused, its unique id.
@usableFromInline
struct SubjectToken: Sendable {
  @usableFromInline let slot: Int
  @usableFromInline let id: Int

  @inlinable
  init(slot: Int, id: Int) {
    self.slot = slot
    self.id = id
  }
}
