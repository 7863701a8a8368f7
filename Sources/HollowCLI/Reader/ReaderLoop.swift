import HollowKit
import Signal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reader's one loop: takes the terminal (raw mode, alternate screen), merges the key events,
/// the signals, the models' changes and a timer with Signal's `merge`, hands each to the
/// ``ReaderApp`` and draws the new frame, writing only the rows that changed. Whatever ends it
/// (q, Ctrl-C, SIGTERM, SIGHUP, the input ending, an error), the terminal is restored before it
/// returns. Nothing else writes to the terminal while it runs.
///
/// ```swift
/// let status = try await ReaderLoop(environment: environment, clock: ContinuousClock()).run(&app)
/// ```
struct ReaderLoop<C: Clock>: Sendable where C.Duration == Duration {
  let environment: CLIEnvironment
  let capabilities: TerminalCapabilities
  let clock: C
  /// How often relative times are redrawn.
  var tickInterval: Duration = .seconds(30)
  /// `HOLLOW_READER_FAULT`: fail after the first frame, to prove the error path restores the terminal.
  var injectsFault = false

  /// Runs until the user quits; answers the exit status (128 + the signal's number after one).
  func run(_ app: inout ReaderApp<C>) async throws(ReaderFailure) -> Int32 {
    // The first page's request goes out before the terminal is set up: the round trip is most of
    // the wait for the first frame with posts. The first frame shows whatever state the app has by then.
    app.start()
    let terminal: FullScreenTerminal
    do {
      terminal = try FullScreenTerminal.open(input: STDIN_FILENO, output: environment.stdout)
    } catch {
      throw ReaderFailure(error.description)
    }
    let signals = TerminalSignalSource()
    let input = TerminalByteSource(descriptor: STDIN_FILENO)
    defer {
      input.close()
      terminal.restore()
      signals.close()
    }
    return try await loop(&app, terminal: terminal, input: input, signals: signals)
  }

  private func loop(
    _ app: inout ReaderApp<C>, terminal: FullScreenTerminal, input: TerminalByteSource, signals: TerminalSignalSource
  ) async throws(ReaderFailure) -> Int32 {
    let events = Self.events(input: input, signals: signals, changes: app.changes, clock: clock, tick: tickInterval)
    // Subscribed before the first frame: nothing typed after it shows is lost.
    var iterator = events.makeAsyncIterator()
    var size = TerminalSize.screenSize(of: STDOUT_FILENO) ?? .standard
    var shown: Frame?
    draw(&app, size: size, shown: &shown)
    // While the first request is out, a spare core pays the page codec's first-use costs (see PageCodecWarmUp).
    Task.detached(priority: .utility) { PageCodecWarmUp.run() }
    if injectsFault { throw ReaderFailure("HOLLOW_READER_FAULT: the reader failed on purpose after its first frame") }
    while let event = await iterator.next() {
      switch event {
      case .keys(let keys):
        for key in keys {
          for effect in app.handle(key) {
            switch effect {
            case .quit:
              return HollowCommandLine.successStatus
            case .write(let text):
              environment.stdout.write(text)
            case .edit(let purpose, let file):
              await edit(purpose, file: file, app: app, terminal: terminal, input: input)
              shown = nil
            }
          }
        }
      case .signal(.resized):
        size = TerminalSize.screenSize(of: STDOUT_FILENO) ?? size
      case .signal(.terminate(let number)):
        return 128 + number
      case .inputEnded:
        throw ReaderFailure("the terminal's input ended")
      case .changed, .tick:
        break
      }
      draw(&app, size: size, shown: &shown)
    }
    return HollowCommandLine.successStatus
  }

  private func draw(_ app: inout ReaderApp<C>, size: ScreenSize, shown: inout Frame?) {
    let theme = ReaderTheme(capabilities: capabilities, now: Date(), zone: environment.zone)
    let drawn = app.frame(size: size, theme: theme)
    let frame = Frame(size: size, lines: drawn.lines, cursor: drawn.cursor)
    let bytes = FrameDiffer.update(from: shown, to: frame)
    if !bytes.isEmpty { environment.stdout.write(bytes) }
    shown = frame
  }

  /// Hands the terminal to `$VISUAL`/`$EDITOR` for a text, then takes it back and sends what was
  /// written above the scissors line.
  private func edit(
    _ purpose: ComposeState.Purpose, file: String, app: ReaderApp<C>, terminal: FullScreenTerminal,
    input: TerminalByteSource
  ) async {
    input.pause()
    terminal.suspend()
    let editor = TextEditor(variables: environment.variables, command: "reader")
    let outcome: Result<[UInt8], CLIFailure>
    do {
      outcome = .success(try await editor.edit(file, maximumBytes: 4 * APILimits.maximumTextLength))
    } catch {
      outcome = .failure(error)
    }
    do {
      try terminal.resume()
    } catch {
      app.actions.say(ReaderMessage(error: error.description))
    }
    input.resume()
    switch outcome {
    case .success(let bytes):
      let text = EditorDraft.text(fromFile: String(decoding: bytes, as: UTF8.self))
      if text.isEmpty { return app.actions.say(ReaderMessage("the text was empty: nothing was sent")) }
      app.compose.send(text, for: purpose)
    case .failure(let failure):
      app.actions.say(ReaderMessage(error: failure.message(redacting: nil)))
    }
  }

  /// Keys, signals, model changes and ticks, merged into one stream.
  static func events(
    input: TerminalByteSource, signals: TerminalSignalSource,
    changes: some Publisher<Void, Never>, clock: C, tick: Duration
  ) -> Publishers.MergeMany<AnyPublisher<ReaderEvent, Never>> {
    let keys = input.publisher
      .scan(KeyReading()) { reading, bytes in reading.reading(bytes) }
      .map { ReaderEvent.keys($0.keys) }
      .append(ReaderEvent.inputEnded)
    return [
      keys.eraseToAnyPublisher(),
      signals.publisher.map { ReaderEvent.signal($0) }.eraseToAnyPublisher(),
      changes.map { ReaderEvent.changed }.eraseToAnyPublisher(),
      Publishers.Timer(every: tick, clock: clock).map { _ in ReaderEvent.tick }.eraseToAnyPublisher(),
    ].merged()
  }
}

/// The key decoder's state and the keys of the last chunk it read: the accumulator of the
/// input's `scan`.
struct KeyReading: Sendable {
  var decoder = KeyDecoder()
  var keys: [Key] = []

  func reading(_ bytes: [UInt8]) -> KeyReading {
    var next = self
    next.keys = next.decoder.decode(bytes)
    return next
  }
}
