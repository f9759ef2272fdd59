import CloudyCLI
import CloudyJSON
import CloudyModels
import CloudyPlatform
import CloudyStore
import CloudyStoring

/// `cloudy-db sync http://HOST:PORT`: one exchange with a household's `cloudy-web` as hub, in
/// the three requests of the hub wire (`SyncHubWire`): what the hub has; this device's changes
/// the hub lacks, in envelopes that fit the hub's body limit; what this device lacks, applied
/// here whole or not at all. The envelopes are the store's (`DeviceSync`): this side only
/// carries them.
///
/// Plain HTTP only, as cloudy-web serves on a home network: `https://` is refused with advice
/// (a device can sync with a hub behind TLS through a sync folder instead).
struct HubSync {
  let database: Database
  /// The hub, as the user gave it (for messages).
  let hubText: String
  let transport: any HubTransport

  func run() throws -> SyncReport {
    let door = DeviceSync(database: database)
    // The file is claimed before anything is asked: a copy syncs under an id of its own.
    _ = try door.claimedDevice()
    let hubState: SyncState
    do {
      hubState = try SyncHubWire.readState(try request("GET", SyncHubWire.statePath).body)
    } catch CommandError.unusableInput(let why) {
      throw CommandError.unusableInput("\(hubText) did not answer as a Cloudy sync hub: \(why)")
    }
    let sent = try door.send(
      to: hubState, maxChanges: SyncHubWire.changesPerRequest,
      maxBytes: SyncHubWire.bytesPerRequest
    ) { message in
      _ = try request(
        "POST", SyncHubWire.changesPath, contentType: SyncHubWire.changesType, body: message)
    }
    let pull = SyncHubWire.pullRequest(try door.syncState().have)
    let answer = try request(
      "POST", SyncHubWire.pullPath, contentType: SyncHubWire.jsonType, body: pull)
    var report = try door.receive(answer.body, label: "the hub's answer")
    report.sent = sent
    return report
  }

  private func request(
    _ method: String, _ path: String, contentType: String? = nil, body: [UInt8] = []
  ) throws -> HubAnswer {
    let answer = try transport.exchange(
      HubRequest(method: method, path: path, contentType: contentType, body: body))
    switch answer.status {
    case 200..<300: return answer
    case 401:
      throw CommandError.unavailable(
        "the hub at \(hubText) wants its login token: give it with --token-file")
    default:
      throw CommandError.unavailable(
        "the hub at \(hubText) answered \(answer.status): \(answer.problemDetail ?? "no reason given")"
      )
    }
  }
}

/// One request of the hub wire, whatever carries it.
struct HubRequest {
  let method: String
  /// The wire's path (`SyncHubWire.statePath`, …), below the hub's own prefix.
  let path: String
  let contentType: String?
  let body: [UInt8]
}

/// An answer of the hub: status and body.
struct HubAnswer {
  let status: Int
  let body: [UInt8]

  /// The `detail` of a problem+json answer.
  var problemDetail: String? {
    guard let node = try? JSONReader.parse(body), case .string(let detail)? = node["detail"]?.value
    else { return nil }
    return detail
  }
}

/// What carries the hub wire's requests: HTTP/1.1 over a socket (`HubConnection`), or a test's
/// in-process router.
protocol HubTransport {
  func exchange(_ request: HubRequest) throws -> HubAnswer
}

/// The hub wire over plain HTTP/1.1 on a TCP socket (`StreamConnection`), one connection per
/// request.
///
/// Its own small HTTP reader (`HTTPAnswer`) rather than one the toolchain gives: on Linux that is
/// URLSession in FoundationNetworking, which links libcurl, and cloudy-db links no networking
/// library (only cloudy-forecast-fetch does; `LinkageTests` hold it), nor NIO (cloudy-web's).
struct HubConnection: HubTransport {
  let hub: HubAddress
  let token: String?

