/// A recency-ordered map with per-entry cost: O(1) lookup, promotion, insertion and removal of the least
/// recently used entry.
///
/// Nodes live in one array and link to each other by index, so the list never allocates per entry once the
/// array has grown, and freed slots are reused. Both cache tiers keep their order in one of these: the memory
/// tier for its values, the disk tier for its index of entry files.
struct LRUList<Key: Hashable, Value> {
  private struct Node {
    var key: Key
    var value: Value
    var cost: Int
    var newer: Int
    var older: Int
  }

  private var nodes: [Node?] = []
  private var freeSlots: [Int] = []
  private var slots: [Key: Int] = [:]
  private var newest = -1
  private var oldest = -1

  /// The sum of the costs of every entry.
  private(set) var totalCost = 0

  var count: Int { slots.count }
  var isEmpty: Bool { slots.isEmpty }

  /// The value for `key`, which becomes the most recently used entry.
  mutating func value(forKey key: Key) -> Value? {
    guard let slot = slots[key] else { return nil }
    promote(slot)
    return nodes[slot]?.value
  }

  /// The value for `key`, leaving the order alone.
  func peek(_ key: Key) -> Value? {
    guard let slot = slots[key] else { return nil }
    return nodes[slot]?.value
  }

  /// The value and cost for `key`, leaving the order alone.
  func peekWithCost(_ key: Key) -> (value: Value, cost: Int)? {
    guard let slot = slots[key], let node = nodes[slot] else { return nil }
    return (node.value, node.cost)
  }

  /// Stores `value` as the most recently used entry, replacing and returning any previous value for `key`.
  @discardableResult
  mutating func set(_ value: Value, forKey key: Key, cost: Int) -> Value? {
    if let slot = slots[key], let previousCost = nodes[slot]?.cost {
      // Mutated in place: copying the node out and back would retain and release everything it holds.
      let previous = nodes[slot]?.value
      totalCost += cost - previousCost
      nodes[slot]?.value = value
      nodes[slot]?.cost = cost
      promote(slot)
      return previous
    }
    let node = Node(key: key, value: value, cost: cost, newer: -1, older: newest)
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      nodes[slot] = node
    } else {
      slot = nodes.count
      nodes.append(node)
    }
    if newest >= 0 { nodes[newest]?.newer = slot }
    newest = slot
    if oldest < 0 { oldest = slot }
    slots[key] = slot
    totalCost += cost
    return nil
  }

  /// Changes the value for `key` in place with `change`, sets its cost, and makes it the most recently used
  /// entry; returns false (and does nothing) when `key` is absent.
  @discardableResult
  mutating func update(forKey key: Key, cost: Int, _ change: (inout Value) -> Void) -> Bool {
    guard let slot = slots[key], let previousCost = nodes[slot]?.cost else { return false }
    totalCost += cost - previousCost
    nodes[slot]?.cost = cost
    // Through the optional in place: `nodes[slot]!` would copy the node.
    if nodes[slot] != nil { change(&nodes[slot]!.value) }
    promote(slot)
    return true
  }

  /// Removes and returns the value for `key`.
  @discardableResult
  mutating func removeValue(forKey key: Key) -> Value? {
    guard let slot = slots[key] else { return nil }
    return release(slot)?.value
  }

  /// Removes and returns the least recently used entry.
  @discardableResult
  mutating func removeOldest() -> (key: Key, value: Value, cost: Int)? {
    guard oldest >= 0 else { return nil }
    return release(oldest)
  }

  /// The key of the least recently used entry.
  var oldestKey: Key? {
    guard oldest >= 0 else { return nil }
    return nodes[oldest]?.key
  }

  /// Every key, most recently used first.
  var keysFromNewest: [Key] {
    var keys: [Key] = []
    keys.reserveCapacity(count)
    var slot = newest
    while slot >= 0, let node = nodes[slot] {
      keys.append(node.key)
      slot = node.older
    }
    return keys
  }

  /// Every entry, in no particular order.
  var entries: [(key: Key, value: Value, cost: Int)] {
    nodes.compactMap { node in node.map { (key: $0.key, value: $0.value, cost: $0.cost) } }
  }

  mutating func removeAll() {
    self = LRUList()
  }

  private mutating func promote(_ slot: Int) {
    guard slot != newest else { return }
    unlink(slot)
    nodes[slot]?.older = newest
    nodes[slot]?.newer = -1
    if newest >= 0 { nodes[newest]?.newer = slot }
    newest = slot
    if oldest < 0 { oldest = slot }
  }

  private mutating func unlink(_ slot: Int) {
    guard let node = nodes[slot] else { return }
    if node.newer >= 0 { nodes[node.newer]?.older = node.older } else { newest = node.older }
    if node.older >= 0 { nodes[node.older]?.newer = node.newer } else { oldest = node.newer }
  }

  private mutating func release(_ slot: Int) -> (key: Key, value: Value, cost: Int)? {
    guard let node = nodes[slot] else { return nil }
    unlink(slot)
    nodes[slot] = nil
    freeSlots.append(slot)
    slots[node.key] = nil
    totalCost -= node.cost
    return (node.key, node.value, node.cost)
  }
}
