#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JSON coding of the v3 wire models, shared by the client and the demo server.
///
/// Decoding failures come out as ``DecodingFailure`` (naming the field); encoding sorts keys so the
/// same value always gives the same bytes.
///
/// ```swift
/// let page = try WireFormat.decode(PostPage.self, from: data)
/// let bytes = try WireFormat.encode(page)
/// ```
public enum WireFormat {
  /// Decodes `T` from JSON `data`.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(DecodingFailure) -> T {
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      throw DecodingFailure(error)
    } catch {
      throw DecodingFailure(path: "", reason: String(describing: error))
    }
  }

  /// Encodes `value` as compact JSON with sorted keys.
  public static func encode<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }
}
