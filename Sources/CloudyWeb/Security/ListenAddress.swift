/// Where cloudy-web listens: `--listen HOST:PORT` (`[::1]:8470` for IPv6; port 0 lets the
/// system choose).
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
  /// As given, without brackets: `127.0.0.1`, `::1`, `0.0.0.0`, `localhost`.
  public let host: String
  public let port: Int

  public static let loopbackDefault = ListenAddress(host: "127.0.0.1", port: 8470)

  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  /// nil for anything but HOST:PORT with a port from 0 to 65535.
  public init?(_ text: String) {
    let host: Substring
    let portText: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"),
        text[text.index(after: close)...].hasPrefix(":")
      else { return nil }
      host = text[text.index(after: text.startIndex)..<close]
      portText = text[text.index(close, offsetBy: 2)...]
    } else {
      guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else {
        return nil
      }
      host = text[..<colon]
      portText = text[text.index(after: colon)...]
    }
    guard !host.isEmpty, let port = Int(portText), (0...65_535).contains(port) else { return nil }
    self.init(host: String(host).lowercased(), port: port)
  }

  /// Only this machine can connect: 127.0.0.0/8, ::1 or the name localhost.
  public var isLoopback: Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  /// Any address of the machine (0.0.0.0 or ::).
  public var isWildcard: Bool { host == "0.0.0.0" || host == "::" }

  /// `host:port` as a URL or a Host header spells it (IPv6 in brackets).
  public static func authority(host: String, port: Int) -> String {
    (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
  }

  public var description: String { Self.authority(host: host, port: port) }
}
