/// What `Publishers.Create` replaces: a callback bridged with `AsyncStream.makeStream` (unbounded buffer), a
/// producer task yielding `n` values, read with `for await`.
public func streamBridgeSends(_ n: Int) async -> Int {
  let (stream, continuation) = AsyncStream<Int>.makeStream()
  let producer = Task {
    for value in 0..<n { continuation.yield(value) }
    continuation.finish()
  }
  var total = 0
  for await value in stream { total &+= value }
  await producer.value
  return total
}

/// The same unbounded stream carrying `n` values of `size` bytes to a consumer that spends `work` passes over each;
/// `sample` is called every 512 values.
public func streamBridgeSlowConsumer(
  _ n: Int, size: Int, work: Int, consume: ([UInt8], Int) -> Int, sample: () -> Void
) async -> Int {
  let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
  let producer = Task {
    for value in 0..<n { continuation.yield([UInt8](repeating: UInt8(truncatingIfNeeded: value), count: size)) }
    continuation.finish()
  }
  var total = 0
  var index = 0
  for await bytes in stream {
    total &+= consume(bytes, work)
    index &+= 1
    if index & 511 == 0 { sample() }
  }
  sample()
  await producer.value
  return total
}
