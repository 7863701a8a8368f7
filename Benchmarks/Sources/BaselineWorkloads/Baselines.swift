// The bounds and the hand-written code users would otherwise write.

/// The chain's arithmetic as a plain `for` loop: the lower bound for any stream library.
@inline(never)
public func plainLoopChain(_ n: Int) -> Int {
  var total = 0
  for value in 0..<n {
    let mapped = value &* 3
    guard mapped & 1 == 0 else { continue }
    guard mapped % 5 != 0 else { continue }
    total &+= mapped >> 1
  }
  return total
}

/// What users write by hand to merge producers: a task group feeding one unbounded AsyncStream.
public func taskGroupStreamMerge(producers: Int, perProducer: Int) async -> Int {
  let (stream, continuation) = AsyncStream<Int>.makeStream()
  let feeder = Task {
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<producers {
        group.addTask {
          for value in 0..<perProducer { continuation.yield(value) }
        }
      }
    }
    continuation.finish()
  }
  var total = 0
  for await value in stream { total &+= value }
  await feeder.value
  return total
}

/// The floor for the fan-in: a bare task group with one child task per item.
public func taskGroupFloor(items: Int) async -> Int {
  await withTaskGroup(of: Int.self) { group in
    for index in 0..<items {
      group.addTask { await tinyWork(index) }
    }
    var total = 0
    for await value in group { total &+= value }
    return total
  }
}

/// The tiny async work item shared by the fan-in rows.
@inline(never)
public func tinyWork(_ index: Int) async -> Int {
  index &* 2 &+ 1
}
