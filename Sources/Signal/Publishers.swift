/// The namespace of Signal's operator types, as in Combine.
///
/// You rarely name these types: operators such as ``Publisher/map(_:)`` return them,
/// and ``Publisher/eraseToAnyPublisher()`` hides them at API boundaries.
public enum Publishers {}