  func exchange(_ request: HubRequest) throws -> HubAnswer {
    var head = "\(request.method) \(hub.path)\(request.path) HTTP/1.1\r\nHost: \(hub.authority)\r\n"
    head += "User-Agent: cloudy-db/\(CloudyVersion.string)\r\nConnection: close\r\n"
    head += "Accept: \(SyncHubWire.jsonType), \(SyncHubWire.changesType)\r\n"
    if let token { head += "Authorization: Bearer \(token)\r\n" }
    if let contentType = request.contentType { head += "Content-Type: \(contentType)\r\n" }
    head += "Content-Length: \(request.body.count)\r\n\r\n"
    let raw: [UInt8]
    do {
      raw = try StreamConnection.exchange(
        host: hub.host, port: hub.port, request: Array(head.utf8) + request.body,
        limit: 256 << 20)
    } catch {
      throw CommandError.unavailable("cannot reach the hub at \(hub.text): \(error.reason)")
    }
    guard let answer = HTTPAnswer(raw) else {
      throw CommandError.unavailable("\(hub.text) did not answer in HTTP")
    }
    return HubAnswer(status: answer.status, body: answer.body)
  }
}

/// A hub's address: `http://HOST[:PORT][/PREFIX]`.
struct HubAddress {
  let host: String
  let port: Int
  let path: String
  let text: String

  var authority: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

  init(_ text: String) throws {
    self.text = text
    if text.hasPrefix("https://") {
      throw CommandError.invalidRequest(
        "cloudy-db sync speaks plain HTTP to a hub on your own network (http://HOST:PORT); for a hub behind TLS, share a sync folder with it instead (cloudy-web --sync-folder)"
      )
    }
    guard text.hasPrefix("http://") else {
      throw CommandError.invalidRequest(
        "give the hub as http://HOST:PORT (the address cloudy-web printed), or a folder with --folder"
      )
    }
    var rest = Substring(text.dropFirst("http://".count))
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    var prefix = String(rest[slash...])
    while prefix.hasSuffix("/") { prefix.removeLast() }
    rest = rest[..<slash]
    var host = String(rest)
    var port = 80
    if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
      host = String(rest[rest.index(after: rest.startIndex)..<close])
      let after = rest[rest.index(after: close)...]
      if after.hasPrefix(":"), let number = Int(after.dropFirst()) { port = number }
    } else if let colon = rest.lastIndex(of: ":") {
      host = String(rest[..<colon])
      guard let number = Int(rest[rest.index(after: colon)...]), (1...65535).contains(number)
      else { throw CommandError.invalidRequest("\(text) has no valid port") }
      port = number
    }
    guard !host.isEmpty else { throw CommandError.invalidRequest("\(text) names no host") }
    self.host = host
    self.port = port
    self.path = prefix
  }
}

/// An HTTP/1.1 answer read whole: status, headers, body (chunked transfer decoded).
struct HTTPAnswer {
  let status: Int
  let headers: [(name: String, value: String)]
  let body: [UInt8]

  init?(_ raw: [UInt8]) {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else {
      return nil
    }
    let lines = String(decoding: raw[..<end], as: UTF8.self).split(
      separator: "\r\n", omittingEmptySubsequences: false)
    let statusLine = lines.first?.split(separator: " ") ?? []
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
    self.status = status
    headers = lines.dropFirst().compactMap { line in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        line[..<colon].lowercased(),
        String(line[line.index(after: colon)...]).trimmingWhitespace()
      )
    }
    let rest = Array(raw[(end + 4)...])
    if headers.contains(where: {
      $0.name == "transfer-encoding" && $0.value.lowercased().contains("chunked")
    }) {
      guard let decoded = Self.dechunk(rest) else { return nil }
      body = decoded
    } else if let length = headers.first(where: { $0.name == "content-length" }).flatMap({
      Int($0.value)
    }) {
      guard rest.count >= length else { return nil }
      body = Array(rest.prefix(length))
    } else {
      body = rest
    }
  }

  private static func dechunk(_ bytes: [UInt8]) -> [UInt8]? {
    var body: [UInt8] = []
    var index = 0
    while index < bytes.count {
      guard let lineEnd = bytes[index...].firstIndex(of: 10) else { return nil }
      let sizeText =
        String(decoding: bytes[index..<lineEnd], as: UTF8.self)
        .split(separator: ";").first.map { String($0).trimmingWhitespace() } ?? ""
      guard let size = Int(sizeText, radix: 16) else { return nil }
      index = lineEnd + 1
      if size == 0 { return body }
      guard index + size <= bytes.count else { return nil }
      body += bytes[index..<(index + size)]
      index += size + 2
    }
    return nil
  }
}
