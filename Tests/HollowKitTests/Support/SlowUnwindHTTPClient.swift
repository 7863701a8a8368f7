import HollowKit
import Synchronization

/// An ``HTTPClient`` that holds every request until its task is cancelled, then takes `unwindYields`
/// turns of the scheduler before it throws ``TransportFailure/cancelled``: the time a real transport
/// spends closing its connection. It counts the requests held and the ones that have returned, so a
/// test can check that a cancelled caller did not end before its requests did.
final class SlowUnwindHTTPClient: HTTPClient {
  private struct State {
    var held = 0
    var returned = 0
  }

  private let state = Mutex(State())
  private let unwindYields: Int

  init(unwindYields: Int) {
    self.unwindYields = unwindYields
  }

  /// Requests held so far.
  var heldCount: Int { state.withLock { $0.held } }
  /// Requests that have returned after their cancellation.
  var returnedCount: Int { state.withLock { $0.returned } }

  func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
    state.withLock { $0.held += 1 }
    let gate = TestGate()
    await withTaskCancellationHandler {
      await gate.wait()
    } onCancel: {
      gate.open()
    }
    for _ in 0..<unwindYields { await Task.yield() }
    state.withLock { $0.returned += 1 }
    throw .cancelled
  }
}
