/// One part of a timeline page to load: an image or a cited post. Each distinct part of a page is
/// loaded once, through the fan-in's closure form (``TimelineSteps``).
enum TimelinePart: Sendable, Hashable {
  case image(ImageReference)
  case quote(pid: Int)

  /// What loading a part gave.
  enum Outcome: Sendable, Equatable {
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
