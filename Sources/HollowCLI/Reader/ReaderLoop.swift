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
/// the signals, the models' changes and a timer with Signal's `merge`, hands each key and change
/// to the ``ReaderApp`` and draws the new frame, writing only the rows that changed. Whatever ends it
/// (q, Ctrl-C, SIGTERM, SIGHUP, the input ending, an error), the terminal is restored before it
/// returns. Nothing else writes to the terminal while it runs.
///
/// ```swift
/// app.start()   // page 1's request goes out before the terminal is set up
/// let status = try await ReaderLoop(environment: environment, capabilities: capabilities, clock: clock).run(&app)
/// ```
struct ReaderLoop<C: Clock>: Sendable where C.Duration == Duration {
  let environment: CLIEnvironment
  let capabilities: TerminalCapabilities
  let clock: C
  /// How often relative times are redrawn.
  var tickInterval: Duration = .seconds(30)
  /// What runs once the first frame is drawn (warm-ups, the fault hook).
  var startup = ReaderStartup()

  /// Runs the started `app` until the user quits; answers the exit status (128 + the signal's
  /// number after one). The first frame shows whatever the models published by then.
  func run(_ app: inout ReaderApp<C>) async throws(ReaderFailure) -> Int32 {
    // Caught before the terminal is taken: from raw mode on, no signal kills the process or is lost.
    let signals = await TerminalSignalSource.listening()
    defer { signals.close() }
    let terminal: FullScreenTerminal
    do {
      terminal = try FullScreenTerminal.open(input: STDIN_FILENO, output: environment.stdout)
    } catch {
      throw ReaderFailure(error.description)
    }
    let input = TerminalByteSource(descriptor: STDIN_FILENO)
    defer {
      input.close()
      terminal.restore()
    }
    startup.afterTakingTerminal()
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
    try startup.afterFirstFrame()
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
            case .redraw:
              shown = nil
            case .suspend:
              await handOver(terminal: terminal, input: input, app: app) { Self.stopUntilContinued() }
              // The terminal may have been resized meanwhile; every row is drawn again.
              size = TerminalSize.screenSize(of: STDOUT_FILENO) ?? size
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
      case .changed(let change):
        app.apply(change)
      case .tick:
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
    let editor = TextEditor(variables: environment.variables, command: "reader")
    let outcome: Result<[UInt8], CLIFailure> = await handOver(terminal: terminal, input: input, app: app) {
      do throws(CLIFailure) {
        return .success(try await editor.edit(file, maximumBytes: 4 * APILimits.maximumTextLength))
      } catch {
        return .failure(error)
      }
    }
    switch outcome {
    case .success(let bytes):
      let text = EditorDraft.text(fromFile: String(decoding: bytes, as: UTF8.self))
      if text.isEmpty { return app.actions.send(.say(ReaderMessage("the text was empty: nothing was sent"))) }
      app.compose.send(.submitWritten(text, purpose))
    case .failure(let failure):
      app.actions.send(.say(ReaderMessage(error: failure.message(redacting: nil))))
    }
  }

  /// Gives the terminal back as it was (cooked mode, the normal screen, the cursor shown) while
  /// `body` runs, then takes it again (a failure to is said in the status line).
  private func handOver<T>(
    terminal: FullScreenTerminal, input: TerminalByteSource, app: ReaderApp<C>, _ body: () async -> T
  ) async -> T {
    input.pause()
    terminal.suspend()
    let result = await body()
    do {
      try terminal.resume()
    } catch {
      app.actions.send(.say(ReaderMessage(error: error.description)))
    }
    input.resume()
    return result
  }

  /// Stops the process as the terminal's own Ctrl-Z would and returns once it is continued
  /// (`fg`). The signal goes to this thread (`raise`) with SIGTSTP unblocked here (the pool's
  /// threads may block signals), so the stop has begun before `raise` returns; `kill(0, …)` may
  /// pick another thread and let this one run on into taking the terminal back. A process group
  /// no shell controls is orphaned: the kernel discards the stop, and this returns at once.
  private static func stopUntilContinued() {
    var stop = sigset_t()
    var previous = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  /// Keys, signals, model changes and ticks, merged into one stream.
  static func events(
    input: TerminalByteSource, signals: TerminalSignalSource,
    changes: some Publisher<ReaderChange<C>, Never>, clock: C, tick: Duration
  ) -> Publishers.MergeMany<AnyPublisher<ReaderEvent<C>, Never>> {
    let keys = input.publisher
      .scan(KeyReading()) { reading, bytes in reading.reading(bytes) }
      .map { ReaderEvent<C>.keys($0.keys) }
      .append(ReaderEvent<C>.inputEnded)
    return [
      keys.eraseToAnyPublisher(),
      signals.publisher.map { ReaderEvent<C>.signal($0) }.eraseToAnyPublisher(),
      changes.map { ReaderEvent<C>.changed($0) }.eraseToAnyPublisher(),
      Publishers.Timer(every: tick, clock: clock).map { _ in ReaderEvent<C>.tick }.eraseToAnyPublisher(),
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
