/// An answer decoded in one pass: its ``APIStatus`` first, then, when that says success, `Result` from the
/// same JSON object. Parsing the body once instead of twice (once for `code`, once for the data) is most of
/// a page's decoding time saved twice over on a cold start.
///
/// ```swift
/// let answer = try WireFormat.decode(StatusCheckedAnswer<PostPage>.self, from: body)
/// if let page = answer.result { print(page.data.count) } else { print(answer.status.msg ?? "failed") }
/// ```
struct StatusCheckedAnswer<Result: Decodable>: Decodable {
  let status: APIStatus
  /// The decoded answer; nil when ``status`` says the request failed (then the data is not there to decode).
  let result: Result?

  init(from decoder: any Decoder) throws {
    status = try APIStatus(from: decoder)
    result = status.isSuccess ? try Result(from: decoder) : nil
  }
}
