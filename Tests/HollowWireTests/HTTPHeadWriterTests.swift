import HollowWire
import Testing

/// What the wire layer writes, read back by what it reads: a head by the head scanner and the field
/// reader, a chunked body by the chunk-size reader.
@Suite struct HTTPHeadWriterTests {
  @Test func aWrittenHeadScansAndItsFieldsReadBack() throws {
    let fields = [("Content-Type", "application/json"), ("Content-Length", "12")]
    let response = try HTTPHeadWriter.response(status: 200, reason: "OK", fields: fields)
    var scanner = HeadScanner(.response)
    #expect(scanner.scan(response, maxHeaderBytes: 1024) == .complete(headLength: response.count))
    let lines = response.split(separator: 10).map { $0.last == 13 ? $0.dropLast() : $0 }.filter { !$0.isEmpty }
    #expect(HTTPStartLine.status(lines[0])?.code == 200)
    let read = lines.dropFirst().map { line -> [String] in
      guard case .field(let name, let value) = HTTPSyntax.fieldLine(line) else { return [] }
      return [String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)]
    }
    #expect(read == fields.map { [$0.0, $0.1] })
    let request = try HTTPHeadWriter.request(method: "GET", target: "/v3/x?a=1", fields: [("Host", "h")])
    var requestScanner = HeadScanner(.request)
    #expect(requestScanner.scan(request, maxHeaderBytes: 1024) == .complete(headLength: request.count))
    #expect(String(decoding: request, as: UTF8.self) == "GET /v3/x?a=1 HTTP/1.1\r\nHost: h\r\n\r\n")
  }

  @Test func aFieldThatWouldEndTheHeadEarlyIsRefused() {
    #expect(throws: HTTPHeadWriter.FieldProblem.lineBreakInValue(name: "Token")) {
      try HTTPHeadWriter.request(method: "GET", target: "/", fields: [("Token", "t\r\nX-Evil: 1")])
    }
    #expect(throws: HTTPHeadWriter.FieldProblem.lineBreakInValue(name: "A")) {
      try HTTPHeadWriter.response(status: 200, reason: "OK", fields: [("A", "nul\u{0}")])
    }
    #expect(throws: HTTPHeadWriter.FieldProblem.invalidName) {
      try HTTPHeadWriter.response(status: 200, reason: "OK", fields: [("Bad Name", "v")])
    }
    #expect(throws: HTTPHeadWriter.FieldProblem.invalidName) {
      try HTTPHeadWriter.response(status: 200, reason: "OK", fields: [("", "v")])
    }
  }

  @Test(arguments: [1, 15, 16, 255, 0x10000])
  func aWrittenChunkReadsBackAsItsSize(size: Int) throws {
    let chunk = ChunkedWriter.chunk([UInt8](repeating: 0x61, count: size))
    let lineEnd = try #require(chunk.firstIndex(of: 13))
    #expect(try ChunkSizeLine.size(of: chunk[..<lineEnd]) == size)
    #expect(chunk.count == lineEnd + 2 + size + 2 && chunk.suffix(2) == [13, 10])
    #expect(try ChunkSizeLine.size(of: ChunkedWriter.last.prefix(1)) == 0)
    #expect(ChunkedWriter.last == Array("0\r\n\r\n".utf8))
  }
}
