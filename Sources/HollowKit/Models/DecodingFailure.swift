/// A decoding error turned into text that names the field, e.g.
/// "field `post.image_metadata.w`: expected Int, found String".
///
/// ``WireFormat/decode(_:from:)`` throws this; the request layer prefixes the request name.
///
/// ```swift
/// do { _ = try WireFormat.decode(PostDetail.self, from: bytes) } catch { print(error) }
/// // field `post.tag`: expected String, found Number
/// ```
public struct DecodingFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The coding path in wire names: keys joined by `.`, array positions as `[n]`; empty for the root.
  public var path: String
  /// What was wrong at ``path``.
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// Describes `error` by its coding path.
  public init(_ error: DecodingError) {
    switch error {
    case .typeMismatch(let type, let context):
      self.init(path: Self.format(context.codingPath), reason: Self.mismatch(expected: type, context: context))
    case .valueNotFound(let type, let context):
      self.init(path: Self.format(context.codingPath), reason: "expected \(type), found null")
    case .keyNotFound(let key, let context):
      self.init(path: Self.format(context.codingPath + [key]), reason: "missing")
    case .dataCorrupted(let context):
      let reason = context.debugDescription.contains("not valid JSON") ? "not valid JSON" : context.debugDescription
      self.init(path: Self.format(context.codingPath), reason: reason)
    @unknown default:
      self.init(path: "", reason: String(describing: error))
    }
  }

  public var description: String {
    path.isEmpty ? reason : "field `\(path)`: \(reason)"
  }

  static func format(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue, key.stringValue == "Index \(index)" {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// Foundation says "Expected to decode Int but found a string instead."; keep only the JSON kind.
  private static func mismatch(expected type: Any.Type, context: DecodingError.Context) -> String {
    let words = context.debugDescription.split(separator: " ")
    guard let foundIndex = words.firstIndex(of: "found"), words.last == "instead." else {
      return "expected \(type): \(context.debugDescription)"
    }
    let found = words[(foundIndex + 1)..<(words.count - 1)].joined(separator: " ")
    let kinds = [
      "a string": "String", "a number": "Number", "number": "Number", "an array": "Array", "a dictionary": "Object",
      "bool": "Bool",
      "a bool": "Bool", "null": "null",
    ]
    return "expected \(type), found \(kinds[found] ?? found)"
  }
}
