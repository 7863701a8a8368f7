#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Microseconds since 1970, the unit every timestamp in an entry header uses.
///
/// Microseconds keep the last-access order of entries written in quick succession apart after a reopen,
/// and an `Int64` of them lasts until the year 294,000.
struct Timestamp: Comparable, Hashable, Sendable {
  var microseconds: Int64

  /// A time no expiry reaches: the value of "never expires".
  static let distantFuture = Timestamp(microseconds: .max)

  init(microseconds: Int64) {
    self.microseconds = microseconds
  }

  init(_ date: Date) {
    let value = (date.timeIntervalSince1970 * 1_000_000).rounded(.down)
    if value.isNaN {
      microseconds = 0
    } else if value >= Double(Int64.max) {
      microseconds = .max
    } else if value <= Double(Int64.min) {
      microseconds = .min
    } else {
      microseconds = Int64(value)
    }
  }

  var date: Date { Date(timeIntervalSince1970: Double(microseconds) / 1_000_000) }

  /// This time plus `duration`, saturating instead of overflowing.
  func adding(_ duration: Duration) -> Timestamp {
    let (seconds, attoseconds) = duration.components
    let (secondsPart, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
    guard !overflow else { return seconds > 0 ? .distantFuture : Timestamp(microseconds: .min) }
    let (sum, sumOverflow) = microseconds.addingReportingOverflow(secondsPart &+ attoseconds / 1_000_000_000_000)
    guard !sumOverflow else { return seconds > 0 ? .distantFuture : Timestamp(microseconds: .min) }
    return Timestamp(microseconds: sum)
  }

  static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds < rhs.microseconds }
}
