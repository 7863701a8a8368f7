import Testing

@testable import HollowCache

@Suite("LRUList: recency order, costs and slot reuse")
struct LRUListTests {
  @Test("set, lookup and removal keep most-recent-first order and the total cost")
  func order() {
    var list = LRUList<String, Int>()
    list.set(1, forKey: "a", cost: 10)
    list.set(2, forKey: "b", cost: 20)
    list.set(3, forKey: "c", cost: 30)
    #expect(list.keysFromNewest == ["c", "b", "a"])
    #expect(list.totalCost == 60)

    #expect(list.value(forKey: "a") == 1)
    #expect(list.keysFromNewest == ["a", "c", "b"])
    #expect(list.peek("b") == 2)
    #expect(list.keysFromNewest == ["a", "c", "b"])
    #expect(list.oldestKey == "b")

    #expect(list.set(4, forKey: "c", cost: 5) == 3)
    #expect(list.keysFromNewest == ["c", "a", "b"])
    #expect(list.totalCost == 35)

    let oldest = list.removeOldest()
    #expect(oldest?.key == "b" && oldest?.value == 2 && oldest?.cost == 20)
    #expect(list.removeValue(forKey: "c") == 4)
    #expect(list.removeValue(forKey: "missing") == nil)
    #expect(list.keysFromNewest == ["a"])
    #expect(list.count == 1 && list.totalCost == 10)
  }

  @Test("removing every entry empties the list, and freed slots are reused in order")
  func emptyAndReuse() {
    var list = LRUList<Int, Int>()
    for key in 0..<5 { list.set(key, forKey: key, cost: 1) }
    list.removeValue(forKey: 2)
    list.removeValue(forKey: 0)
    list.removeValue(forKey: 4)
    list.set(9, forKey: 9, cost: 1)
    list.set(8, forKey: 8, cost: 1)
    #expect(list.keysFromNewest == [8, 9, 3, 1])
    while list.removeOldest() != nil {}
    #expect(list.isEmpty && list.totalCost == 0 && list.oldestKey == nil && list.keysFromNewest.isEmpty)
    list.set(1, forKey: 1, cost: 3)
    #expect(list.keysFromNewest == [1] && list.totalCost == 3)
    #expect(list.entries.map(\.cost) == [3])
    list.removeAll()
    #expect(list.count == 0)
  }

  @Test("a random mix of operations matches a simple reference model")
  func matchesModel() {
    var list = LRUList<Int, Int>()
    var model: [(key: Int, value: Int)] = []  // most recent first
    var generator = SplitMix(seed: 42)
    for step in 0..<2_000 {
      let key = Int(generator.next() % 16)
      switch generator.next() % 4 {
      case 0:
        list.set(step, forKey: key, cost: key)
        model.removeAll { $0.key == key }
        model.insert((key, step), at: 0)
      case 1:
        let found = list.value(forKey: key)
        if let index = model.firstIndex(where: { $0.key == key }) {
          let entry = model.remove(at: index)
          model.insert(entry, at: 0)
          #expect(found == entry.value)
        } else {
          #expect(found == nil)
        }
      case 2:
        #expect(list.removeValue(forKey: key) == model.first(where: { $0.key == key })?.value)
        model.removeAll { $0.key == key }
      default:
        #expect(list.removeOldest()?.key == model.popLast()?.key)
      }
      #expect(list.keysFromNewest == model.map(\.key))
      #expect(list.totalCost == model.reduce(0) { $0 + $1.key })
    }
  }

  @Test("update changes a value in place, adjusts the cost and promotes it; an absent key is left absent")
  func updateInPlace() {
    var list = LRUList<String, Int>()
    list.set(1, forKey: "a", cost: 10)
    list.set(2, forKey: "b", cost: 20)
    #expect(list.update(forKey: "a", cost: 15) { $0 += 100 })
    #expect(list.peek("a") == 101)
    #expect(list.totalCost == 35)
    #expect(list.keysFromNewest == ["a", "b"])
    #expect(!list.update(forKey: "c", cost: 5) { $0 = 0 })
    #expect(list.peek("c") == nil && list.count == 2 && list.totalCost == 35)
  }
}

/// A small deterministic generator, so the model test explores the same path every run.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
