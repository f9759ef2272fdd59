import CloudyTestSupport
import Foundation
import Synchronization
import Testing

/// `cloudy-web` end to end: the built server as a process on 127.0.0.1, reached over real
/// sockets; the file checked with sqlite3 and changed by the other tools, as a household would.
@Suite("cloudy-web: pages, API, live events, safety")
struct WebServerTests {
  static let securityHeaders = [
    "content-security-policy", "x-content-type-options", "referrer-policy",
  ]

  // MARK: - Pages

  @Test("every page answers 200 with the security headers, in the stored notations")
  func pages() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(
      folder, importing: "open-meteo-auckland.json", into: AppTerminalTests.auckland)
    _ = try ToolRunner.run("cloudy-settings", ["set", "time", "24h", "--db", db])
    let web = try WebServerProcess(database: db, ["--offline"])
    for path in [
      "/", "/?view=hourly", "/places", "/places/new?q=Wien", "/settings", "/places/1/rename",
      "/places/1/remove",
    ] {
      let reply = try web.get(path)
      #expect(reply.status == 200, "\(path): \(reply.text)")
      #expect(reply.header("content-type") == "text/html; charset=utf-8")
      for header in Self.securityHeaders {
        #expect(reply.header(header) != nil, "\(path) \(header)")
      }
      #expect(reply.header("content-security-policy")?.contains("frame-ancestors 'none'") == true)
      #expect(!reply.header("content-security-policy")!.contains("unsafe-inline"))
      #expect(reply.text.contains("<html lang=\"en\""))
    }
    let weather = try web.get("/").text
    #expect(weather.contains("<h1><bdi>Auckland</bdi></h1>"))
    #expect(weather.contains("Week"))
    // 24-hour time, as cloudy-settings stored it: no AM/PM anywhere in the hourly table.
    let hourly = try web.get("/?view=hourly").text
    #expect(hourly.contains("class=\"hourly\""))
    #expect(!hourly.contains(" AM<") && !hourly.contains(" PM<"))
    let wien = try web.get("/places/new?q=Wien").text
    #expect(wien.contains("Vienna"), "\(wien)")
    #expect(wien.contains("matched"), "says how the row matched")
    #expect(web.stop() == 0)
  }

  @Test("with no database yet, the pages say what to do and nothing is created")
  func noDatabase() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let web = try WebServerProcess(database: db)
    let weather = try web.get("/")
    #expect(weather.status == 200)
    #expect(weather.text.contains("No place yet"))
    #expect(try web.get("/places").status == 200)
    #expect(try web.get("/settings").text.contains("aria-pressed=\"true\""))
    #expect(!FileManager.default.fileExists(atPath: db), "reading created the file")
    #expect(web.stop() == 0)
  }

  // MARK: - Forms

  @Test("add by name, select, move, rename, remove and settings, as forms without JavaScript")
  func forms() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let web = try WebServerProcess(database: db, ["--offline"])
    let csrf = try web.csrfToken()
    var reply = try web.postForm("/places/new", [("csrf", csrf), ("q", "Richmond, VA")])
    #expect(reply.status == 303)
    #expect(reply.header("location")?.hasPrefix("/places?notice=") == true)
    #expect(try sqlite3(db, "SELECT name FROM location") == "Richmond, Virginia, US")
    // A name that names no place whole saves nothing and offers the closest.
    reply = try web.postForm("/places/new", [("csrf", csrf), ("q", "Richmnd")])
    #expect(reply.status == 404)
    #expect(reply.text.contains("nothing was saved"))
    #expect(reply.text.contains("Richmond, Virginia, US"))
    #expect(try sqlite3(db, "SELECT count(*) FROM location") == "1")
    // Choosing a candidate on purpose saves it.
    reply = try web.postForm("/places/new", [("csrf", csrf), ("q", "Wien"), ("pick", "1")])
    #expect(reply.status == 303)
    let vienna = try sqlite3(db, "SELECT id FROM location WHERE name LIKE 'Vienna%'")
    #expect(!vienna.isEmpty)
    reply = try web.postForm("/places/\(vienna)/select", [("csrf", csrf)])
    #expect(reply.status == 303)
    #expect(
      try web.get("/places").text.contains(
        "id=\"place-\(vienna)\"><span class=\"mark\" aria-label=\"selected\""))
    reply = try web.postForm("/places/\(vienna)/move", [("csrf", csrf), ("to", "1")])
    #expect(reply.status == 303)
    #expect(
      try sqlite3(db, "SELECT name FROM location ORDER BY position LIMIT 1").hasPrefix("Vienna"))
    reply = try web.postForm("/places/\(vienna)/rename", [("csrf", csrf), ("name", "Wien")])
    #expect(reply.status == 303)
    #expect(try sqlite3(db, "SELECT name FROM location WHERE id = \(vienna)") == "Wien")
    // A duplicate name is refused with the store's words, on the form again.
    reply = try web.postForm(
      "/places/\(vienna)/rename", [("csrf", csrf), ("name", "Richmond, Virginia, US")])
    #expect(reply.status == 422 || reply.status == 409, "\(reply.status)")
    #expect(reply.text.contains("aria-invalid=\"true\""))
    reply = try web.postForm("/places/\(vienna)/remove", [("csrf", csrf)])
    #expect(reply.status == 303)
    #expect(try sqlite3(db, "SELECT count(*) FROM location") == "1")
    reply = try web.postForm(
      "/settings", [("csrf", csrf), ("setting", "temperature"), ("value", "celsius")])
    #expect(reply.status == 303)
    #expect(try sqlite3(db, "SELECT temperature_notation FROM settings") == "celsius")
    #expect(web.stop() == 0)
  }

  // MARK: - API

  @Test("the JSON API has the tools' shapes and answers failures as problem+json")
  func api() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(
      folder, importing: "open-meteo-auckland.json", into: AppTerminalTests.auckland)
    let web = try WebServerProcess(database: db, ["--offline"])
    // The same document as cloudy-locations list --json.
    let listed = try web.get("/api/places")
    let tool = try ToolRunner.run("cloudy-locations", ["list", "--json", "--db", db])
    #expect(listed.status == 200)
    #expect(listed.header("content-type") == "application/json")
    #expect(
      try JSONSerialization.jsonObject(with: Data(listed.body)) as? NSDictionary
        == JSONSerialization.jsonObject(with: Data(tool.standardOutput.utf8)) as? NSDictionary)
    // Served again from what was made, until anything changes (a change by another process
    // included: the next read sees it).
    #expect(try web.get("/api/places").body == listed.body)
    _ = try ToolRunner.run("cloudy-locations", ["rename", "1", "Auckland Central", "--db", db])
    #expect(try web.get("/api/places").text.contains("Auckland Central"))
    _ = try ToolRunner.run("cloudy-locations", ["rename", "1", "Auckland", "--db", db])
    var reply = try web.json("POST", "/api/places", #"{"name": "Oslo"}"#)
    #expect(reply.status == 201, "\(reply.text)")
    let added = try #require(try jsonObject(reply)["added"] as? [String: Any])
    let id = try #require(added["id"] as? Int)
    reply = try web.json(
      "POST", "/api/places", #"{"name": "Harbour", "latitude": -36.84, "longitude": 174.77}"#)
    #expect(reply.status == 201, "\(reply.text)")
    reply = try web.json("PATCH", "/api/places/\(id)", #"{"name": "Oslo, Norway", "position": 1}"#)
    #expect(reply.status == 200, "\(reply.text)")
    let changed = try jsonObject(reply)
    #expect(changed["previousName"] as? String != nil)
    #expect(changed["to"] as? Int == 1)
    reply = try web.json("POST", "/api/places/\(id)/select", "")
    #expect(try jsonObject(reply)["selected"] != nil)
    reply = try web.json("PUT", "/api/settings", #"{"time": "24h", "temperature": "celsius"}"#)
    let settings = try #require(try jsonObject(reply)["settings"] as? [String: Any])
    #expect(settings["time"] as? String == "24h")
    #expect(try sqlite3(db, "SELECT time_notation FROM settings") == "24h")
    // The forecast in the stored notations, as cloudy-forecast show --json.
    reply = try web.get("/api/places/1/forecast?view=week")
    #expect(reply.status == 200, "\(reply.text)")
    let forecast = try jsonObject(reply)
    #expect((forecast["week"] as? [String: Any])?["numberOfDays"] as? Int ?? 0 > 0)
    #expect((forecast["settings"] as? [String: Any])?["temperature"] as? String == "celsius")
    // Failures: the failure map's status and words.
    reply = try web.get("/api/places/\(id)/forecast")
    #expect(reply.status == 404)
    #expect(reply.header("content-type") == "application/problem+json")
    #expect(try jsonObject(reply)["reason"] as? String == "not-found")
    reply = try web.json("PUT", "/api/settings", #"{"time": "25h"}"#)
    #expect(reply.status >= 400 && reply.status < 500)
    #expect(try jsonObject(reply)["exitStatus"] as? Int != nil)
    reply = try web.json("POST", "/api/places", "not json")
    #expect(reply.status == 400)
    reply = try web.json("POST", "/api/places", #"{"name": "Richmnd"}"#)
    #expect(reply.status == 404)
    #expect((try jsonObject(reply)["candidates"] as? [Any])?.isEmpty == false)
    reply = try TestHTTPClient.send(port: web.port, "DELETE", "/api/places/\(id)")
    #expect(reply.status == 200)
    #expect(try jsonObject(reply)["removed"] != nil)
    reply = try TestHTTPClient.send(port: web.port, "DELETE", "/api/places/\(id)")
    #expect(reply.status == 404)
    // The document the API is described by.
    reply = try web.get("/openapi.json")
    #expect(reply.status == 200)
    #expect(try jsonObject(reply)["openapi"] as? String == "3.1.0")
    #expect(web.stop() == 0)
  }

  // MARK: - Live

  @Test("a change by another process reaches an open event stream")
  func liveEvents() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(folder, places: [AppTerminalTests.richmond])
    let web = try WebServerProcess(database: db, ["--offline"])
    let stream = try TestEventStream(port: web.port)
    // The first event says how many changes were announced; the page compares its own.
    let hello = stream.next(timeout: 5)
    #expect(hello?.event == "hello")
    #expect(hello?.data == #"{"version":0}"#)
    #expect(stream.status == 200)
    let started = Date()
    let set = try ToolRunner.run("cloudy-settings", ["set", "time", "24h", "--db", db])
    #expect(set.status == 0)
    let event = stream.next(timeout: 5)
    #expect(event?.event == "change", "no change event after cloudy-settings set")
    #expect(Date().timeIntervalSince(started) < 5)
    // The page read now shows the new notation.
    #expect(
      try web.get("/settings").text.contains(
        "aria-pressed=\"true\"><span class=\"mark\" aria-hidden=\"true\">✓</span>24 Hour"))
    let added = try ToolRunner.run("cloudy-locations", ["add", "Oslo", "--db", db])
    #expect(added.status == 0)
    #expect(stream.next(timeout: 5)?.event == "change")
    #expect(try web.get("/places").text.contains("Oslo"))
    // SIGTERM with a stream open: the stream ends and the server exits 0.
    #expect(web.stop(SIGTERM, timeout: 10) == 0)
    #expect(stream.ended(within: 2))
  }

  @Test(
    "the database removed, damaged or replaced while pages are open: said on the page and in the stream, no crash"
  )
  func faults() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(folder, places: [AppTerminalTests.richmond])
    let web = try WebServerProcess(database: db, ["--offline"])
    let stream = try TestEventStream(port: web.port)
    #expect(stream.next(timeout: 5)?.event == "hello")
    // Removed: said on the page and in the stream, not shown as an empty list silently; a
    // place added then starts a new file and the banner goes.
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) }
    var removed: (event: String, data: String)?
    for _ in 0..<10 where removed?.event != "problem" { removed = stream.next(timeout: 1) }
    #expect(removed?.data.contains("was removed") == true, "\(String(describing: removed))")
    #expect(try web.get("/places").text.contains("was removed"))
    let added = try web.json("POST", "/api/places", #"{"name": "Oslo"}"#)
    #expect(added.status == 201, "\(added.text)")
    #expect(!(try web.get("/places").text.contains("was removed")))
    // Replaced by a file that is not a database.
    try FileManager.default.removeItem(atPath: db)
    try? FileManager.default.removeItem(atPath: db + "-wal")
    try? FileManager.default.removeItem(atPath: db + "-shm")
    try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: db))
    // (A second "was removed" may still be on its way: wait for the damaged file's own.)
    var problem: (event: String, data: String)?
    for _ in 0..<20 where problem?.data.contains("not a Cloudy database") != true {
      problem = stream.next(timeout: 1)
    }
    #expect(problem?.event == "problem", "no problem event")
    let page = try web.get("/places")
    #expect(page.status >= 400)
    #expect(page.text.contains("role=\"alert\""))
    // The fact, without the command line's advice (no --db on a web page).
    #expect(page.text.contains("not a Cloudy database"))
    #expect(!page.text.contains("--db"))
    #expect(try web.get("/api/places").header("content-type") == "application/problem+json")
    // Made whole again by a restore: the pages read it.
    try FileManager.default.removeItem(atPath: db)
    _ = try AppTerminalTests.database(folder, places: [AppTerminalTests.oslo])
    var healed = false
    for _ in 0..<50 where !healed {
      healed = (try? web.get("/places").text.contains("Oslo")) == true
      if !healed { usleep(100_000) }
    }
    #expect(healed)
    #expect(web.process.isRunning)
    #expect(web.stop() == 0)
  }

  @Test("killed with SIGKILL during writes, it loses nothing it acknowledged")
  func killDuringWrites() throws {
    let folder = try ToolTestFolder()
    let db = folder.file("cloudy.sqlite")
    let web = try WebServerProcess(database: db, ["--offline"])
    let acknowledged = Mutex<Int>(0)
    let port = web.port
    let writer = Thread {
      for index in 0..<400 {
        guard
          let reply = try? TestHTTPClient.sendJSON(
            port: port, "POST", "/api/places",
            json:
              #"{"name": "Place \#(index)", "latitude": 10, "longitude": \#(Double(index) / 10)}"#),
          reply.status == 201
        else { return }
        acknowledged.withLock { $0 += 1 }
      }
    }
    writer.start()
    usleep(700_000)
    #expect(web.stop(SIGKILL) != nil)
    usleep(200_000)
    let saved = Int(try sqlite3(db, "SELECT count(*) FROM location")) ?? -1
    let acked = acknowledged.withLock { $0 }
    #expect(acked > 0)
    #expect(saved >= acked, "acknowledged \(acked), saved \(saved)")
    #expect(try sqlite3(db, "PRAGMA integrity_check") == "ok")
  }
}
