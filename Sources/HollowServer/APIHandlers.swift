import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `/v3` endpoints: read and check parameters, call the store, wrap the answer.
///
/// `v` and `device` query parameters are ignored, like the real server does.
struct APIHandlers {
  let store: DataStore

  enum Endpoint {
    case timeline, randomList, followed, search, searchFollowed, detail, systemMessages
    case sendPost, sendComment, sendVote, editAttention, reportPost, reportComment
  }

  static let maximumSearchPage = 100
  static let maximumListPage = 150
  static let maximumKeywordLength = 30
  static let maximumTextLength = 10_000
  static let maximumVoteOptions = 4
  static let maximumVoteOptionLength = 15

  func handle(_ endpoint: Endpoint, _ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    switch endpoint {
    case .timeline: try timeline(request)
    case .randomList: try randomList(request)
    case .followed: try followed(request)
    case .search: try search(request)
    case .searchFollowed: try searchFollowed(request)
    case .detail: try detail(request)
    case .systemMessages: try systemMessages(request)
    case .sendPost: try sendPost(request)
    case .sendComment: try sendComment(request)
    case .sendVote: try sendVote(request)
    case .editAttention: try editAttention(request)
    case .reportPost: try reportPost(request)
    case .reportComment: try reportComment(request)
    }
  }

  private func timeline(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    .json(store.timelinePage(try page(request.query, maximum: Self.maximumListPage)))
  }

  private func randomList(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    .json(store.randomPage())
  }

  private func followed(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    .json(store.followedPage(try page(request.query, maximum: Self.maximumListPage)))
  }

  private func search(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let query = request.query
    let result = store.search(
      keywords: try keywords(query), page: try page(query, maximum: Self.maximumSearchPage),
      includeComments: try flag(query, "include_comment", default: true),
      before: try optionalInt(query, "before"), after: try optionalInt(query, "after"))
    return .json(result)
  }

  private func searchFollowed(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let query = request.query
    return .json(store.followedPage(try page(query, maximum: Self.maximumSearchPage), keywords: try keywords(query)))
  }

  private func detail(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let query = request.query
    let detail = try store.detail(
      pid: try pid(query, "pid"), includeComments: try flag(query, "include_comment", default: true),
      knownUpdatedAt: try optionalInt(query, "old_updated_at"))
    return .json(detail)
  }

  private func systemMessages(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    .json(store.systemMessages)
  }

  private func sendPost(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    let text = value(form, "text") ?? ""
    let image = try imageData(form)
    let options = form.filter { $0.name == "vote_options[]" || $0.name == "vote_options" }.map(\.value)
      .filter { !$0.isEmpty }
    try checkText(text, allowEmpty: image != nil)
    guard options.count <= Self.maximumVoteOptions, options.allSatisfy({ $0.count <= Self.maximumVoteOptionLength })
    else {
      throw .invalid("投票最多 \(Self.maximumVoteOptions) 个选项，每个最多 \(Self.maximumVoteOptionLength) 字")
    }
    guard options.count != 1, Set(options).count == options.count else { throw .invalid("投票选项无效 (invalid options)") }
    let tag = value(form, "tag").flatMap { $0.isEmpty ? nil : $0 }
    return .json(SentPost(pid: try store.sendPost(text: text, image: image, voteOptions: options, tag: tag)))
  }

  private func sendComment(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    let text = value(form, "text") ?? ""
    let image = try imageData(form)
    try checkText(text, allowEmpty: image != nil)
    let replyTo = try optionalInt(form, "reply_to_cid").flatMap { $0 == Comment.replyToPost ? nil : $0 }
    let cid = try store.sendComment(pid: try pid(form, "pid"), text: text, image: image, replyTo: replyTo)
    return .json(SentComment(cid: cid))
  }

  private func sendVote(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    guard let option = value(form, "option"), !option.isEmpty else { throw .invalid("缺少 option (missing option)") }
    return .json(VoteResult(vote: try store.vote(pid: try pid(form, "pid"), option: option)))
  }

  private func editAttention(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    let follow: Bool
    switch value(form, "switch") {
    case "1": follow = true
    case "0": follow = false
    default: throw .invalid("switch 只能是 1 或 0 (switch must be 1 or 0)")
    }
    return .json(AttentionResult(post: try store.setFollowing(pid: try pid(form, "pid"), follow: follow)))
  }

  private func reportPost(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    try store.reportPost(pid: try pid(form, "id"))
    return .json(APIStatus(code: 0))
  }

  private func reportComment(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    try store.reportComment(cid: try pid(form, "id"))
    return .json(APIStatus(code: 0))
  }

  // MARK: Parameters

  private func form(_ request: HTTPRequest) throws(APIFailure) -> [QueryItem] {
    guard let items = FormDecoding.items(request.body) else {
      throw .invalid("表单格式错误 (malformed x-www-form-urlencoded body)")
    }
    return items
  }

  private func value(_ items: [QueryItem], _ name: String) -> String? {
    items.first { $0.name == name }?.value
  }

  /// A pid or cid: not a number is `-1`, as on the real server.
  private func pid(_ items: [QueryItem], _ name: String) throws(APIFailure) -> Int {
    guard let text = value(items, name), let pid = Int(text) else { throw .invalid("\(name) 不是数字 (not a number)") }
    return pid
  }

  private func optionalInt(_ items: [QueryItem], _ name: String) throws(APIFailure) -> Int? {
    guard let text = value(items, name), !text.isEmpty else { return nil }
    guard let number = Int(text) else { throw .invalid("\(name) 不是数字 (not a number)") }
    return number
  }

  private func page(_ items: [QueryItem], maximum: Int) throws(APIFailure) -> Int {
    let page = try optionalInt(items, "page") ?? 1
    guard (1...maximum).contains(page) else { throw .invalid("page 应在 1...\(maximum) (page out of range)") }
    return page
  }

  private func flag(_ items: [QueryItem], _ name: String, default defaultValue: Bool) throws(APIFailure) -> Bool {
    switch value(items, name)?.lowercased() {
    case nil, "": defaultValue
    case "1", "true": true
    case "0", "false": false
    default: throw .invalid("\(name) 应为 true/false 或 1/0")
    }
  }

  private func keywords(_ items: [QueryItem]) throws(APIFailure) -> [String] {
    let raw = value(items, "keywords") ?? ""
    let keywords = raw.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" }).map(String.init)
    guard !keywords.isEmpty else { throw .invalid("关键词不能为空 (empty keywords)") }
    guard raw.count <= Self.maximumKeywordLength else {
      throw .invalid("关键词最多 \(Self.maximumKeywordLength) 字 (keywords too long)")
    }
    return keywords
  }

  private func checkText(_ text: String, allowEmpty: Bool) throws(APIFailure) {
    guard allowEmpty || !text.trimmingWhitespace().isEmpty else {
      throw .invalid("内容不能为空 (empty text)")
    }
    guard text.count <= Self.maximumTextLength else {
      throw .invalid("内容最多 \(Self.maximumTextLength) 字 (text too long)")
    }
  }

  /// The base64 `data` field of an image post or comment, when `type` is image.
  private func imageData(_ form: [QueryItem]) throws(APIFailure) -> [UInt8]? {
    let type = value(form, "type") ?? "text"
    guard type == "image" else {
      guard type == "text" else { throw .invalid("type 只能是 text 或 image") }
      return nil
    }
    guard let encoded = value(form, "data"), let data = Data(base64Encoded: encoded) else {
      throw .invalid("图片数据不是 base64 (data is not base64)")
    }
    return Array(data)
  }
}
