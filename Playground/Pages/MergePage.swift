import Signal

/// merge: many upstreams into one stream, each upstream's order preserved.
enum MergePage: PlaygroundPage {
  static let name = "merge"
  static let summary = "merge(with:) and MergeMany: fan-in with back-pressure"

  static func run() async {
    let letters = ["a", "b", "c"].publisher
    let words = ["tree", "hole"].publisher
    let merged = await letters.merge(with: words).allValues()
    print("merge(with:) delivers", merged.count, "values; letters stay in order:", merged.filter { $0.count == 1 })

    // MergeMany takes any number of publishers of one type.
    let shards = (0..<4).map { shard in (0..<3).publisher.map { shard * 100 + $0 } }
    let all = await Publishers.MergeMany(shards).allValues()
    print("MergeMany of 4 shards:", all.count, "values, sum", all.reduce(0, +))

    // A failure in any upstream ends the merged stream and cancels the others.
    enum Offline: Error { case lost }
    let failing = Fail<Int, Offline>(error: .lost)
    let endless = (0..<Int.max).publisher.setFailureType(to: Offline.self)
    do {
      for try await _ in endless.merge(with: failing) {}
    } catch {
      print("merged stream failed with", error, "and the endless upstream was cancelled")
    }
  }
}
