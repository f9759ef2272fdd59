#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The names and addresses this machine answers to: what a browser on the home network may
/// put in `Host` (cloudy-web refuses any other, against DNS rebinding).
public enum MachineNames {
  /// The host name (`gethostname`), and with `.local` (mDNS) when it has no dot.
  public static func hostNames() -> [String] {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return [] }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self
    ).lowercased()
    guard !name.isEmpty else { return [] }
    return name.contains(".") ? [name] : [name, name + ".local"]
  }

  /// Every interface's IPv4 and IPv6 address (`getifaddrs`), IPv6 without a zone.
  public static func addresses() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var found: [String] = []
    var cursor = first
    while let entry = cursor {
      defer { cursor = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr else { continue }
      let family = Int32(address.pointee.sa_family)
      guard family == AF_INET || family == AF_INET6 else { continue }
      var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
      let ok: Bool
      if family == AF_INET {
        ok = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
          var raw = ipv4.pointee.sin_addr
          return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
        }
      } else {
        ok = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
          var raw = ipv6.pointee.sin6_addr
          return inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil
        }
      }
      guard ok else { continue }
      let name = String(
        decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !found.contains(name) { found.append(name) }
    }
    return found
  }
}
