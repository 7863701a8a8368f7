// HollowKit's page decoding on any answer body: a page (or a post's detail), an API failure or a
// DecodingFailure, never a crash; and what decodes survives the cache's encoding unchanged (a cached
// page reads back as the fresh one did).
import FoundationEssentials

@testable import HollowKit

func fuzz(_ bytes: [UInt8]) {
  let data = Data(bytes)
  roundTrip(PostPage.self, data)
  roundTrip(PostDetail.self, data)
}

/// Decodes `data` as an answer is decoded; if it holds a `T`, encodes it as a cache entry is and
/// decodes that again: the same value must come back.
func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ data: Data) {
  guard let answer = try? WireFormat.decode(StatusCheckedAnswer<T>.self, from: data), let decoded = answer.result
  else { return }
  let encoded: Data
  do {
    encoded = try WireFormat.encode(decoded)
  } catch {
    fuzzFailure("\(T.self) decoded but does not encode: \(error)")
  }
  guard let again = try? WireFormat.decode(StatusCheckedAnswer<T>.self, from: encoded).result, again == decoded else {
    fuzzFailure("\(T.self) changed through the cache's encoding: \(String(decoding: encoded, as: UTF8.self))")
  }
}
