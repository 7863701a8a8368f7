import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `/v3` endpoints: read and check parameters in the real backend's order and with its messages, call
/// the store, wrap the answer. The token, the page and the rate limits were checked by the ``Router``.
///
/// `v` and `device` query parameters are ignored, like the real server does.
struct APIHandlers {
  let store: DataStore
  /// The largest image, estimated from its base64 text as the real backend does.
  let maxImageBytes: Int
  let viewer: Viewer

  enum Endpoint: Sendable {
    case timeline, randomList, followed, search, searchFollowed, detail, systemMessages, userMessages
    case sendPost, sendComment, sendVote, editAttention, reportPost, reportComment
  }

  static let maximumSearchPage = 100
  static let maximumListPage = 150
  static let maximumKeywordLength = 30
  static let maximumTextLength = 10_000
  static let maximumVoteOptions = 4
  static let maximumVoteOptionLength = 15
  static let maximumReasonBytes = 1_000
  /// Base64 text is this much longer than the bytes it carries.
  static let base64Rate = 1.33333333

  func handle(_ endpoint: Endpoint, _ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    switch endpoint {
    case .timeline:
      .json(store.timelinePage(try Self.page(request.query, maximum: Self.maximumListPage), viewer: viewer))
    case .randomList: .json(store.wander(viewer: viewer))
    case .followed:
      .json(store.followedPage(try Self.page(request.query, maximum: Self.maximumListPage), viewer: viewer))
    case .search: try search(request)
    case .searchFollowed: try searchFollowed(request)
    case .detail: try detail(request)
    case .systemMessages: .json(store.systemMessages)
    case .userMessages: try userMessages(request)
    case .sendPost: try sendPost(request)
    case .sendComment: try sendComment(request)
    case .sendVote: try sendVote(request)
    case .editAttention: try editAttention(request)
    case .reportPost: try report(request, isComment: false)
    case .reportComment: try report(request, isComment: true)
    }
  }

  private func search(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let items = request.query
    var query = try searchQuery(items)
    if query.isHotList { return .json(store.search(query, viewer: viewer)) }
    query.includeComments = value(items, "include_comment") != "false"
    query.before = value(items, "before").flatMap { Int($0) }.flatMap { $0 < 0 ? nil : $0 }
    query.after = value(items, "after").flatMap { Int($0) }.flatMap { $0 < 0 ? nil : $0 }
    query.order = SearchQuery.Order(value(items, "order"))
    return .json(store.search(query, viewer: viewer))
  }

  private func searchFollowed(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    var query = try searchQuery(request.query)
    query.order = SearchQuery.Order(value(request.query, "order"))
    return .json(store.searchFollowed(query, viewer: viewer))
  }

  private func searchQuery(_ items: [QueryItem]) throws(APIFailure) -> SearchQuery {
    let keywords = value(items, "keywords") ?? ""
    let query = SearchQuery(text: keywords, page: try Self.page(items, maximum: Self.maximumSearchPage))
    if query.isHotList { return query }
    guard keywords.unicodeScalars.count <= Self.maximumKeywordLength else { throw .invalid("搜索内容过长") }
    return query
  }

  private func detail(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let query = request.query
    guard let pid = value(query, "pid").flatMap({ Int($0) }) else { throw .invalid("获取失败，pid不合法") }
    let detail = try store.detail(
      pid: pid, includeComment: value(query, "include_comment"), oldUpdatedAt: value(query, "old_updated_at"),
      viewer: viewer)
    return .json(detail)
  }

  private func userMessages(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let query = request.query
    let page = try Self.page(query, maximum: Self.maximumListPage)
    let since = value(query, "since_id").flatMap { Int($0) }.flatMap { $0 < 0 ? nil : $0 }
    return .json(store.userMessages(page: page, sinceID: since))
  }

  private func sendPost(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    let content = try checkedContent(form)
    let options = try Self.voteOptions(form.filter { $0.name == "vote_options[]" }.map(\.value))
    let tag = value(form, "tag").flatMap { DemoText.reportableTags.contains($0) ? $0 : nil }
    let pid = try store.sendPost(text: content.text, image: try content.image(), voteOptions: options, tag: tag)
    return .json(SentPost(pid: pid))
  }

