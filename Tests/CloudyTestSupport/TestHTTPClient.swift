import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP/1.1 answer as a test sees it: status, headers (names lowercased) and body.
public struct TestHTTPReply: Sendable {
  public let status: Int
  public let headers: [String: String]
  public let body: [UInt8]

  public var text: String { String(decoding: body, as: UTF8.self) }

  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

public enum TestHTTPClientError: Error, CustomStringConvertible {
  case connect(String)
  case timeout(String)
  case malformed(String)

  public var description: String {
    switch self {
    case .connect(let what): "could not connect: \(what)"
    case .timeout(let what): "timed out: \(what)"
    case .malformed(let what): "malformed answer: \(what)"
    }
  }
}

/// A small HTTP/1.1 client on POSIX sockets, for testing cloudy-web as a browser or a script
/// would reach it, including what no well-behaved client sends (a foreign `Host`, an
/// oversized body, a raw `..` in a path). One request per connection (`Connection: close`).
public enum TestHTTPClient {
  /// Sends one request to 127.0.0.1:`port`. `host` defaults to `127.0.0.1:PORT`; nil `body`
  /// sends none. Waits at most `timeout` seconds for the whole answer.
  public static func send(
    port: Int, _ method: String, _ path: String, host: String? = nil,
    headers: [(String, String)] = [], body: [UInt8]? = nil, timeout: Double = 10
  ) throws -> TestHTTPReply {
    let socket = try connect(port: port)
    defer { close(socket) }
    var request = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    if let body { request += "Content-Length: \(body.count)\r\n" }
    request += "Connection: close\r\n\r\n"
    try write(socket, Array(request.utf8) + (body ?? []))
    let deadline = Date().addingTimeInterval(timeout)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { throw TestHTTPClientError.timeout("\(method) \(path)") }
      var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(remaining * 1000)) > 0 else { continue }
      let count = read(socket, &buffer, buffer.count)
      if count <= 0 { break }
      received += buffer.prefix(count)
      if let reply = try? parse(received), reply.complete { return reply.reply }
    }
    let parsed = try parse(received)
    return parsed.reply
  }

  /// JSON body with `Content-Type: application/json`.
  public static func sendJSON(
    port: Int, _ method: String, _ path: String, json: String, headers: [(String, String)] = []
  ) throws -> TestHTTPReply {
    try send(
      port: port, method, path, headers: [("Content-Type", "application/json")] + headers,
      body: Array(json.utf8))
  }

  /// A form post (`application/x-www-form-urlencoded`).
  public static func postForm(
    port: Int, _ path: String, fields: [(String, String)], headers: [(String, String)] = []
  ) throws -> TestHTTPReply {
    let body = fields.map { "\(formEncode($0.0))=\(formEncode($0.1))" }.joined(separator: "&")
    return try send(
      port: port, "POST", path,
      headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers,
      body: Array(body.utf8))
  }

  public static func formEncode(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text)
  }

  static func connect(port: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestHTTPClientError.connect("socket: \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(fd)
      throw TestHTTPClientError.connect("127.0.0.1:\(port): \(String(cString: strerror(code)))")
    }
    return fd
  }

  static func write(_ socket: Int32, _ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      // A server may answer (413) and close before reading a large body: what it answered
      // is still there to read.
      guard count > 0 else { return }
      sent += count
    }
  }

  /// The reply in `bytes`, and whether all of its body is there (Content-Length or chunked).
  static func parse(_ bytes: [UInt8]) throws -> (reply: TestHTTPReply, complete: Bool) {
    guard let end = find([13, 10, 13, 10], in: bytes) else {
      throw TestHTTPClientError.malformed("no end of headers in \(bytes.count) bytes")
    }
    let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw TestHTTPClientError.malformed(head[0])
    }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }
    var body = Array(bytes[(end + 4)...])
    var complete = false
    if let length = headers["content-length"].flatMap(Int.init) {
      complete = body.count >= length
      body = Array(body.prefix(length))
    } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
      (body, complete) = dechunk(body)
    }
    return (TestHTTPReply(status: status, headers: headers, body: body), complete)
  }

  static func dechunk(_ bytes: [UInt8]) -> ([UInt8], Bool) {
    var output: [UInt8] = []
    var index = 0
    while let lineEnd = find([13, 10], in: Array(bytes[index...])) {
      let sizeText = String(decoding: bytes[index..<(index + lineEnd)], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { break }
      let start = index + lineEnd + 2
      if size == 0 { return (output, true) }
      guard start + size + 2 <= bytes.count else { break }
      output += bytes[start..<(start + size)]
      index = start + size + 2
    }
    return (output, false)
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return start
    }
    return nil
  }
}

/// An open `GET /events` stream: reads Server-Sent Events as they arrive.
public final class TestEventStream {
  private let socket: Int32
  private var pending: [UInt8] = []
  private var headersDone = false
  public private(set) var status = 0

  public init(port: Int, path: String = "/events", headers: [(String, String)] = []) throws {
    socket = try TestHTTPClient.connect(port: port)
    var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    request += "\r\n"
    try TestHTTPClient.write(socket, Array(request.utf8))
  }

  deinit { close(socket) }

  /// The next event's name (`change`, `problem`, …) and data, skipping comments; nil when
  /// none came within `timeout` seconds or the stream ended.
  public func next(timeout: Double) -> (event: String, data: String)? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let event = takeEvent() { return event }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return nil }
      var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(remaining * 1000) + 1) > 0 else { return nil }
      var buffer = [UInt8](repeating: 0, count: 16_384)
      let count = read(socket, &buffer, buffer.count)
      guard count > 0 else { return takeEvent() }
      pending +=
        headersDone ? buffer.prefix(count).filter { $0 != 13 } : Array(buffer.prefix(count))
    }
  }

  /// Whether the server closed the stream within `timeout` seconds.
  public func ended(within timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while deadline.timeIntervalSinceNow > 0 {
      var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 100) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 16_384)
      let count = read(socket, &buffer, buffer.count)
      if count <= 0 { return true }
      pending += buffer.prefix(count)
    }
    return false
  }

  private func takeEvent() -> (event: String, data: String)? {
    if !headersDone {
      guard let end = TestHTTPClient.find([13, 10, 13, 10], in: pending) else { return nil }
      let statusLine = String(decoding: pending[..<end], as: UTF8.self).split(separator: " ")
      status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
      // The body is chunked: the chunk sizes end up as lines of their own, which are skipped
      // below; carriage returns are dropped so lines split on "\n" alone.
      pending = Array(pending[(end + 4)...]).filter { $0 != 13 }
      headersDone = true
    }
    guard let blockEnd = TestHTTPClient.find([10, 10], in: pending) else { return nil }
    let block = String(decoding: pending[..<blockEnd], as: UTF8.self)
    pending.removeFirst(blockEnd + 2)
    var name = "message"
    var data: [String] = []
    for line in block.split(separator: "\n") {
      if line.hasPrefix("event:") {
        name = line.dropFirst(6).trimmingCharacters(in: .whitespaces)
      } else if line.hasPrefix("data:") {
        data.append(line.dropFirst(5).trimmingCharacters(in: .whitespaces))
      }
    }
    if data.isEmpty && name == "message" { return takeEvent() }
    return (name, data.joined(separator: "\n"))
  }
}
