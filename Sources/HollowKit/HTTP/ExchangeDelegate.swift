// Only where the socket transport cannot speak TLS (Apple platforms). On Linux it would link
// FoundationNetworking, libcurl and some 30 libraries into every start of hollow-cli for a path
// that spins while it waits (Docs/Performance.md).
#if !canImport(CHollowTLS)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Routes `URLSession`'s delegate calls to the ``ResponseCollector`` of each task.
final class ExchangeDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let collectors = Mutex<[Int: ResponseCollector]>([:])

  func register(_ collector: ResponseCollector, for task: URLSessionTask) {
    collectors.withLock { $0[task.taskIdentifier] = collector }
  }

  func unregister(_ task: URLSessionTask) {
    _ = collectors.withLock { $0.removeValue(forKey: task.taskIdentifier) }
  }

  private func collector(_ task: URLSessionTask) -> ResponseCollector? {
    collectors.withLock { $0[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // Never followed here: the 30x becomes the response and NetworkHTTPClient's policy decides.
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let proceed = collector(dataTask)?.receive(response) ?? false
    completionHandler(proceed ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    collector(dataTask)?.receive(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    collector(task)?.complete(error: error, url: task.originalRequest?.url, finalResponse: task.response)
  }
}
#endif
