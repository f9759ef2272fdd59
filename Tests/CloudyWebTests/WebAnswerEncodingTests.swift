import Foundation
import HTTPTypes
import Testing

/// Answers made once per change, sent as the client accepts them: gzip beside the plain bytes,
/// a strong ETag from the change number, 304 for a copy the client holds, `Vary` right.
@Suite("cloudy-web in-process: gzip, ETag and 304")
struct WebAnswerEncodingTests {
  /// `bytes` through gzip(1): another decoder than the one that made them.
  private func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(bytes))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return Array(data)
  }

  @Test("gzip when accepted, the same bytes unpacked; plain otherwise; each copy its own tag")
  func gzipByAcceptEncoding() async throws {
    let web = try InProcessWeb()
    for index in 0..<40 { try await web.addPlace("Place \(index)", latitude: Double(index)) }
    for path in ["/api/places", "/places", "/settings", "/api/settings", "/static/app.js"] {
      let plain = try await web.get(path)
      let gzipped = try await web.get(path, headers: [.acceptEncoding: "gzip, deflate, br"])
      #expect(plain.header("Content-Encoding") == nil, "\(path)")
      #expect(gzipped.header("Content-Encoding") == "gzip", "\(path)")
      #expect(gzipped.header("Vary") == "Accept-Encoding", "\(path)")
      #expect(gzipped.body.count < plain.body.count, "\(path)")
      #expect(try gunzip(gzipped.body) == plain.body, "\(path)")
      let plainTag = try #require(plain.header("ETag"), "\(path)")
      let gzipTag = try #require(gzipped.header("ETag"), "\(path)")
      #expect(plainTag.hasPrefix("\"") && !plainTag.hasPrefix("W/"), "a strong tag: \(plainTag)")
      #expect(plainTag != gzipTag)
    }
    let refused = try await web.get("/api/places", headers: [.acceptEncoding: "gzip;q=0, br"])
    #expect(refused.header("Content-Encoding") == nil)
  }

  @Test("304 for the copy the client holds, until the next change")
  func notModifiedUntilAChange() async throws {
    let web = try InProcessWeb()
    try await web.addPlace("Oslo")
    let first = try await web.get("/api/places", headers: [.acceptEncoding: "gzip"])
    let tag = try #require(first.header("ETag"))
    let again = try await web.get(
      "/api/places", headers: [.acceptEncoding: "gzip", .ifNoneMatch: tag])
    #expect(again.status == 304)
    #expect(again.body.isEmpty)
    #expect(again.header("ETag") == tag)
    // The plain copy's holder is told about the plain copy, not the gzip one.
    let plain = try await web.get("/api/places", headers: [.ifNoneMatch: tag])
    #expect(plain.status == 200)
    // A change: the same tag now gets the new list.
    try await web.addPlace("Bergen", latitude: 60.39, longitude: 5.32)
    let changed = try await web.get(
      "/api/places", headers: [.acceptEncoding: "gzip", .ifNoneMatch: tag])
    #expect(changed.status == 200)
    #expect(changed.header("ETag") != tag)
    #expect(String(decoding: try gunzip(changed.body), as: UTF8.self).contains("Bergen"))
  }

  @Test("with a login token, the answer varies by Cookie and stays private")
  func varyCookieWithAToken() async throws {
    let web = try InProcessWeb(token: "household-secret")
    let reply = try await web.get(
      "/api/places", headers: [.authorization: "Bearer household-secret"])
    #expect(reply.status == 200)
    #expect(reply.header("Vary") == "Accept-Encoding, Cookie")
    #expect(reply.header("Cache-Control") == "private, no-cache")
  }

  @Test("Accept-Encoding read as RFC 9110 says: q=0 refuses, any other q accepts, * stands in")
  func acceptEncodingQValues() async throws {
    let web = try InProcessWeb()
    for index in 0..<10 { try await web.addPlace("Place \(index)", latitude: Double(index)) }
    let cases: [(String, Bool)] = [
      ("gzip", true), ("GZIP", true), ("x-gzip", true), ("deflate, gzip;q=0.5", true),
      ("gzip;q=0", false), ("gzip; q=0.000", false), ("gzip;Q=0.", false), ("gzip;q=0.001", true),
      ("br;q=1.0, gzip;q=0.0", false), ("*", true), ("*;q=0", false), ("gzip;q=0, *", false),
      ("br, *;q=0.1", true), ("identity", false), ("", false), (" ,gzip , ", true),
      ("gzipx", false), ("x-gzip;q=0, gzip", true),
    ]
    for (header, gzipped) in cases {
      let reply = try await web.get("/api/places", headers: [.acceptEncoding: header])
      #expect(
        (reply.header("Content-Encoding") == "gzip") == gzipped, "Accept-Encoding: \(header)")
      #expect(reply.header("Vary") == "Accept-Encoding")
    }
  }

  @Test("If-None-Match: a list, a weak form, or * matches; another copy's tag does not")
  func ifNoneMatchForms() async throws {
    let web = try InProcessWeb()
    try await web.addPlace("Oslo")
    let first = try await web.get("/api/places", headers: [.acceptEncoding: "gzip"])
    let plainFirst = try await web.get("/api/places")
    let tag = try #require(first.header("ETag"))
    let plainTag = try #require(plainFirst.header("ETag"))
    let gz: HTTPFields = [.acceptEncoding: "gzip"]
    for (header, notModified) in [
      (tag, true), ("\"other\", \(tag)", true), (" W/\(tag) ", true), ("*", true),
      (plainTag, false), ("\"other\"", false), (String(tag.dropFirst().dropLast()), false),
    ] {
      var headers = gz
      headers[.ifNoneMatch] = header
      let reply = try await web.get("/api/places", headers: headers)
      #expect(reply.status == (notModified ? 304 : 200), "If-None-Match: \(header)")
    }
  }

  @Test("a 304 carries the tag, Vary, the security headers once, and the 200's length")
  func notModifiedHeaders() async throws {
    let web = try InProcessWeb()
    for index in 0..<10 { try await web.addPlace("Place \(index)", latitude: Double(index)) }
    let full = try await web.get("/api/places", headers: [.acceptEncoding: "gzip"])
    let tag = try #require(full.header("ETag"))
    let reply = try await web.get(
      "/api/places", headers: [.acceptEncoding: "gzip", .ifNoneMatch: tag])
    #expect(reply.status == 304)
    #expect(reply.body.isEmpty)
    #expect(reply.header("ETag") == tag)
    #expect(reply.header("Vary") == "Accept-Encoding")
    #expect(reply.header("Cache-Control") == "no-cache")
    // RFC 9110 §8.6: a 304 states no length but the 200's.
    #expect(reply.header("Content-Length") == String(full.body.count))
    for name in ["Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"] {
      let field = try #require(HTTPField.Name(name))
      #expect(reply.headers[values: field].count == 1, "\(name)")
      #expect(full.headers[values: field].count == 1, "\(name)")
    }
    // HEAD: the same head as GET, no body.
    let head = try await web.send(.head, "/api/places", headers: [.acceptEncoding: "gzip"])
    #expect(head.status == 200)
    #expect(head.body.isEmpty)
    #expect(head.header("Content-Length") == String(full.body.count))
    #expect(head.header("ETag") == tag)
  }

  @Test("another process's commit is in the next answer, though answers are kept meanwhile")
  func anotherProcessCommitIsSeen() async throws {
    let web = try InProcessWeb()
    try await web.addPlace("Oslo")
    // Many requests: the kept answer, and the looks at the file they share.
    for _ in 0..<50 {
      #expect(try await web.get("/api/places").text.contains("Oslo"))
    }
    let sqlite = Process()
    sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    sqlite.arguments = [web.databasePath, "UPDATE location SET name = 'Christiania'"]
    try sqlite.run()
    sqlite.waitUntilExit()
    #expect(sqlite.terminationStatus == 0)
    // Past the two milliseconds an answer may lag another process by (SharedStore.recentAnswer).
    try await Task.sleep(for: .milliseconds(20))
    let after = try await web.get("/api/places")
    #expect(after.text.contains("Christiania"), "\(after.text.prefix(300))")
  }
}
