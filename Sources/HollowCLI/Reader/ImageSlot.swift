import HollowKit

/// An image a screen shows, by its path: loading, loaded (the verified bytes and, for a PNG,
/// its pixels), or failed with a reason.
///
/// ```swift
/// if case .loaded(let image, let bitmap?) = state.images[path] { draw(bitmap) }
/// ```
enum ImageSlot: Sendable, Equatable {
  case loading
  case loaded(LoadedImage, Bitmap?)
  case failed(String)
}
