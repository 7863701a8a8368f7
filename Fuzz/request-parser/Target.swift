// HollowServer's request head parsing on any bytes from a client: never a crash, the incremental
// HeadScanner (as a connection feeds it) decides as a scan of all the bytes at once does, and a
// complete head parses; the body after it goes through the form decoder.
@testable import HollowServer
@testable import HollowWire

func fuzz(_ bytes: [UInt8]) {
  guard let first = bytes.first else { return }
  let input = Array(bytes.dropFirst())
  let maximum = 1024
  var once = HeadScanner(.request)
  let whole = once.scan(input, maxHeaderBytes: maximum)
  // Fed in pieces (the first byte chooses their size), as a connection's buffer grows.
  var scanner = HeadScanner(.request)
  var pieces = HeadScanner.Result.incomplete
  var end = 0
  while end < input.count, pieces == .incomplete {
    end = min(input.count, end + Int(first % 32) + 1)
    pieces = scanner.scan(Array(input[..<end]), maxHeaderBytes: maximum)
  }
  guard whole == pieces else { fuzzFailure("at once \(whole) != in pieces \(pieces)") }
  guard case .complete(let headLength) = whole else { return }
  switch RequestParser.parseHead(complete: input[..<headLength]) {
  case .complete(_, let length, _, _):
    guard length == headLength else { fuzzFailure("head length \(length) != scanned \(headLength)") }
  case .rejected, .incomplete:
    break
  }
  _ = FormDecoding.items(input[headLength...])
}
