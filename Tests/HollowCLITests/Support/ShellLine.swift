/// A command line as the documentation writes it (`hollow-cli timeline | head -4`,
/// `head -c 300 a > b && hollow-cli import b`): words with their quotes removed, grouped into
/// `&&`-chained pipelines of commands with `>` and `<` redirections. Enough shell for examples.
///
/// ```swift
/// let line = ShellLine(#"hollow-cli send "吃什么？" --vote 面 | tail -1"#)
/// line.segments[0][0].words  // ["hollow-cli", "send", "吃什么？", "--vote", "面"]
/// ```
struct ShellLine {
  struct Command: Equatable {
    var words: [String] = []
    /// `> FILE`.
    var output: String?
    /// `< FILE`.
    var input: String?

    /// The words again, each quoted for `sh`.
    var shellText: String {
      var text = words.map(ShellLine.quoted).joined(separator: " ")
      if let input { text += " < " + ShellLine.quoted(input) }
      if let output { text += " > " + ShellLine.quoted(output) }
      return text
    }
  }

  let text: String
  /// Pipelines joined by `&&`.
  private(set) var segments: [[Command]] = []

  init(_ text: String) {
    self.text = text
    var pipeline: [Command] = []
    var command = Command()
    var redirect: Character?
    for token in Self.tokens(text) {
      switch token {
      case .operator("&&"):
        pipeline.append(command)
        segments.append(pipeline)
        pipeline = []
        command = Command()
      case .operator("|"):
        pipeline.append(command)
        command = Command()
      case .operator(let symbol):
        redirect = symbol.first
      case .word(let word):
        switch redirect {
        case ">": command.output = word
        case "<": command.input = word
        default: command.words.append(word)
        }
        redirect = nil
      }
    }
    pipeline.append(command)
    segments.append(pipeline)
  }

  private enum Token: Equatable {
    case word(String)
    case `operator`(String)
  }

  private static func tokens(_ text: String) -> [Token] {
    var tokens: [Token] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var characters = text[...]
    func endWord() {
      if inWord { tokens.append(.word(word)) }
      word = ""
      inWord = false
    }
    while let character = characters.popFirst() {
      if let open = quote {
        if character == open {
          quote = nil
        } else if open == "\"", character == "\\", let next = characters.first, "\"\\$`".contains(next) {
          word.append(characters.removeFirst())
        } else {
          word.append(character)
        }
        continue
      }
      switch character {
      case "'", "\"":
        quote = character
        inWord = true
      case " ", "\t":
        endWord()
      case "|", ">", "<":
        endWord()
        tokens.append(.operator(String(character)))
      case "&" where characters.first == "&":
        characters.removeFirst()
        endWord()
        tokens.append(.operator("&&"))
      default:
        word.append(character)
        inWord = true
      }
    }
    endWord()
    return tokens
  }

  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
