import Signal

/// One part of a timeline page to load: an image or a cited post. Runs through Signal's fan-in.
struct TimelineJob: Performable {
  enum Part: Sendable, Hashable {
    case image(ImageReference)
    case quote(pid: Int)
  }

  enum Outcome: Sendable, Equatable {
    case image(Result<LoadedImage, ImageLoadError>)
    case quote(Quote)
  }

  let part: Part
  let images: ImageLoader
  let quotes: QuoteLoader
  let policy: CachePolicy

  func perform() async -> Outcome {
    switch part {
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
