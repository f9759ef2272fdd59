import CloudyTestSupport
import Foundation
import Testing

/// `cloudy-web` on a socket: what a hostile page, a DNS-rebinding name, a stolen form or a
/// stranger on the network can and cannot do. Each refusal writes nothing.
@Suite("cloudy-web: safe on a home network")
struct WebSecurityTests {
  static func server(_ folder: ToolTestFolder, _ arguments: [String] = []) throws -> (
    WebServerProcess, String
  ) {
    let db = try AppTerminalTests.database(folder, places: [AppTerminalTests.richmond])
    return (try WebServerProcess(database: db, ["--offline"] + arguments), db)
  }

  @Test(
    "a foreign Host is refused with 421 (DNS rebinding); the listen address and localhost are not")
  func foreignHost() throws {
    let folder = try ToolTestFolder()
    let (web, db) = try Self.server(folder)
    for host in [
      "evil.example", "evil.example:\(web.port)", "127.0.0.1:1", "localhost.evil:\(web.port)", "",
    ] {
      let reply = try TestHTTPClient.send(port: web.port, "GET", "/api/places", host: host)
      #expect(reply.status == 421, "Host \(host): \(reply.status)")
      #expect(reply.header("content-security-policy") != nil)
    }
    let write = try TestHTTPClient.send(
      port: web.port, "POST", "/api/places", host: "evil.example:\(web.port)",
      headers: [("Content-Type", "application/json")], body: Array(#"{"name":"Oslo"}"#.utf8))
    #expect(write.status == 421)
    for host in [
      "127.0.0.1:\(web.port)", "localhost:\(web.port)", "[::1]:\(web.port)",
      "LOCALHOST:\(web.port)",
    ] {
      #expect(
        try TestHTTPClient.send(port: web.port, "GET", "/", host: host).status == 200, "\(host)")
    }
    #expect(try sqlite3(db, "SELECT count(*) FROM location") == "1")
    _ = web.stop()
  }

  @Test("a change from another origin or a cross-site fetch is refused with 403 and writes nothing")
  func crossOrigin() throws {
    let folder = try ToolTestFolder()
    let (web, db) = try Self.server(folder)
    let csrf = try web.csrfToken()
    var reply = try web.postForm(
      "/settings", [("csrf", csrf), ("setting", "time"), ("value", "24h")],
      headers: [("Origin", "http://evil.example")])
    #expect(reply.status == 403)
    reply = try web.json(
      "PUT", "/api/settings", #"{"time":"24h"}"#, headers: [("Sec-Fetch-Site", "cross-site")])
    #expect(reply.status == 403)
    #expect(reply.header("content-type") == "application/problem+json")
    reply = try web.json("DELETE", "/api/places/1", "", headers: [("Origin", "null")])
    #expect(reply.status == 403)
    #expect(try sqlite3(db, "SELECT count(*) FROM settings WHERE time_notation = '24h'") == "0")
    #expect(try sqlite3(db, "SELECT count(*) FROM location") == "1")
    reply = try web.json(
      "PUT", "/api/settings", #"{"time":"24h"}"#, headers: [("Sec-Fetch-Site", "same-site")])
    #expect(reply.status == 403)
    // The same origin passes; so does a browser's own form sent with `Origin: null` (what
    // Referrer-Policy: no-referrer makes Chromium send), which carries the CSRF token.
    reply = try web.postForm(
      "/settings", [("csrf", csrf), ("setting", "units"), ("value", "metric")],
      headers: [("Origin", "null"), ("Sec-Fetch-Site", "same-origin")])
    #expect(reply.status == 303)
    reply = try web.postForm(
      "/settings", [("csrf", csrf), ("setting", "time"), ("value", "24h")],
      headers: [("Origin", "http://127.0.0.1:\(web.port)"), ("Sec-Fetch-Site", "same-origin")])
    #expect(reply.status == 303)
    _ = web.stop()
  }

  @Test("a form without this run's CSRF token, or with a wrong one, is refused and writes nothing")
  func csrf() throws {
    let folder = try ToolTestFolder()
    let (web, db) = try Self.server(folder)
    for fields in [
      [("setting", "time"), ("value", "24h")],
      [("csrf", "0123"), ("setting", "time"), ("value", "24h")],
    ] {
      let reply = try web.postForm("/settings", fields)
      #expect(reply.status == 403)
      #expect(reply.text.contains("nothing was written"))
    }
    #expect(try web.postForm("/places/1/remove", [("csrf", "nope")]).status == 403)
    #expect(try sqlite3(db, "SELECT count(*) FROM location") == "1")
    #expect(try sqlite3(db, "SELECT count(*) FROM settings WHERE time_notation = '24h'") == "0")
    _ = web.stop()
  }

  @Test("static files come only from the built-in set: .. and encoded .. name nothing")
  func staticFiles() throws {
    let folder = try ToolTestFolder()
    let (web, _) = try Self.server(folder)
    #expect(
      try web.get("/static/app.js").header("content-type")?.hasPrefix("text/javascript") == true)
    #expect(try web.get("/static/style.css").status == 200)
    for path in [
      "/static/../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
      "/static/..%2f..%2fetc%2fpasswd", "/static/%2E%2E", "/static/", "/static/app.js.bak",
    ] {
      let reply = try web.get(path)
      #expect(reply.status == 404, "\(path): \(reply.status)")
      #expect(!reply.text.contains("root:"))
    }
    _ = web.stop()
  }

  @Test("a body over 64 KiB is refused with 413")
  func oversizedBody() throws {
    let folder = try ToolTestFolder()
    let (web, db) = try Self.server(folder)
    let name = String(repeating: "a", count: 70_000)
    let reply = try web.json("POST", "/api/places", #"{"name": "\#(name)"}"#)
    #expect(reply.status == 413)
    let form = try web.postForm("/places/new", [("csrf", try web.csrfToken()), ("q", name)])
    #expect(form.status == 413)
    #expect(form.header("content-security-policy") != nil)
    #expect(try sqlite3(db, "SELECT count(*) FROM location") == "1")
    _ = web.stop()
  }

  @Test("a place named <script>alert(1)</script> is text on every page and in the API")
  func escaping() throws {
    let folder = try ToolTestFolder()
    let (web, db) = try Self.server(folder)
    let hostile = "<script>alert(1)</script>\"'&"
    let added = try ToolRunner.run(
      "cloudy-locations", ["add", "--name", hostile, "--lat", "1", "--lon", "2", "--db", db])
    #expect(added.status == 0, "\(added.standardError)")
    _ = try ToolRunner.run("cloudy-locations", ["select", "2", "--db", db])
    for path in [
      "/", "/places", "/places/2/rename", "/places/2/remove", "/places/new?q=%3Cscript%3E",
    ] {
      let page = try web.get(path).text
      #expect(!page.contains("<script>alert"), "\(path)")
    }
    #expect(
      try web.get("/places").text.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"))
    #expect(try web.get("/api/places").text.contains(#"<script>alert(1)</script>\"'&"#))
    _ = web.stop()
  }

  @Test(
    "with a token: 401 without it, the login link sets an HttpOnly SameSite=Strict cookie, Bearer works, cookie writes need the CSRF token"
  )
  func token() throws {
    let folder = try ToolTestFolder()
    let tokenFile = folder.file("token")
    let (web, db) = try Self.server(folder, ["--token-file", tokenFile])
    let attributes = try FileManager.default.attributesOfItem(atPath: tokenFile)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let token = try String(contentsOfFile: tokenFile, encoding: .utf8).trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(token.count >= 32)
    let page = try web.get("/places")
    #expect(page.status == 401)
    #expect(page.text.contains("/login?token="))
    #expect(!page.text.contains(token))
    let api = try web.get("/api/places")
    #expect(api.status == 401)
    #expect(api.header("content-type") == "application/problem+json")
    #expect(try web.get("/api/places", headers: [("Authorization", "Bearer wrong")]).status == 401)
    #expect(
      try web.get("/api/places", headers: [("Authorization", "Bearer \(token)")]).status == 200)
    // The login link.
    let login = try web.get("/login?token=\(token)")
    #expect(login.status == 303)
    let cookie = try #require(login.header("set-cookie"))
    #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
    let cookieHeader = ("Cookie", String(cookie.split(separator: ";")[0]))
    #expect(try web.get("/places", headers: [cookieHeader]).status == 200)
    #expect(try web.get("/login?token=wrong").status == 401)
    // With the cookie, an API write needs the page's token.
    var reply = try web.json("PUT", "/api/settings", #"{"time":"24h"}"#, headers: [cookieHeader])
    #expect(reply.status == 403)
    let csrf = try web.csrfToken(headers: [cookieHeader])
    reply = try web.json(
      "PUT", "/api/settings", #"{"time":"24h"}"#, headers: [cookieHeader, ("X-CSRF-Token", csrf)])
    #expect(reply.status == 200)
    // With Bearer, a script needs no CSRF token.
    reply = try web.json(
      "PUT", "/api/settings", #"{"units":"metric"}"#,
      headers: [("Authorization", "Bearer \(token)")])
    #expect(reply.status == 200)
    #expect(try sqlite3(db, "SELECT units_notation FROM settings") == "metric")
    _ = web.stop()
  }

  @Test(
    "any listen but loopback requires a token: a file beside the database is made (0600), one others can read is refused"
  )
  func nonLoopback() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(folder, places: [AppTerminalTests.richmond])
    let web = try WebServerProcess(database: db, listen: "0.0.0.0:0", ["--offline"])
    let tokenFile = db + ".web-token"
    #expect(FileManager.default.fileExists(atPath: tokenFile))
    #expect(web.firstLines.contains { $0.contains("/login?token=") })
    #expect(try web.get("/").status == 401)
    #expect(web.stop() == 0)
    chmod(tokenFile, 0o644)
    let refused = try ToolRunner.run(
      "cloudy-web", ["--db", db, "--listen", "0.0.0.0:0"], timeout: 20)
    #expect(refused.status != 0)
    #expect(refused.standardError.contains("chmod 600"), "\(refused.standardError)")
  }
}