  private func sendComment(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    let content = try checkedContent(form)
    guard let pid = value(form, "pid").flatMap({ Int($0) }) else { throw .invalid("发送失败，pid不合法") }
    // Not a number is a reply to the post; any other number is stored as sent.
    let replyTo = value(form, "reply_to_cid").flatMap { Int($0) }.flatMap { $0 == Comment.replyToPost ? nil : $0 }
    let cid = try store.sendComment(pid: pid, text: content.text, image: try content.image(), replyTo: replyTo)
    return .json(SentComment(cid: cid))
  }

  private func sendVote(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    guard let pid = value(form, "pid").flatMap({ Int($0) }) else { throw .invalid("投票操作失败，pid不合法") }
    return .json(VoteResult(vote: try store.vote(pid: pid, option: value(form, "option") ?? "")))
  }

  private func editAttention(_ request: HTTPRequest) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    guard let pid = value(form, "pid").flatMap({ Int($0) }) else { throw .invalid("关注操作失败，pid不合法") }
    return .json(AttentionResult(post: try store.setFollowing(pid: pid, switch: value(form, "switch") ?? "")))
  }

  private func report(_ request: HTTPRequest, isComment: Bool) throws(APIFailure) -> HTTPResponse {
    let form = try self.form(request)
    let reason = value(form, "reason") ?? ""
    guard reason.utf8.count <= Self.maximumReasonBytes else {
      throw .invalid("字数过长！字数限制为\(Self.maximumReasonBytes)字节。")
    }
    guard let id = value(form, "id").flatMap({ Int($0) }) else { throw .invalid("操作失败，id不合法") }
    try store.report(isComment: isComment, id: id, type: value(form, "type") ?? "", reason: reason)
    return .json(APIStatus(code: 0))
  }

  // MARK: Parameters

  /// `page`, required: not a number and out of range are refused with the real backend's messages.
  static func page(_ items: [QueryItem], maximum: Int) throws(APIFailure) -> Int {
    guard let page = items.first(where: { $0.name == "page" }).flatMap({ Int($0.value) }) else {
      throw .invalid("获取失败，参数page不合法")
    }
    guard (1...maximum).contains(page) else { throw .invalid("获取失败，参数page超出范围") }
    return page
  }

  private func form(_ request: HTTPRequest) throws(APIFailure) -> [QueryItem] {
    guard let items = FormDecoding.items(request.body) else {
      throw .invalid("表单格式错误 (malformed x-www-form-urlencoded body)")
    }
    return items
  }

  private func value(_ items: [QueryItem], _ name: String) -> String? {
    items.first { $0.name == name }?.value
  }

  /// The text and picture of a post or comment, checked in the real backend's order: the length in Unicode
  /// scalars, empty text, the `type` (required), the image's size estimated from its base64 text.
  private struct Content {
    var text: String
    var base64: String?

    func image() throws(APIFailure) -> [UInt8]? {
      guard let base64 else { return nil }
      guard let data = Data(base64Encoded: base64) else { throw .invalid("图片数据不是有效的 base64") }
      return Array(data)
    }
  }

  private func checkedContent(_ form: [QueryItem]) throws(APIFailure) -> Content {
    let text = value(form, "text") ?? ""
    let type = value(form, "type") ?? ""
    let data = value(form, "data") ?? ""
    guard text.unicodeScalars.count <= Self.maximumTextLength else {
      throw .invalid("字数过长！字数限制为\(Self.maximumTextLength)字。")
    }
    if text.isEmpty, type == "text" { throw .invalid("请输入内容") }
    guard type == "text" || type == "image" else { throw .invalid("未知类型的树洞") }
    guard Double(data.utf8.count) / Self.base64Rate <= Double(maxImageBytes) else { throw .invalid("图片大小超出限制！") }
    return Content(text: text, base64: type == "image" ? data : nil)
  }

  /// `vote_options[]`: each at most 15 scalars as sent, then trimmed, empty ones dropped and duplicates merged;
  /// none is no poll, else 2 to 4.
  static func voteOptions(_ raw: [String]) throws(APIFailure) -> [String] {
    guard raw.allSatisfy({ $0.unicodeScalars.count <= maximumVoteOptionLength }) else {
      throw .invalid("发送失败，选项长度最大是\(maximumVoteOptionLength)个字符")
    }
    var options: [String] = []
    for option in raw {
      let trimmed = String(option.trimmingWhitespace())
      if !trimmed.isEmpty, !options.contains(trimmed) { options.append(trimmed) }
    }
    guard options.count <= maximumVoteOptions else { throw .invalid("发送失败，最多\(maximumVoteOptions)个投票选项") }
    guard options.count != 1 else { throw .invalid("发送失败，至少两个选项") }
    return options
  }
}
