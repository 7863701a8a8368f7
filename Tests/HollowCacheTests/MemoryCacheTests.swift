import Foundation
import HollowCache
import Testing

@Suite("MemoryCache: LRU eviction by cost and count, expiry, thread safety")
struct MemoryCacheTests {
  @Test("values round-trip and lookups promote them")
  func roundTrip() {
    let cache = MemoryCache<String, Int>()
    cache.setValue(1, forKey: "a")
    cache.setValue(2, forKey: "b")
    #expect(cache.value(forKey: "a") == 1)
    #expect(cache.value(forKey: "zzz") == nil)
    #expect(cache.keysByRecency == ["a", "b"])
    #expect(cache.removeValue(forKey: "a") == 1)
    #expect(cache.value(forKey: "a") == nil)
    let statistics = cache.statistics
    #expect(statistics.hits == 1 && statistics.misses == 2 && statistics.entryCount == 1 && statistics.bytes == 1)
    cache.removeAll()
    #expect(cache.statistics.entryCount == 0)
  }

  @Test("passing the cost limit evicts least recently used entries until it holds")
  func costLimit() {
    let cache = MemoryCache<String, Int>(costLimit: 100)
    cache.setValue(1, forKey: "a", cost: 40)
    cache.setValue(2, forKey: "b", cost: 40)
    _ = cache.value(forKey: "a")
    cache.setValue(3, forKey: "c", cost: 30)
    #expect(cache.keysByRecency == ["c", "a"])
    #expect(cache.statistics.evictions == 1)
    #expect(cache.statistics.bytes == 70)

    #expect(!cache.setValue(4, forKey: "a", cost: 101))
    #expect(cache.value(forKey: "a") == nil)
    #expect(cache.keysByRecency == ["c"])
  }

  @Test("passing the count limit evicts the least recently used entry")
  func countLimit() {
    let cache = MemoryCache<Int, Int>(countLimit: 3)
    for key in 0..<5 { cache.setValue(key, forKey: key) }
    #expect(cache.keysByRecency == [4, 3, 2])
    #expect(cache.statistics.evictions == 2)
  }

  @Test("an expired value is a miss and is removed")
  func expiry() {
    let clock = TestClock()
    let cache = MemoryCache<String, Int>(now: clock.now)
    cache.setValue(1, forKey: "a", expires: clock.now().addingTimeInterval(10))
    cache.setValue(2, forKey: "forever")
    clock.advance(seconds: 9)
    #expect(cache.value(forKey: "a") == 1)
    clock.advance(seconds: 1)
    #expect(cache.value(forKey: "a") == nil)
    #expect(cache.value(forKey: "forever") == 2)
    #expect(cache.statistics.expiredRemoved == 1)
    #expect(cache.statistics.entryCount == 1)
  }

  @Test("many tasks reading and writing at once keep the limits and the counters consistent")
  func concurrentUse() async {
    let cache = MemoryCache<Int, Int>(costLimit: 500, countLimit: 40)
    await withTaskGroup(of: Int.self) { group in
      for worker in 0..<8 {
        group.addTask {
          var lookups = 0
          for step in 0..<500 {
            let key = (step * 13 + worker) % 64
            if step % 2 == 0 {
              cache.setValue(key, forKey: key, cost: key % 20)
            } else {
              if let value = cache.value(forKey: key) { #expect(value == key) }
              lookups += 1
            }
          }
          return lookups
        }
      }
      let lookups = await group.reduce(0, +)
      let statistics = cache.statistics
      #expect(statistics.hits + statistics.misses == lookups)
      #expect(statistics.bytes <= 500 && statistics.entryCount <= 40)
      #expect(cache.keysByRecency.count == statistics.entryCount)
    }
  }
}
