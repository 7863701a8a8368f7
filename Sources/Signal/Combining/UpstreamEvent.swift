/// What an upstream of a combining publisher hands to the consumer.
@usableFromInline
enum UpstreamEvent<Value> {
  case value(Value, from: Int)
  case finished(Int)
}

extension UpstreamEvent: Sendable where Value: Sendable {}
