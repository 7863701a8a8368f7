/// The bytes of one connection, in both directions: a plain ``SocketConnection`` or a ``TLSStream``
/// over one. ``SocketExchange`` speaks HTTP over either; every wait inside is bounded by the idle
/// timeout and the exchange's deadline, and a wake-up (cancellation) ends it.
///
/// ```swift
/// func send<Stream: ByteStream & ~Copyable>(_ bytes: [UInt8], over stream: borrowing Stream) throws(TransportFailure) {
///   try stream.sendAll(bytes)
/// }
/// ```
protocol ByteStream: ~Copyable {
  /// Writes all of `bytes`, waiting while the peer's window is full.
  func sendAll(_ bytes: [UInt8]) throws(TransportFailure)
  /// Reads what arrives next into `scratch` (from its start); returns the count, 0 at the end of the stream.
  func receive(into scratch: inout [UInt8]) throws(TransportFailure) -> Int
}
