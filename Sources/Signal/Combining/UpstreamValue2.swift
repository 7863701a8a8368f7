/// A value from the first or the second upstream of a ``Publishers/Combining2``.
@usableFromInline
enum UpstreamValue2<A: Sendable, B: Sendable>: Sendable {
  case first(A)
  case second(B)
}
