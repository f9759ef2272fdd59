import CloudyPlatform
import Synchronization

/// Which `Host` headers cloudy-web answers: a page reached under any other name is refused
/// (421), so a web page whose DNS name is made to point at this machine (DNS rebinding) cannot
/// read or change the file through a browser.
///
/// Allowed, each with the port listened on: the listen address; `localhost`, `127.0.0.1` and
/// `[::1]`; on a listen other than loopback, also the machine's host names (and `NAME.local`)
/// and interface addresses; and each `--allow-host` name — with the listen port, with the port
/// it carries itself, or bare (behind a reverse proxy on 80/443).
final class HostPolicy: Sendable {
  private let names: Set<String>
  private let bareNames: Set<String>
  private let authorities: Set<String>
  private let port = Atomic<Int>(-1)

  init(listen: ListenAddress, extraNames: [String]) {
    var names: Set<String> = [listen.host, "localhost", "127.0.0.1", "::1"]
    if !listen.isLoopback {
      names.formUnion(MachineNames.hostNames())
      names.formUnion(MachineNames.addresses())
    }
    var bare: Set<String> = []
    var authorities: Set<String> = []
    for name in extraNames.map({ $0.lowercased() }) {
      if let given = ListenAddress(name) {
        authorities.insert(given.description)
      } else {
        let plain =
          name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
        names.insert(plain)
        bare.insert(plain)
      }
    }
    self.names = names
    bareNames = bare
    self.authorities = authorities
    if listen.port != 0 { port.store(listen.port, ordering: .relaxed) }
  }

  /// The port the server listens on (the system's choice for port 0).
  func listening(on port: Int) {
    self.port.store(port, ordering: .relaxed)
  }

  /// `host` is the request's Host (HTTP/1.1) or :authority, as sent.
  func allows(_ host: String?) -> Bool {
    guard let host, !host.isEmpty else { return false }
    let text = host.lowercased()
    if authorities.contains(text) { return true }
    var name: Substring
    var givenPort: Int?
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return false }
      name = text[text.index(after: text.startIndex)..<close]
      let rest = text[text.index(after: close)...]
      if !rest.isEmpty {
        guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { return false }
        givenPort = number
      }
    } else if let colon = text.lastIndex(of: ":") {
      guard !text[..<colon].contains(":"), let number = Int(text[text.index(after: colon)...])
      else { return false }
      name = text[..<colon]
      givenPort = number
    } else {
      name = Substring(text)
    }
    // A trailing dot names the same host ("localhost.:8470").
    if name.hasSuffix(".") { name = name.dropLast() }
    guard let givenPort else { return bareNames.contains(String(name)) }
    return givenPort == port.load(ordering: .relaxed) && names.contains(String(name))
  }
}
