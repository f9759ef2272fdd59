#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One TCP exchange: connect, send a request whole, read the answer until the other side
/// closes. What `cloudy-db sync` needs to talk to a household's `cloudy-web` (plain HTTP with
/// `Connection: close`), without linking an HTTP library into every tool.
public enum StreamConnection {
  /// Sends `request` to `host:port` and returns everything the peer sends until it closes,
  /// at most `limit` bytes; each read or write waits at most `timeoutSeconds`.
  public static func exchange(
    host: String, port: Int, request: [UInt8], limit: Int, timeoutSeconds: Int = 30
  ) throws(SystemCallError) -> [UInt8] {
    let descriptor = try connect(host: host, port: port, timeoutSeconds: timeoutSeconds)
    defer { close(descriptor) }
    var sent = 0
    while sent < request.count {
      let count = try SystemCall.run("send to \(host):\(port)") {
        request.withUnsafeBytes { raw in
          send(descriptor, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
        }
      }
      sent += count
    }
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = try SystemCall.run("receive from \(host):\(port)") {
        chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      }
      if count == 0 { return answer }
      answer += chunk[0..<count]
      if answer.count > limit {
        throw SystemCallError(
          call: "receive from \(host):\(port)", errorNumber: EFBIG,
          reason: "the answer is larger than \(limit) bytes")
      }
    }
  }

  private static func connect(host: String, port: Int, timeoutSeconds: Int) throws(SystemCallError)
    -> Int32
  {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let found = getaddrinfo(host, String(port), &hints, &list)
    guard found == 0, let list else {
      throw SystemCallError(
        call: "look up \(host)", errorNumber: 0,
        reason: String(cString: gai_strerror(found)))
    }
    defer { freeaddrinfo(list) }
    var lastError: Int32 = ECONNREFUSED
    var entry: UnsafeMutablePointer<addrinfo>? = list
    while let address = entry {
      entry = address.pointee.ai_next
      let descriptor = socket(
        address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
        address.pointee.ai_protocol)
      guard descriptor >= 0 else {
        lastError = errno
        continue
      }
      var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
      setsockopt(
        descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      setsockopt(
        descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      if Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
        return descriptor
      }
      lastError = errno
      close(descriptor)
    }
    throw SystemCallError(call: "connect to \(host):\(port)", errorNumber: lastError)
  }
}
