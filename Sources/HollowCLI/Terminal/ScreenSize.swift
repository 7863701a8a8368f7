/// A terminal's size in character cells.
///
/// ```swift
/// let size = ScreenSize(rows: 24, columns: 80)
/// ```
public struct ScreenSize: Sendable, Hashable {
  public var rows: Int
  public var columns: Int

  public init(rows: Int, columns: Int) {
    self.rows = max(1, rows)
    self.columns = max(1, columns)
  }

  /// What the reader assumes when the terminal does not say.
  public static let standard = ScreenSize(rows: 24, columns: 80)
}
