import Dispatch
import Signal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes a terminal sends, as a Signal publisher: a dispatch read source on the descriptor
/// reads what is there whenever it becomes readable. The end of input (the terminal hung up) or a
/// read error finishes the publisher.
///
/// ```swift
/// let input = TerminalByteSource(descriptor: STDIN_FILENO)
/// defer { input.close() }
/// for await bytes in input.publisher { keys += decoder.decode(bytes) }
/// ```
final class TerminalByteSource {
  private let subject = PassthroughSubject<[UInt8], Never>()
  private let source: any DispatchSourceRead
  /// Whether the source is suspended: dispatch must not release a suspended source.
  private var paused = false

  init(descriptor: Int32) {
    let subject = subject
    let source = DispatchSource.makeReadSource(
      fileDescriptor: descriptor, queue: DispatchQueue(label: "hollow-cli.reader.input"))
    source.setEventHandler {
      var chunk = [UInt8](repeating: 0, count: 4_096)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        subject.trySend(Array(chunk[..<count]))
      } else if count == 0 || errno != EINTR && errno != EAGAIN {
        source.cancel()
        Task { await subject.send(completion: .finished) }
      }
    }
    self.source = source
    source.resume()
  }

  /// Every chunk read from the moment of subscribing (a reader behind by 256 chunks loses the
  /// oldest: keys typed faster than a screen can follow), finished when the input ends.
  var publisher: SubjectValues<[UInt8], Never> {
    subject.values(buffering: .dropOldest(256))
  }

  /// Stops reading while another program (the editor) reads the terminal.
  func pause() {
    guard !paused else { return }
    paused = true
    source.suspend()
  }

  /// Reads again after ``pause()``.
  func resume() {
    guard paused else { return }
    paused = false
    source.resume()
  }

  func close() {
    resume()
    source.cancel()
  }
}
