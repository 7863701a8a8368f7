// Answers in the exact shapes the v3 backend sends, quirks included.
enum WireFixtures {
  static let listPage = #"""
    {"code":0,"count":3,
     "data":[
      {"pid":101,"text":"置顶: welcome #100","type":"text","timestamp":1700000000,"updated_at":1700000500,
       "reply":2,"likenum":5,"attention":true,"deleted":false,"permissions":["report","fold"],
       "tag":null,"url":"","image_metadata":{},"vote":{}},
      {"pid":100,"text":"猫 cat","type":"image","timestamp":1690000000,"updated_at":1690000000,
       "reply":0,"likenum":0,"attention":false,"deleted":false,"permissions":[],
       "tag":"性相关","url":"ab/abcdef0123.jpeg","image_metadata":{"w":640,"h":480},"vote":{}},
      {"pid":99,"text":"选哪个?","type":"vote","timestamp":1680000000,"updated_at":1680000300,
       "reply":1,"likenum":1,"attention":false,"deleted":false,"permissions":["report"],
       "tag":null,"url":"","image_metadata":{},
       "vote":{"voted":"","vote_options":["A","B"],"vote_data":{"A":-1,"B":-1}}}
     ],
     "comments":{"101":[
       {"cid":5,"pid":101,"text":"first","type":"text","timestamp":1700000100,"reply_to":-1,"name":"洞主",
        "is_dz":true,"tag":null,"deleted":false,"permissions":[],"url":"","image_metadata":{}},
       {"cid":6,"pid":101,"text":"pic","type":"image","timestamp":1700000500,"reply_to":5,"name":"Alice",
        "is_dz":false,"tag":"刷屏","deleted":false,"permissions":["report"],"url":"cd/cdef.png",
        "image_metadata":{"w":10,"h":20}}],
      "99":[
       {"cid":7,"pid":99,"text":"B!","type":"text","timestamp":1680000300,"reply_to":-1,"name":"Bob",
        "is_dz":false,"tag":null,"deleted":false,"permissions":[],"url":"","image_metadata":{}}]},
     "config":{"web_frontend_version":"v2.1.0","announcement":"欢迎 welcome"}}
    """#

  /// A list page as the real backend sends it: polls are `text`, or `image` with a picture; a
  /// pid may map to `[]` in `comments` (its previews were deleted).
  static let realShapedPage = #"""
    {"code":0,"count":3,
     "data":[
      {"pid":301,"text":"plain #300","type":"text","timestamp":1700000000,"updated_at":1700000500,
       "reply":2,"likenum":5,"attention":true,"deleted":false,"permissions":["report","fold"],
       "tag":null,"url":"","image_metadata":{},"vote":{}},
      {"pid":300,"text":"picture poll","type":"image","timestamp":1690000000,"updated_at":1690000000,
       "reply":4,"likenum":1,"attention":false,"deleted":false,"permissions":["report","fold"],
       "tag":"性相关","url":"ab/IMAGEPOLL.png","image_metadata":{"w":8,"h":6},
       "vote":{"voted":"","vote_options":["甜","咸"],"vote_data":{"甜":-1,"咸":-1}}},
      {"pid":299,"text":"text poll","type":"text","timestamp":1680000000,"updated_at":1680000300,
       "reply":0,"likenum":1,"attention":false,"deleted":false,"permissions":["report","fold"],
       "tag":null,"url":"","image_metadata":{},
       "vote":{"voted":"B","vote_options":["A","B"],"vote_data":{"A":3,"B":4}}}
     ],
     "comments":{"301":[
       {"cid":5,"pid":301,"text":"first","type":"text","timestamp":1700000100,"reply_to":-1,"name":"洞主",
        "is_dz":true,"tag":null,"deleted":false,"permissions":["report"],"url":"","image_metadata":{}},
       {"cid":6,"pid":301,"text":"pic","type":"image","timestamp":1700000500,"reply_to":0,"name":"Alice",
        "is_dz":false,"tag":null,"deleted":false,"permissions":["report"],"url":"cd/C.jpeg",
        "image_metadata":{}}],
      "300":[]},
     "config":{"web_frontend_version":"v3","announcement":""}}
    """#

  static let secondPage = #"""
    {"code":0,"count":0,"data":[],"comments":{},"config":null}
    """#

  static let randomList = #"""
    {"code":0,"count":1,"data":[
      {"pid":7,"text":"random","type":"text","timestamp":1,"updated_at":2,"reply":0,"likenum":0,
       "attention":false,"deleted":false,"permissions":[],"tag":null,"url":"","image_metadata":{},"vote":{}}]}
    """#

  static let detailWithComments = #"""
    {"code":0,
     "post":{"pid":99,"text":"选哪个?","type":"vote","timestamp":1680000000,"updated_at":1680000300,
       "reply":1,"likenum":1,"attention":false,"deleted":false,"permissions":["report"],"tag":null,"url":"",
       "image_metadata":{},"vote":{"voted":"B","vote_options":["A","B"],"vote_data":{"A":3,"B":4}}},
     "data":[{"cid":7,"pid":99,"text":"B!","type":"text","timestamp":1680000300,"reply_to":-1,"name":"Bob",
        "is_dz":false,"tag":null,"deleted":false,"permissions":[],"url":"","image_metadata":{}}]}
    """#

  static let detailCacheCurrent = #"""
    {"code":1,
     "post":{"pid":7,"text":"t","type":"text","timestamp":1,"updated_at":2,"reply":0,"likenum":0,
       "attention":false,"deleted":false,"permissions":[],"tag":null,"url":"","image_metadata":{},"vote":{}},
     "data":null}
    """#

  static let systemMessages = #"""
    {"code":0,"data":[{"title":"欢迎","content":"Be nice 友善","timestamp":1700000000}]}
    """#

  static let tokenExpired = #"{"code":-100,"msg":"登录凭据过期，请重新登录"}"#
  static let sentPost = #"{"code":0,"post_id":12345}"#
  static let sentComment = #"{"code":0,"comment_id":678}"#
  static let voteResult = #"{"code":0,"vote":{"voted":"A","vote_options":["A","B"],"vote_data":{"A":1,"B":0}}}"#
}
