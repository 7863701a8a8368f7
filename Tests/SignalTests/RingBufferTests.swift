import Testing

@testable import Signal

@Suite struct RingBufferTests {
  @Test func isFirstInFirstOutAcrossWrapAroundAndGrowth() {
    var buffer = RingBuffer<Int>()
    var expected: [Int] = []
    var next = 0
    // Interleave appends and pops so the head wraps several times while the storage grows.
    for round in 1...40 {
      for _ in 0..<(round % 7 + 1) {
        buffer.append(next)
        expected.append(next)
        next += 1
      }
      for _ in 0..<(round % 5) {
        #expect(buffer.popFirst() == expected.first)
        if !expected.isEmpty { expected.removeFirst() }
      }
      #expect(buffer.count == expected.count)
      #expect(buffer.first == expected.first)
    }
    var rest: [Int] = []
    while let value = buffer.popFirst() { rest.append(value) }
    #expect(rest == expected)
    #expect(buffer.isEmpty)
  }

  @Test func allocatesNothingUntilTheFirstAppend() {
    var buffer = RingBuffer<String>()
    #expect(buffer.capacity == 0)
    #expect(buffer.popFirst() == nil)
    buffer.append("a")
    #expect(buffer.capacity == 4)
  }

  @Test func reusesItsStorageOnceGrown() {
    var buffer = RingBuffer<Int>(minimumCapacity: 8)
    for cycle in 0..<100 {
      for value in 0..<8 { buffer.append(cycle * 8 + value) }
      for value in 0..<8 { #expect(buffer.popFirst() == cycle * 8 + value) }
    }
    #expect(buffer.capacity == 8)
  }

  @Test func removeAllEmptiesTheBuffer() {
    var buffer = RingBuffer<Int>()
    for value in 0..<10 { buffer.append(value) }
    buffer.removeAll()
    #expect(buffer.isEmpty)
    #expect(buffer.popFirst() == nil)
    buffer.append(42)
    #expect(buffer.popFirst() == 42)
  }

  @Test func reserveGrowsOnceAndKeepsWrappedValuesInOrder() {
    var buffer = RingBuffer<Int>(minimumCapacity: 4)
    // Wrap around: head in the middle of the storage.
    for value in 0..<3 { buffer.append(value) }
    _ = buffer.popFirst()
    _ = buffer.popFirst()
    for value in 3..<6 { buffer.append(value) }
    buffer.reserve(32)
    #expect(buffer.capacity == 32)
    // A smaller reservation changes nothing; a slightly larger one at least doubles.
    buffer.reserve(8)
    #expect(buffer.capacity == 32)
    var grown = RingBuffer<Int>(minimumCapacity: 16)
    grown.reserve(17)
    #expect(grown.capacity == 32)
    for value in 6..<32 { buffer.append(value) }
    #expect(buffer.capacity == 32)
    #expect(buffer.removeFirst() == Array(2..<32))
  }
}
