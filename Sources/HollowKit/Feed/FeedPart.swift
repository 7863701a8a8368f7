/// One part of a feed to load besides its pages: an image or a cited post. Each distinct part of a
/// feed is loaded once (``FeedStateMachine`` asks for it once, the loader fans the parts in).
///
/// ```swift
/// if case .loadParts(let parts, _) = action { for part in parts { print(part) } }
/// ```
public enum FeedPart: Sendable, Hashable {
  case image(ImageReference)
  case quote(pid: Int)

  /// What loading a part gave.
  public enum Outcome: Sendable, Equatable {
    case image(Result<LoadedImage, ImageLoadError>)
    case quote(Quote)
  }

  /// Loads the part (``CachePolicy/cacheOnly`` offline); a failure is an outcome, never thrown.
  func load(images: ImageLoader, quotes: QuoteLoader, policy: CachePolicy) async -> Outcome {
    switch self {
    case .image(let reference):
      do {
        return .image(.success(try await images.image(reference, policy: policy)))
      } catch {
        return .image(.failure(error))
      }
    case .quote(let pid):
      return .quote(await quotes.quote(pid, policy: policy))
    }
  }
}
