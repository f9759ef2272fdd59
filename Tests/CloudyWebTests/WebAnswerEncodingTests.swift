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
}
