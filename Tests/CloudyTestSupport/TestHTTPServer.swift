public import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One request as the test server saw it.
public struct TestRequest: Sendable {
  public var method: String
  public var path: String
  public var query: String
  public var headers: [String: String]
}

/// What the test server sends back.
public struct TestResponse: Sendable {
  public var status: Int
  public var headers: [(String, String)] = []
  public var body: [UInt8] = []
  /// Seconds to wait before sending anything.
  public var delay: Double = 0
  /// Seconds to wait after the headers and the first `bodyPrefixBeforeStall` bytes.
  public var stall: Double = 0
  public var bodyPrefixBeforeStall = 0
  /// Content-Length to announce; nil announces `body.count`.
  public var declaredLength: Int?
  /// Sends no Content-Length and closes the connection after the body.
  public var omitLength = false

  public init(
    status: Int, headers: [(String, String)] = [], body: [UInt8] = [], delay: Double = 0,
    stall: Double = 0,
    bodyPrefixBeforeStall: Int = 0, declaredLength: Int? = nil, omitLength: Bool = false
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
    self.stall = stall
    self.bodyPrefixBeforeStall = bodyPrefixBeforeStall
    self.declaredLength = declaredLength
    self.omitLength = omitLength
  }

  public static func json(_ body: [UInt8], status: Int = 200) -> TestResponse {
    TestResponse(status: status, headers: [("Content-Type", "application/json")], body: body)
  }

  public static func json(_ text: String, status: Int = 200) -> TestResponse {
    json(Array(text.utf8), status: status)
  }

  public static func redirect(to location: String, status: Int = 302) -> TestResponse {
    TestResponse(status: status, headers: [("Location", location)])
  }
}

public enum TestServerError: Error {
  case socket(String)
}

/// A small HTTP/1.1 server on 127.0.0.1 for the provider and tool tests: POSIX sockets, one accept thread
/// and one thread per connection, `Connection: close` on every answer. Every loop is bounded and
/// `stop()` ends them all.
public final class TestHTTPServer: Sendable {
  public let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (TestRequest) -> TestResponse
  private let stopping = Atomic<Bool>(false)
  private let acceptDone = DispatchSemaphore(value: 0)
  private let openConnections = Atomic<Int>(0)
  private let log = Mutex<[TestRequest]>([])

  /// Requests received so far.
  public var requests: [TestRequest] { log.withLock { $0 } }

  public var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/not-a-url")
  }

  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/not-a-url")
  }

  public init(handler: @escaping @Sendable (TestRequest) -> TestResponse) throws {
    self.handler = handler
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestServerError.socket("socket: \(errno)") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw TestServerError.socket("bind/listen: \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else {
      close(fd)
      throw TestServerError.socket("getsockname: \(errno)")
    }
    self.listener = fd
    self.port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// Stops accepting, waits (boundedly) for open connections, closes the socket. Idempotent.
  public func stop() {
    guard !stopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
    _ = acceptDone.wait(timeout: .now() + 5)
    close(listener)
    for _ in 0..<100 where openConnections.load(ordering: .sequentiallyConsistent) > 0 {
      usleep(50_000)
    }
  }

  private var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

  private func acceptLoop() {
    defer { acceptDone.signal() }
    while !isStopping {
      var pollfd = Glibc.pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      let ready = poll(&pollfd, 1, 50)
      guard ready > 0 else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      openConnections.add(1, ordering: .sequentiallyConsistent)
      let thread = Thread { [self] in
        serve(client)
        close(client)
        openConnections.subtract(1, ordering: .sequentiallyConsistent)
      }
      thread.start()
    }
  }

  /// Sleeps up to `seconds`, waking early when the server stops.
  private func pause(_ seconds: Double) {
    var left = seconds
    while left > 0, !isStopping {
      usleep(UInt32(min(left, 0.05) * 1_000_000))
      left -= 0.05
    }
  }

  private func serve(_ client: Int32) {
    var timeout = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    guard let request = readRequest(client) else { return }
    log.withLock { $0.append(request) }
    let response = handler(request)

    pause(response.delay)
    if isStopping { return }
    var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    if !response.omitLength {
      head += "Content-Length: \(response.declaredLength ?? response.body.count)\r\n"
    }
    head += "Connection: close\r\n\r\n"
    guard send(client, Array(head.utf8)) else { return }
    var body = response.body[...]
    if response.stall > 0 {
      let prefix = min(response.bodyPrefixBeforeStall, body.count)
      guard send(client, Array(body.prefix(prefix))) else { return }
      body = body.dropFirst(prefix)
      pause(response.stall)
      if isStopping { return }
    }
    _ = send(client, Array(body))
    shutdown(client, Int32(SHUT_WR))
  }

  /// Reads the request line and headers (at most 64 KiB); nil on a bad or missing request.
  private func readRequest(_ client: Int32) -> TestRequest? {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let terminator: [UInt8] = [13, 10, 13, 10]
    while data.count < 65_536 {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      data.append(contentsOf: buffer[0..<count])
      if let end = Self.find(terminator, in: data) {
        data = Array(data[0..<end])
        break
      }
    }
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n")
    let parts = lines.first?.split(separator: " ") ?? []
    guard parts.count >= 2 else { return nil }
    let target = String(parts[1])
    let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] =
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return TestRequest(
      method: String(parts[0]), path: String(pieces[0]),
      query: pieces.count > 1 ? String(pieces[1]) : "", headers: headers)
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<start + needle.count].elementsEqual(needle) {
      return start
    }
    return nil
  }

  /// Writes everything; false when the peer went away (no SIGPIPE).
  private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      if isStopping { return false }
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 307: "Temporary Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }

  /// A port on 127.0.0.1 with nothing listening (bound, read back, closed).
  public static func unusedPort() throws -> UInt16 {
    let server = try TestHTTPServer { _ in TestResponse(status: 500) }
    let port = server.port
    server.stop()
    return port
  }
}
