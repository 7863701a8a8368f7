/// A value from one of the three upstreams of a ``Publishers/Combining3``.
@usableFromInline
enum UpstreamValue3<A: Sendable, B: Sendable, C: Sendable>: Sendable {
  case first(A)
  case second(B)
  case third(C)
}
