// The wire spells "absent" as `{}` (vote, image_metadata) and `""` (url) instead of null; these
// helpers keep that mapping in one place for every model that has such fields.

/// A key that matches any field name; used only to ask whether an object has any field at all.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer {
  /// Decodes `{}` as `nil` and any other object as `T` (so a missing inner field is still named).
  func decodeUnlessEmptyObject<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    let probe = try nestedContainer(keyedBy: AnyKey.self, forKey: key)
    return probe.allKeys.isEmpty ? nil : try decode(T.self, forKey: key)
  }

  /// Decodes `""` as `nil`.
  func decodeUnlessEmptyString(forKey key: Key) throws -> String? {
    let value = try decode(String.self, forKey: key)
    return value.isEmpty ? nil : value
  }

  /// Decodes a string that may be `null`; the key itself must be present.
  func decodeNullable(_ type: String.Type, forKey key: Key) throws -> String? {
    try decodeNil(forKey: key) ? nil : decode(String.self, forKey: key)
  }
}

extension KeyedEncodingContainer {
  /// Encodes `nil` as `{}`.
  mutating func encodeOrEmptyObject<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value {
      try encode(value, forKey: key)
    } else {
      _ = nestedContainer(keyedBy: AnyKey.self, forKey: key)
    }
  }

  /// Encodes `nil` as an explicit `null`.
  mutating func encodeNullable<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value {
      try encode(value, forKey: key)
    } else {
      try encodeNil(forKey: key)
    }
  }
}
