import CloudyPlatform
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Every system call goes through `SystemCall.run`: an interrupted call (the app's SIGWINCH, a
/// child's SIGCHLD) is made again instead of being reported as a failure.
@Suite struct SystemCallTests {
  @Test func anInterruptedCallIsMadeAgainAndItsResultReturned() throws {
    var calls = 0
    let result = try SystemCall.run("read", path: "/some/file") { () -> Int32 in
      calls += 1
      guard calls > 2 else {
        errno = EINTR
        return -1
      }
      return 42
    }
    #expect(result == 42)
    #expect(calls == 3)
  }

  @Test func aRealFailureIsReportedOnceWithTheCallThePathAndTheReason() {
    var calls = 0
    do {
      try SystemCall.run("create", path: "/full/disk") { () -> Int32 in
        calls += 1
        errno = ENOSPC
        return -1
      }
      Issue.record("a failed call was not reported")
    } catch {
      #expect(calls == 1)
      #expect(error.call == "create")
      #expect(error.path == "/full/disk")
      #expect(error.errorNumber == ENOSPC)
      #expect(error.cause == .diskFull)
      #expect(error.description == "create failed: No space left on device")
    }
  }
}
