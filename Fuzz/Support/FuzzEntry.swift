// libFuzzer's entry point for every target: the input as bytes, handed to the target's `fuzz(_:)`.
// A target reports a broken property with `fuzzFailure`, which crashes: libFuzzer keeps the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  fuzz(bytes)
  return 0
}

/// Stops the run on a broken property: libFuzzer saves the input as a crash.
func fuzzFailure(_ message: String) -> Never {
  fatalError("fuzz property broken: \(message)")
}
