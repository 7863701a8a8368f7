// The operators Signal shares with the standard library's `AsyncSequence` terminals (`reduce`,
// `first(where:)`, `contains`, `allSatisfy`, `min`, `max`) are disfavored, so the standard
// library's awaited value wins in async functions and the operator wins wherever a publisher is
// needed (a chain, a type, a `for await`, an argument). One case is left: an untyped binding
// where Swift ranks the code as synchronous. That includes top-level code (main.swift): the
// type checker treats it as synchronous although it may `await`
// (`ConstraintSystem::isAsynchronousContext` knows only functions and closures), so there
// `let total = await numbers.reduce(0, +)` would silently bind the publisher. No overload set
// can tell top-level code from a synchronous function, so the overloads below, tied with the
// operators there and usable nowhere else (their result is no publisher), make every such
// binding a compile error ("ambiguous use of 'reduce'") instead of a silent publisher: write its
// type (`let total: Int = await …`, `let p: some Publisher<Int, Never> = …`) or chain it.

extension Publishers {
  /// The result of overloads that exist only to make an untyped binding of `reduce`,
  /// `first(where:)`, `contains`, `allSatisfy`, `min` or `max` outside an async function a compile
  /// error ("ambiguous use") instead of a silent publisher: top-level code counts as such a place
  /// for Swift's overload ranking even where it may `await`.
  ///
  /// ```swift
  /// // main.swift
  /// let total: Int = await numbers.reduce(0, +)                   // the value
  /// let pipeline: some Publisher<Int, Never> = numbers.reduce(0, +)  // the operator
  /// // let total = await numbers.reduce(0, +)                     // error: ambiguous use of 'reduce'
  /// ```
  ///
  /// No value of it exists. See <doc:ComingFromCombine>.
  public enum AmbiguousTerminal {}
}

extension Publisher {
  /// Untyped outside an async function, ``reduce(_:_:)->Publishers.Reduce<Self,Result>`` is ambiguous (see ``Publishers/AmbiguousTerminal``):
  /// write the type, `let total: Int = await numbers.reduce(0, +)`, or chain it.
  @_disfavoredOverload
  public func reduce<Result: Sendable>(
    _ initialResult: Result,
    _ nextPartialResult: @escaping @Sendable (Result, Output) -> Result
  ) -> Publishers.AmbiguousTerminal {
    fatalError("unreachable: the untyped binding this overload makes ambiguous does not compile")
  }

  /// Untyped outside an async function, ``first(where:)->Publishers.First<Self>`` is ambiguous (see ``Publishers/AmbiguousTerminal``):
  /// write the type, `let first: Int? = await numbers.first { $0 > 1 }`, or chain it.
  @_disfavoredOverload
  public func first(where predicate: @escaping @Sendable (Output) -> Bool) -> Publishers.AmbiguousTerminal {
    fatalError("unreachable: the untyped binding this overload makes ambiguous does not compile")
  }

  /// Untyped outside an async function, ``contains(where:)->Publishers.Contains<Self>`` is ambiguous (see ``Publishers/AmbiguousTerminal``):
  /// write the type, `let found: Bool = await numbers.contains { $0 > 1 }`, or chain it.
  @_disfavoredOverload
  public func contains(where predicate: @escaping @Sendable (Output) -> Bool) -> Publishers.AmbiguousTerminal {
    fatalError("unreachable: the untyped binding this overload makes ambiguous does not compile")
  }

  /// Untyped outside an async function, ``allSatisfy(_:)->Publishers.AllSatisfy<Self>`` is ambiguous (see ``Publishers/AmbiguousTerminal``):
  /// write the type, `let all: Bool = await numbers.allSatisfy { $0 > 1 }`, or chain it.
  @_disfavoredOverload
  public func allSatisfy(_ predicate: @escaping @Sendable (Output) -> Bool) -> Publishers.AmbiguousTerminal {
    fatalError("unreachable: the untyped binding this overload makes ambiguous does not compile")
  }

  /// Untyped outside an async function, ``min(by:)->Publishers.Comparison<Self>`` is ambiguous (see ``Publishers/AmbiguousTerminal``):
  /// write the type, `let least: Int? = await numbers.min(by: <)`, or chain it.
  @_disfavoredOverload
  public func min(
    by areInIncreasingOrder: @escaping @Sendable (Output, Output) -> Bool
  ) -> Publishers.AmbiguousTerminal {
    fatalError("unreachable: the untyped binding this overload makes ambiguous does not compile")
  }

  /// Untyped outside an async function, ``max(by:)->Publishers.Comparison<Self>`` is ambiguous (see ``Publishers/AmbiguousTerminal``):
  /// write the type, `let most: Int? = await numbers.max(by: <)`, or chain it.
  @_disfavoredOverload
  public func max(
    by areInIncreasingOrder: @escaping @Sendable (Output, Output) -> Bool
  ) -> Publishers.AmbiguousTerminal {
    fatalError("unreachable: the untyped binding this overload makes ambiguous does not compile")
  }
}

extension Publisher where Output: Equatable {
  /// Untyped outside an async function, ``contains(_:)->Publishers.Contains<Self>`` is ambiguous (see ``Publishers/AmbiguousTerminal``):
  /// write the type, `let found: Bool = await numbers.contains(4)`, or chain it.
  @_disfavoredOverload
  public func contains(_ output: Output) -> Publishers.AmbiguousTerminal where Output: Sendable {
    fatalError("unreachable: the untyped binding this overload makes ambiguous does not compile")
  }
}

extension Publisher where Output: Comparable {
  /// Untyped outside an async function, ``min()->Publishers.Comparison<Self>`` is ambiguous (see ``Publishers/AmbiguousTerminal``):
  /// write the type, `let least: Int? = await numbers.min()`, or chain it.
  @_disfavoredOverload
  public func min() -> Publishers.AmbiguousTerminal {
    fatalError("unreachable: the untyped binding this overload makes ambiguous does not compile")
  }

  /// Untyped outside an async function, ``max()->Publishers.Comparison<Self>`` is ambiguous (see ``Publishers/AmbiguousTerminal``):
  /// write the type, `let most: Int? = await numbers.max()`, or chain it.
  @_disfavoredOverload
  public func max() -> Publishers.AmbiguousTerminal {
    fatalError("unreachable: the untyped binding this overload makes ambiguous does not compile")
  }
}
