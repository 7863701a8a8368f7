/// A value from the first or the second upstream of a two-upstream `zip` or `combineLatest`.
enum UpstreamValue2<A: Sendable, B: Sendable>: Sendable {
  case first(A)
  case second(B)
}

/// A value from one of the three upstreams of a three-upstream `zip` or `combineLatest`.
enum UpstreamValue3<A: Sendable, B: Sendable, C: Sendable>: Sendable {
  case first(A)
  case second(B)
  case third(C)
}

/// How many values each upstream may have buffered in `zip` and `combineLatest` before it
/// waits: enough to keep the consumer busy between wake-ups, small enough to stay bounded.
let upstreamBufferCapacity = 64
