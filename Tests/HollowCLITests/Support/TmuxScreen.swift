import Foundation

/// The built `hollow-cli` in a real pseudo-terminal of its own: a tmux session (on a private
/// server socket) of 80x24 runs a shell that saves `stty -g`, runs the binary in the foreground,
/// then saves `stty -g` again and the exit status, and prints DONE. Tests type with `send-keys`
/// and read the screen with `capture-pane -p`.
///
/// Waiting is on screen content with a deadline: tmux is another process, so polling its screen
/// is the only way to see it; a test that misses the deadline fails with the screen it saw.
final class TmuxScreen {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let socket = "hollow-reader-test-\(UUID().uuidString.prefix(8))"
  let folder: URL

  /// The prompt of the interactive shell ``init(binary:arguments:variables:shell:)`` starts
  /// (followed by a space, which `capture-pane` leaves out).
  static let shellPrompt = "hollow-shell$"

  /// Starts `binary arguments` with `variables` in a new session. With `shell`, the session runs
  /// an interactive bash with job control (prompt ``shellPrompt``) that is typed the command line,
  /// so the reader is a job the shell can stop and continue (Ctrl-Z, `fg`); ``outcome()`` and
  /// ``pid()`` are then not available.
  init(binary: String, arguments: [String] = [], variables: [String: String], shell: Bool = false) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-reader-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var environment = CLIHarness.isolatedVariables(in: folder)
    environment["LANG"] = "C.UTF-8"
    environment.merge(variables) { _, given in given }
    let assignments = environment.sorted { $0.key < $1.key }.map { Self.quote("\($0.key)=\($0.value)") }
    let command = ([Self.quote(binary)] + arguments.map(Self.quote)).joined(separator: " ")
    let path = Self.quote(folder.path)
    if shell {
      let script = """
        exec env -i \(assignments.joined(separator: " ")) PS1=\(Self.quote(Self.shellPrompt + " ")) /bin/bash --norc --noprofile -i
        """
      try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
      try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "sh \(path)/run.sh"])
      serverPID = pid_t(try tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
      try waitFor(Self.shellPrompt)
      try send(command, literally: true)
      try send("Enter")
      return
    }
    // The inner shell writes its pid and then becomes hollow-cli (exec): the pid is hollow-cli's.
    let script = """
      stty -g > \(path)/before
      sh -c 'echo $$ > \(folder.path)/pid; exec env -i \(assignments.joined(separator: " ")) \(command)'
      echo $? > \(path)/status
      stty -g > \(path)/after
      echo DONE
      exec sleep 600
      """
    try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
    try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "sh \(path)/run.sh"])
    serverPID = pid_t(try tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The tmux server's process, ended with the session.
  private var serverPID: pid_t?

  deinit {
    _ = try? tmux(["kill-server"])
    if let serverPID, serverPID > 0 { kill(serverPID, SIGKILL) }
    try? FileManager.default.removeItem(at: folder)
  }

  /// The screen now, one string per row.
  func screen() throws -> String {
    try tmux(["capture-pane", "-p"])
  }

  /// Types `keys` (tmux key names, or text with `literally`).
  func send(_ keys: String..., literally: Bool = false) throws {
    try tmux(["send-keys"] + (literally ? ["-l"] : []) + keys)
  }

  /// Runs another tmux command on this session's server (resize-window, set-option, show-buffer).
  @discardableResult
  func command(_ arguments: String...) throws -> String {
    try tmux(arguments)
  }

  /// ``command(_:)-(String...)`` with the arguments in an array.
  @discardableResult
  func command(_ arguments: [String]) throws -> String {
    try tmux(arguments)
  }

  /// Waits until the screen satisfies `condition`, polling tmux, for at most `seconds`.
  @discardableResult
  func waitFor(_ what: String, seconds: Double = 30, _ condition: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var last = ""
    while Date() < deadline {
      last = try screen()
      if condition(last) { return last }
      usleep(50_000)
    }
    throw Failure(description: "timed out waiting for \(what); the screen was:\n\(last)")
  }

  /// Waits until the screen shows `text`.
  @discardableResult
  func waitFor(_ text: String, seconds: Double = 30) throws -> String {
    try waitFor("\"\(text)\"", seconds: seconds) { $0.contains(text) }
  }

  /// After DONE: the exit status and whether `stty -g` read the same before and after.
  func outcome() throws -> (status: Int32, sameTerminal: Bool, before: String, after: String) {
    try waitFor("DONE")
    func read(_ name: String) throws -> String {
      try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let before = try read("before")
    let after = try read("after")
    return (Int32(try read("status")) ?? -1, before == after && !before.isEmpty, before, after)
  }

  /// hollow-cli's process id (the shell that exec'd it wrote it).
  func pid() throws -> pid_t {
    let text = try String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8)
    guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw Failure(description: "no pid in '\(text)'")
    }
    return pid
  }

  /// Runs tmux with posix_spawn and waitpid (no run loop involved), its output into a file: the
  /// server that new-session forks keeps the descriptor open, so a pipe would never end.
  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    let outputPath = folder.appendingPathComponent("tmux-output-\(UUID().uuidString)").path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let words: [String] = ["/usr/bin/tmux", "-L", socket] + arguments
    let variables: [String] = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "TMUX_TMPDIR=\(folder.path)"]
    let argv = words.map { strdup($0) } + [nil]
    let environment = variables.map { strdup($0) } + [nil]
    defer { (argv + environment).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv, environment)
    guard spawned == 0 else { throw Failure(description: "posix_spawn tmux: \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    guard status == 0 || arguments == ["kill-server"] else {
      throw Failure(description: "tmux \(arguments.joined(separator: " ")): \(text)")
    }
    return text
  }

  /// The rows of a captured `screen` above the reader's status line (its last row), for comparing two frames whose
  /// status may differ (an age moving on, the unread notice arriving with a request of its own). A capture ends with
  /// a newline: the empty rows after the status line are left out first.
  static func rowsAboveTheStatusLine(_ screen: String) -> [Substring] {
    var rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    while rows.last?.isEmpty == true { rows.removeLast() }
    return Array(rows.dropLast())
  }

  static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Whether tmux is installed.
  static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
  }
}
