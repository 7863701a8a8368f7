/// Word material for the generated data set: Chinese and English mixed, like the real tree hole.
enum DemoText {
  static let names = [
    "Alice", "Bob", "Carol", "Dave", "Eve", "Francis", "Grace", "Hans", "Isabella", "Jason", "Kate", "Louis",
    "Margaret", "Nathan", "Olivia", "Paul", "Queen", "Richard", "Susan", "Thomas", "Uma", "Vivian", "Winnie",
    "Xander", "Yasmine", "Zach",
  ]
  /// The adjectives of the second round of pseudonyms ("Angry Alice"), as on the real backend.
  static let adjectives = [
    "Angry", "Baby", "Crazy", "Diligent", "Excited", "Fat", "Greedy", "Hungry", "Interesting", "Jolly", "Kind",
    "Little", "Magic", "Naïve", "Old", "PKU", "Quiet", "Rich", "Superman", "Tough", "Undefined", "Valuable",
    "Wifeless", "Xiangbuchulai", "Young", "Zombie",
  ]
  static let dzName = "洞主"

  /// The pseudonym of the `index`th (from 0) commenter in a thread who is not 洞主.
  static func commenterName(_ index: Int) -> String {
    if index < names.count { return names[index] }
    let second = index - names.count
    if second < adjectives.count * names.count {
      return adjectives[second / names.count] + " " + names[second % names.count]
    }
    return "You Win \(second - adjectives.count * names.count + 1)"
  }

  static let openings = [
    "今天食堂的麻辣香锅", "有没有人知道", "Does anyone know", "求助：", "深夜树洞", "分享一个", "刚刚在图书馆",
    "Just saw", "吐槽一下", "考试周", "Hot take:", "有人一起", "我室友", "PSA:", "终于", "Random thought:",
  ]
  static let middles = [
    "真的太好吃了", "怎么选课", "the library closes at 10pm", "电脑又蓝屏了", "一只猫在三教门口", "the deadline got moved",
    "早八起不来", "swift concurrency 好难", "二手自行车", "the new coffee shop", "期中成绩出来了", "怎么办",
    "下雨没带伞", "a lost AirPods case", "跑步打卡", "is the gym open",
  ]
  static let endings = [
    "。", "？", "!", "…", " 求回复", " lol", "。谢谢大家", " 🙏", "", "。冲冲冲", " (urgent)", "。",
  ]
  static let commentTexts = [
    "同问", "+1", "哈哈哈哈", "me too", "楼主加油", "已私信", "Same here!", "建议去问辅导员", "蹲一个后续",
    "这个我知道", "no idea sorry", "前排", "确实", "that's wild", "顶", "笑死",
  ]
  /// The tags a user may send with a post or fold a post under (the real backend's example configuration).
  static let reportableTags = ["性相关", "政治相关", "引战", "未经证实的传闻", "令人不适", "刷屏", "NSFW", "重复内容"]
  /// The tags generated posts carry.
  static let tags = ["性相关", "刷屏", "政治相关", "未经证实的传闻"]
  static let voteOptionSets = [
    ["豆浆", "豆腐脑"], ["Swift", "Kotlin", "Rust"], ["甜粽", "咸粽", "都行", "不吃"], ["yes", "no"],
    ["一食堂", "二食堂", "外卖"], ["早起", "熬夜"],
  ]
}
