import CloudyTestSupport
import Foundation
import Testing

/// `cloudy-web` started as a process on 127.0.0.1 (port 0: the system's choice, read from its
/// first line), as a user starts it; stopped with a signal at the end.
final class WebServerProcess {
  let process: Process
  let port: Int
  let firstLines: [String]
  private let output: Pipe
  private let errors: Pipe

  /// Starts `cloudy-web --db DB --listen LISTEN` plus `arguments` and waits (at most 20 s) for
  /// its `listening on` line. Throws with what it printed when it exits instead.
  init(
    database: String, listen: String = "127.0.0.1:0", _ arguments: [String] = [],
    environment: [String: String] = [:]
  ) throws {
    (process, output, errors) = try ToolRunner.launch(
      ToolRunner.executable("cloudy-web"), ["--db", database, "--listen", listen] + arguments,
      environment: environment)
    var text = ""
    let deadline = Date().addingTimeInterval(20)
    let handle = output.fileHandleForReading
    while !text.contains("listening on") || !text.hasSuffix("\n") {
      guard Date() < deadline, process.isRunning || !handle.availableData.isEmpty else {
        let stderr = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
        process.terminate()
        throw WebTestError.didNotStart(text + stderr)
      }
      var entry = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      if poll(&entry, 1, 100) > 0 {
        let data = handle.availableData
        if data.isEmpty { continue }
        text += String(decoding: data, as: UTF8.self)
      }
    }
    firstLines = text.split(separator: "\n").map(String.init)
    guard let line = firstLines.first,
      line.hasPrefix("listening on http://") || line.hasPrefix("listening on https://"),
      let port = line.split(separator: ":").last.flatMap({ Int($0) })
    else { throw WebTestError.didNotStart(text) }
    self.port = port
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// Sends `signal` and waits (at most `timeout` s) for the exit; its status, or nil if it
  /// did not exit.
  func stop(_ signal: Int32 = SIGTERM, timeout: Double = 10) -> Int32? {
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    guard !process.isRunning else { return nil }
    return process.terminationStatus
  }

  var standardError: String {
    String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
  }

  func get(_ path: String, headers: [(String, String)] = []) throws -> TestHTTPReply {
    try TestHTTPClient.send(port: port, "GET", path, headers: headers)
  }

  func json(_ method: String, _ path: String, _ body: String, headers: [(String, String)] = [])
    throws -> TestHTTPReply
  {
    try TestHTTPClient.sendJSON(port: port, method, path, json: body, headers: headers)
  }

  /// The CSRF token the pages carry (in a meta element and every form).
  func csrfToken(headers: [(String, String)] = []) throws -> String {
    let page = try get("/settings", headers: headers).text
    guard let range = page.range(of: "name=\"csrf-token\" content=\"") else {
      throw WebTestError.noToken(page)
    }
    return String(page[range.upperBound...].prefix { $0 != "\"" })
  }

  func postForm(_ path: String, _ fields: [(String, String)], headers: [(String, String)] = [])
    throws -> TestHTTPReply
  {
    try TestHTTPClient.postForm(port: port, path, fields: fields, headers: headers)
  }
}

enum WebTestError: Error {
  case didNotStart(String)
  case noToken(String)
}

/// The JSON object of a reply (records an issue when it is not one).
func jsonObject(_ reply: TestHTTPReply, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> [String: Any]
{
  let value = try JSONSerialization.jsonObject(with: Data(reply.body))
  return try #require(value as? [String: Any], "\(reply.text)", sourceLocation: sourceLocation)
}
