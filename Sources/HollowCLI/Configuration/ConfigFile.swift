/// hollow-cli's configuration file, `$XDG_CONFIG_HOME/hollow/config.toml`, in a documented subset
/// of TOML: `key = value` lines, `[table]` headers, `#` comments and blank lines; a value is a
/// string (`"basic"` with `\"`, `\\`, `\n`, `\t`, `\uXXXX` escapes, or `'literal'`), `true`/`false`,
/// an integer, or an array of strings on one line (`["j", "down"]`). Keys are bare (`A-Za-z0-9_-`).
/// Anything else (a bad line, an unknown key, a key given twice, a value of the wrong kind) is an
/// error naming the file and the line, so a typo is never silently ignored.
///
/// ```swift
/// let file = try ConfigFile.parse("server = \"https://tree.example\"\n[keys]\nquit = \"x\"\n", path: "config.toml")
/// file.value("server")       // .string("https://tree.example")
/// file.value("keys.quit")    // .string("x")
/// ```
struct ConfigFile: Sendable, Equatable {
  enum Value: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case strings([String])

    var kind: String {
      switch self {
      case .string: "a string"
      case .bool: "true or false"
      case .integer: "a number"
      case .strings: "an array of strings"
      }
    }
  }

  struct Entry: Sendable, Equatable {
    var value: Value
    /// From 1.
    var line: Int
  }

  /// Where it was read from.
  var path: String
  /// Values by dotted key (`server`, `keys.quit`).
  var entries: [String: Entry] = [:]

  func value(_ key: String) -> Value? { entries[key]?.value }

  /// A bad line: `path:line: message`.
  struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    var path: String
    var line: Int
    var message: String
    var description: String { "\(path):\(line): \(message)" }
  }

  /// Parses `text`; `tables` are the table names allowed, `keys` the keys of each (`""` for the top).
  static func parse(_ text: String, path: String, schema: [String: Set<String>] = [:]) throws(Failure) -> ConfigFile {
    var file = ConfigFile(path: path)
    var table = ""
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      func failure(_ message: String) -> Failure { Failure(path: path, line: number, message: message) }
      var scanner = Scanner(Substring(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine))
      scanner.skipSpaces()
      if scanner.atEndOrComment { continue }
      if scanner.take("[") {
        scanner.skipSpaces()
        let name = scanner.bareKey()
        scanner.skipSpaces()
        guard !name.isEmpty, scanner.take("]") else { throw failure("a table header is [name]") }
        scanner.skipSpaces()
        guard scanner.atEndOrComment else { throw failure("unexpected text after [\(name)]") }
        guard schema.isEmpty || schema[name] != nil else {
          throw failure(
            "unknown table [\(name)]; known: \(schema.keys.filter { !$0.isEmpty }.sorted().map { "[\($0)]" }.joined(separator: ", "))"
          )
        }
        table = name
        continue
      }
      let key = scanner.bareKey()
      guard !key.isEmpty else { throw failure("expected key = value") }
      scanner.skipSpaces()
      guard scanner.take("=") else { throw failure("expected = after \(key)") }
      scanner.skipSpaces()
      let value: Value
      do {
        value = try scanner.value()
      } catch {
        throw failure("\(key): \(error.message)")
      }
      scanner.skipSpaces()
      guard scanner.atEndOrComment else { throw failure("unexpected text after the value of \(key)") }
      if !schema.isEmpty, let allowed = schema[table], !allowed.isEmpty, !allowed.contains(key) {
        let place = table.isEmpty ? "" : " in [\(table)]"
        throw failure("unknown key \(key)\(place); known: \(allowed.sorted().joined(separator: ", "))")
      }
      let dotted = table.isEmpty ? key : table + "." + key
      if let earlier = file.entries[dotted] { throw failure("\(key) is already set on line \(earlier.line)") }
      file.entries[dotted] = Entry(value: value, line: number)
    }
    return file
  }

  struct ValueError: Error {
    var message: String
  }

  /// A cursor over one line.
  private struct Scanner {
    var rest: Substring

    init(_ line: Substring) { rest = line }

    var atEndOrComment: Bool { rest.isEmpty || rest.first == "#" }

    mutating func skipSpaces() {
      rest = rest.drop { $0 == " " || $0 == "\t" }
    }

    mutating func take(_ character: Character) -> Bool {
      guard rest.first == character else { return false }
      rest.removeFirst()
      return true
    }

    mutating func bareKey() -> String {
      let key = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
      rest = rest.dropFirst(key.count)
      return String(key)
    }

    mutating func value() throws(ValueError) -> Value {
      switch rest.first {
      case "\"", "'":
        return .string(try string())
      case "[":
        rest.removeFirst()
        var strings: [String] = []
        skipSpaces()
        while !take("]") {
          guard rest.first == "\"" || rest.first == "'" else {
            throw ValueError(message: "an array holds strings, comma-separated, on one line")
          }
          strings.append(try string())
          skipSpaces()
          if take(",") {
            skipSpaces()
          } else if rest.first != "]" {
            throw ValueError(message: "expected , or ] in the array")
          }
        }
        return .strings(strings)
      default:
        let word = rest.prefix { !($0 == " " || $0 == "\t" || $0 == "#") }
        rest = rest.dropFirst(word.count)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default:
          guard let number = Int(word.replacing("_", with: "")) else {
            throw ValueError(message: "'\(word)' is not a value (a string needs quotes)")
          }
          return .integer(number)
        }
      }
    }

    /// A basic ("…", with escapes) or literal ('…', as written) string on one line.
    mutating func string() throws(ValueError) -> String {
      let quote = rest.removeFirst()
      var text = ""
      while let character = rest.first {
        rest.removeFirst()
        if character == quote { return text }
        guard quote == "\"", character == "\\" else {
          text.append(character)
          continue
        }
        guard let escape = rest.first else { break }
        rest.removeFirst()
        switch escape {
        case "\"": text.append("\"")
        case "\\": text.append("\\")
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "u", "U":
          let digits = rest.prefix(escape == "u" ? 4 : 8)
          rest = rest.dropFirst(digits.count)
          guard let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else {
            throw ValueError(message: "bad \\\(escape) escape")
          }
          text.unicodeScalars.append(scalar)
        default:
          throw ValueError(message: "unknown escape \\\(escape)")
        }
      }
      throw ValueError(message: "the string is not closed (strings are on one line)")
    }
  }
}
