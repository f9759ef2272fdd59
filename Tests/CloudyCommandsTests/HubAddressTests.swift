import CloudyCLI
import Testing

@testable import CloudyDBCLI

/// `cloudy-db sync URL`: the hub's address as a user gives it (what cloudy-web printed).
@Suite struct HubAddressTests {
  @Test func aHostPortAndPrefixAreRead() throws {
    let plain = try HubAddress("http://server.local:8470")
    #expect(plain.host == "server.local" && plain.port == 8470 && plain.path == "")
    let prefixed = try HubAddress("http://192.168.1.5/cloudy/")
    #expect(prefixed.host == "192.168.1.5" && prefixed.port == 80 && prefixed.path == "/cloudy")
    let six = try HubAddress("http://[::1]:8470")
    #expect(six.host == "::1" && six.port == 8470 && six.authority == "[::1]:8470")
  }

  @Test func httpsAnotherSchemeABadPortAndNoHostAreRefusedWithAdvice() {
    for (text, words) in [
      ("https://server.local:8470", "sync folder"), ("server.local:8470", "http://HOST:PORT"),
      ("http://server.local:99999", "no valid port"), ("http://:8470", "names no host"),
    ] {
      #expect {
        try HubAddress(text)
      } throws: { error in
        guard case CommandError.invalidRequest(let message) = error else { return false }
        return message.contains(words)
      }
    }
  }
}
