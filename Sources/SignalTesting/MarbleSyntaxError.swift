/// Why a marble diagram could not be read: what is wrong, and where.
///
/// ```swift
/// do { _ = try MarbleDiagram("a(b") } catch { print(error) }  // "a(b": unclosed group opened at 1
/// ```
public struct MarbleSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The diagram as written.
  public var diagram: String
  /// The offset of the offending character (in characters).
  public var position: Int
  /// What is wrong there.
  public var reason: String

  public init(diagram: String, position: Int, reason: String) {
    self.diagram = diagram
    self.position = position
    self.reason = reason
  }

  public var description: String {
    "\"\(diagram)\": \(reason) at \(position)"
  }
}
