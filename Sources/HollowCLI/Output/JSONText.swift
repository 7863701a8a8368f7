import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--json` output: a value as one compact JSON document with sorted keys, as the wire has it.
enum JSONText {
  static func encode(_ value: some Encodable) -> String {
    do {
      return String(decoding: try WireFormat.encode(value), as: UTF8.self)
    } catch {
      // The models encode plain strings and numbers; report rather than print half a document.
      return #"{"error":"cannot encode the answer as JSON"}"#
    }
  }
}
