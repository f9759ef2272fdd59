import CloudyCLI
import CloudyJSON
import CloudyModels
import CloudyPlatform
import CloudyStore

/// `cloudy-db sync http://HOST:PORT`: one exchange with a household's `cloudy-web` as hub.
///
/// Three requests, each stateless on the hub's side: what the hub has (`GET /api/sync`); this
/// device's changes the hub lacks, in files of at most a few hundred changes (the hub takes
/// bodies up to 64 KiB; `POST /api/sync/changes`); and what this device lacks (`POST
/// /api/sync/pull` with this device's have list), applied here whole or not at all.
///
/// Plain HTTP only, as cloudy-web serves on a home network: `https://` is refused with advice
/// (a device can sync with a hub behind TLS through a sync folder instead).
struct HubSync {
  let database: Database
  let hub: HubAddress
  let token: String?

  /// At most this many changes per request (about 100 bytes each) …
  static let batch = 400
  /// … and at most this many bytes: the hub takes bodies up to 64 KiB, and changes with long
  /// names (up to 200 characters, 800 bytes) would pass it in a batch of 400. A batch over it
  /// is halved until it fits, so no sync is ever refused whole for its size.
  static let requestBytes = 48 * 1024

  func run() throws -> SyncReport {
    let exchange = HubExchange(database: database)
    let device = try exchange.device()
    var report = SyncReport(device: device.id)
    // What the hub has.
    let state = try JSONReader.parse(try request("GET", "/api/sync").body)
    guard case .string(let hubID)? = state["device"]?.value else {
      throw CommandError.unusableInput("\(hub.text) did not answer as a Cloudy sync hub")
    }
    let hubHave = try Self.have(state["have"])
    // What it lacks, in batches.
    let outgoing = try exchange.changes(after: hubHave)
    var start = 0
    while start < outgoing.count {
      var slice = Array(outgoing[start..<min(start + Self.batch, outgoing.count)])
      var changeset = try Changeset.make(slice)
      while changeset.count > Self.requestBytes && slice.count > 1 {
        slice = Array(slice.prefix(slice.count / 2))
        changeset = try Changeset.make(slice)
      }
      let file = ChangeFile(
        writer: device.id, number: 0, writerName: device.displayName, changeset: changeset)
      _ = try request(
        "POST", "/api/sync/changes", contentType: "application/octet-stream",
        body: file.bytes)
      start += slice.count
    }
    report.sent = outgoing.count
    if let mine = outgoing.filter({ $0.origin == device.id }).map(\.seq).max() {
      try exchange.noteSent(to: "hub:\(hubID)", origin: device.id, seq: mine)
    }
    // What this device lacks.
    let have = try exchange.have()
    let body = JSON.object([
      ("have", .object(have.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) }))
    ]).rendered()
    let answer = try request(
      "POST", "/api/sync/pull", contentType: "application/json", body: Array(body.utf8))
    let file = try ChangeFile.read(answer.body, path: "the hub's answer")
    let outcome = try exchange.receive(
      file.changeset, from: hubID, name: file.writerName, at: WallClock.now())
    report.applied = outcome.applied
    report.conflicts = outcome.conflicts
    report.held = outcome.held
    for reason in outcome.refused {
      report.skipped.append(SyncReport.Skipped(file: "the hub's answer", reason: reason))
    }
    // The changes received may have shown that this file went back: it is a new device now.
    report.device = outcome.renewedAs ?? device.id
    report.devices = try exchange.peers(except: report.device)
    return report
  }

  private static func have(_ node: JSONNode?) throws -> [String: Int64] {
    guard case .object(let members)? = node?.value else { return [:] }
    var have: [String: Int64] = [:]
    for member in members {
      if case .number(let number) = member.node.value, let seq = Int64(exactly: number.value) {
        have[member.key] = seq
      }
    }
    return have
  }

  private func request(
    _ method: String, _ path: String, contentType: String? = nil, body: [UInt8] = []
  ) throws -> HTTPAnswer {
    var head = "\(method) \(hub.path)\(path) HTTP/1.1\r\nHost: \(hub.authority)\r\n"
    head += "User-Agent: cloudy-db/\(CloudyVersion.string)\r\nConnection: close\r\n"
    head += "Accept: application/json, application/octet-stream\r\n"
    if let token { head += "Authorization: Bearer \(token)\r\n" }
    if let contentType { head += "Content-Type: \(contentType)\r\n" }
    head += "Content-Length: \(body.count)\r\n\r\n"
    let raw: [UInt8]
    do {
      raw = try StreamConnection.exchange(
        host: hub.host, port: hub.port, request: Array(head.utf8) + body, limit: 256 << 20)
    } catch {
      throw CommandError.unavailable("cannot reach the hub at \(hub.text): \(error.reason)")
    }
    guard let answer = HTTPAnswer(raw) else {
      throw CommandError.unavailable("\(hub.text) did not answer in HTTP")
    }
    switch answer.status {
    case 200..<300: return answer
    case 401:
      throw CommandError.unavailable(
        "the hub at \(hub.text) wants its login token: give it with --token-file")
    default:
      throw CommandError.unavailable(
        "the hub at \(hub.text) answered \(answer.status): \(answer.problemDetail ?? "no reason given")"
      )
    }
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

  /// The `detail` of a problem+json answer.
  var problemDetail: String? {
    guard let node = try? JSONReader.parse(body), case .string(let detail)? = node["detail"]?.value
    else { return nil }
    return detail
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
