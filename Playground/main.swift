// The runnable tour of Signal: `swift run Playground <page>` or `swift run Playground all`.
// Each page is a short program in Pages/ that prints what it demonstrates.

let pages: [any PlaygroundPage.Type] = [
  OperatorsPage.self,
  SubjectsPage.self,
  MergePage.self,
  FanInPage.self,
  CombiningPage.self,
  TimePage.self,
  SharingPage.self,
]

let arguments = Array(CommandLine.arguments.dropFirst())
let names = pages.map { $0.name }

func usage() -> String {
  "usage: swift run Playground <page>|all\npages: \(names.joined(separator: ", "))"
}

switch arguments.first {
case nil, "-h", "--help", "help":
  print(usage())
case "all":
  for page in pages {
    print("=== \(page.name): \(page.summary)")
    await page.run()
    print("")
  }
case let name?:
  guard let page = pages.first(where: { $0.name == name }) else {
    print("Playground: no page named '\(name)'\n\(usage())")
    exitWithUsageError()
  }
  print("=== \(page.name): \(page.summary)")
  await page.run()
}
