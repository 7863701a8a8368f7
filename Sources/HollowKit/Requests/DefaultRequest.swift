#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A ``Request`` that follows the v3 API's common shape, with a default ``perform()``:
///
/// 1. ``validate()`` the parameters (no network I/O for bad input);
/// 2. build `<apiRoot>/v3/<path>?<fields>&v=v<appVersion>&device=2` (GET), or post the fields as
///    an `application/x-www-form-urlencoded` body (POST), with the header `TOKEN: <token>`;
/// 3. send it with ``TreeHoleClient/send(_:)``, which retries a transient failure as the client's
///    ``RequestRetry`` says (never a write that may have reached the server);
/// 4. check the HTTP status (413 is ``HollowError/Kind/fileTooLarge``);
/// 5. decode `code`/`msg` and turn a negative `code` into a typed error;
/// 6. decode ``Request/Result`` and ``transform(_:)`` it.
///
/// A concrete request is a few lines:
///
/// ```swift
/// public struct SystemMessagesRequest: DefaultRequest {
///   public struct Parameters: Sendable, Equatable { public init() {} }
///   public typealias Result = SystemMessageList
///   public typealias ResultData = [SystemMessage]
///   public let configuration: RequestConfiguration<Parameters>
///   public init(configuration: RequestConfiguration<Parameters>) { self.configuration = configuration }
///   public var path: String { "contents/system_msg" }
///   public func transform(_ result: SystemMessageList) -> [SystemMessage] { result.messages }
/// }
/// ```
public protocol DefaultRequest: Request
where Configuration == RequestConfiguration<Parameters>, Self.Error == HollowError {
  /// The request's own input (page, pid, text, ...).
  associatedtype Parameters: Sendable

  /// The path under `/v3/`, e.g. `contents/post/list`.
  var path: String { get }
  /// `.get` unless the request writes.
  var method: HTTPMethod { get }
  /// The query fields (GET) or body fields (POST), in order; `v` and `device` are added for you.
  var fields: [FormField] { get }
  /// The name in error messages; defaults to ``path`` without `contents/`, e.g. `post/list`.
  var name: String { get }

  /// Throws ``HollowError/Kind/invalidInput(_:)`` when the parameters break a documented limit.
  func validate() throws(HollowError)
  /// Turns the decoded answer into what callers get.
  func transform(_ result: Result) throws(HollowError) -> ResultData
}

extension DefaultRequest {
  public var method: HTTPMethod { .get }
  public var fields: [FormField] { [] }

  public func validate() throws(HollowError) {}

  public var name: String {
    path.hasPrefix("contents/") ? String(path.dropFirst("contents/".count)) : path
  }

  /// The parameters of this request.
  public var parameters: Parameters { configuration.parameters }

  /// An error of `kind` for this request.
  public func failure(_ kind: HollowError.Kind) -> HollowError {
    HollowError(request: name, kind: kind)
  }

  /// Validates, sends, checks and decodes; see ``DefaultRequest``.
  ///
  /// A request the server limits in the short term (``RateLimit/init(requestPath:)``) first waits for the client's ``RateLimitKeeper`` window. If
  /// the server still answers that it must wait, a read waits the window and tries once more; a
  /// write fails with ``HollowError/Kind/rateLimited(_:message:)`` and is never sent again.
  public func perform() async throws(HollowError) -> ResultData {
    do {
      return try await performOnce()
    } catch {
      guard method == .get, case .rateLimited(let limit, _) = error.kind, limit == RateLimit(requestPath: path) else {
        throw error
      }
      // With a keeper, the retry waits for its window (the refusal was an answer); without, here.
      if configuration.client.rateLimits == nil {
        do {
          try await Task.sleep(for: limit.window + RateLimit.margin)
        } catch {
          throw failure(.transport(.cancelled))
        }
      }
      return try await performOnce()
    }
  }

  private func performOnce() async throws(HollowError) -> ResultData {
    let client = configuration.client
    let request = try httpRequest()
    let rateLimit = RateLimit(requestPath: path)
    let keeper = rateLimit.flatMap { _ in client.rateLimits }
    if let rateLimit, let keeper {
      do {
        try await keeper.waitForWindow(rateLimit)
      } catch {
        throw failure(.transport(.cancelled))
      }
    }
    if Task.isCancelled { throw failure(.transport(.cancelled)) }
    let response: HTTPClientResponse
    do {
      response = try await client.send(request)
    } catch {
      throw failure(.transport(error)).redacting(client.configuration.token)
    }
    if let rateLimit, let keeper { keeper.answerArrived(rateLimit) }
    do {
      return try transform(try decode(response))
    } catch {
      throw error.redacting(client.configuration.token)
    }
  }

  /// The HTTP request ``perform()`` sends, after ``validate()``.
  public func httpRequest() throws(HollowError) -> HTTPClientRequest {
    try validate()
    let configuration = configuration.client.configuration
    let common = [FormField("v", "v\(configuration.appVersion)"), FormField("device", ClientConfiguration.deviceCode)]
    let query = FormField.encode(method == .get ? fields + common : common)
    var root = configuration.apiRoot.absoluteString
    while root.hasSuffix("/") { root.removeLast() }
    guard let url = URL(string: "\(root)/v3/\(path)?\(query)") else {
      throw failure(.invalidInput("cannot make a URL from the API root \(configuration.apiRoot)"))
    }
    var headers: [String: String] = ["Accept": "application/json"]
    if let token = configuration.token { headers["TOKEN"] = token }
    let limit = configuration.maximumAnswerBytes
    guard method == .post else {
      return HTTPClientRequest(method: .get, url: url, headers: headers, maximumResponseBytes: limit)
    }
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    return HTTPClientRequest(
      method: .post, url: url, headers: headers, body: Data(FormField.encode(fields).utf8), maximumResponseBytes: limit)
  }

  /// Checks the status and `code`, then decodes ``Request/Result``.
  public func decode(_ response: HTTPClientResponse) throws(HollowError) -> Result {
    switch response.status {
    case 200..<300: break
    case 413: throw failure(.fileTooLarge)
    default: throw failure(.httpStatus(response.status))
    }
    let answer: StatusCheckedAnswer<Result>
    do {
      answer = try WireFormat.decode(StatusCheckedAnswer<Result>.self, from: response.body)
    } catch {
      throw failure(.decoding(error))
    }
    guard let result = answer.result else {
      // Sent without a token, the login answer (-100) means this needs one: a server that allows
      // anonymous reading answers it for followed posts, messages and every write.
      if answer.status.code == APIStatus.tokenExpired, configuration.client.configuration.token?.isEmpty ?? true {
        throw failure(.tokenRequired)
      }
      throw HollowError(request: name, code: answer.status.code, message: answer.status.msg)
    }
    return result
  }
}

extension DefaultRequest where ResultData == Result {
  /// Callers get the answer as decoded.
  public func transform(_ result: Result) throws(HollowError) -> ResultData { result }
}
