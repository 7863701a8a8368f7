// HollowKit's HTTPResponseParser on any bytes from a server: never a crash, and the same outcome
// whether the bytes arrive at once or in pieces of any size (the first byte chooses the size).

@testable import HollowKit

func fuzz(_ bytes: [UInt8]) {
  guard let first = bytes.first else { return }
  let input = Array(bytes.dropFirst())
  let whole = outcome(of: input, pieceSize: input.count + 1)
  let pieces = outcome(of: input, pieceSize: Int(first % 16) + 1)
  guard whole == pieces else { fuzzFailure("whole \(whole) != in pieces of \(first % 16 + 1): \(pieces)") }
}

enum Outcome: Equatable {
  case response(HTTPClientResponse)
  case failure(TransportFailure)
}

/// What the parser makes of `input` fed `pieceSize` bytes at a time, then the end of the stream.
func outcome(of input: [UInt8], pieceSize: Int) -> Outcome {
  var parser = HTTPResponseParser(limit: 1 << 16)
  do {
    var start = 0
    while start < input.count {
      let end = min(input.count, start + pieceSize)
      if let response = try parser.consume(input[start..<end]) { return .response(response) }
      start = end
    }
    return .response(try parser.finish())
  } catch {
    return .failure(error)
  }
}
