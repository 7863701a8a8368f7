/// The `config` object that page 1 of the post list carries (`null` on other pages).
///
/// ```swift
/// if let announcement = page.config?.announcement, !announcement.isEmpty { print(announcement) }
/// ```
public struct FrontendConfig: Codable, Sendable, Equatable {
  /// `web_frontend_version`.
  public var webFrontendVersion: String
  public var announcement: String

  public init(webFrontendVersion: String, announcement: String) {
    self.webFrontendVersion = webFrontendVersion
    self.announcement = announcement
  }

  private enum CodingKeys: String, CodingKey {
    case webFrontendVersion = "web_frontend_version"
    case announcement
  }
}
