/// The storage of a publisher whose subscribers share one connection to the upstream
/// (``Publishers/Share``, ``Publishers/Autoconnect``): a ``SubscriptionStorage`` whose
/// subscribers are known by the connection they hold.
@usableFromInline
protocol ConnectionStorage: SubscriptionStorage where StateMachine.Subscriber == Int {
  /// A subscriber of connection `id` asks for its first value.
  func start(_ id: Int)
}
