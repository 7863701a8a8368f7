// hollow-cli: all the logic lives in the HollowCLI library, so it is testable in-process.
import HollowCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let status = await HollowCommandLine.run(Array(CommandLine.arguments.dropFirst()), environment: .process())
exit(status)
