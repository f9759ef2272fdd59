import CloudyTestSupport
import Foundation
import Testing

/// HTTPS for the household (`--tls-cert`/`--tls-key`): a certificate made here with openssl, for
/// 127.0.0.1, as a local CA such as mkcert's would make one; cloudy-web answers over https with
/// it (checked by curl against that certificate), says https in its first line, and refuses to
/// start with half of the pair or a file that is not PEM.
@Suite(
  "cloudy-web over HTTPS",
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
    "openssl and curl make and check the certificate"),
  .enabled(if: WebTLSBuild.shouldTest, WebTLSBuild.skipReason))
struct WebTLSTests {
  private static func run(_ path: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test("answers over https with the given certificate; half a pair or a bad file starts nothing")
  func https() throws {
    let folder = try ToolTestFolder()
    let db = try AppTerminalTests.database(folder, places: [AppTerminalTests.oslo])
    let cert = folder.file("cert.pem")
    let key = folder.file("key.pem")
    let made = try Self.run(
      "/usr/bin/openssl",
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        "-keyout", key, "-out", cert,
      ])
    #expect(made.0 == 0, "\(made.1)")
    let web = try WebServerProcess(
      database: db, ["--offline", "--tls-cert", cert, "--tls-key", key])
    #expect(web.firstLines.first == "listening on https://127.0.0.1:\(web.port)")
    let page = try Self.run(
      "/usr/bin/curl", ["-sS", "--cacert", cert, "https://127.0.0.1:\(web.port)/places"])
    #expect(page.0 == 0, "\(page.1)")
    #expect(page.1.contains("<bdi>Oslo</bdi>"), "\(page.1)")
    let plain = try Self.run(
      "/usr/bin/curl", ["-sS", "--max-time", "5", "http://127.0.0.1:\(web.port)/places"])
    #expect(plain.0 != 0 || !plain.1.contains("Oslo"), "plain http got the page")
    #expect(web.stop() == 0)

    let half = try ToolRunner.run("cloudy-web", ["--db", db, "--tls-cert", cert])
    #expect(half.status == 64)
    #expect(half.standardError.contains("give both --tls-cert and --tls-key"))
    let notPEM = try ToolRunner.run(
      "cloudy-web", ["--db", db, "--tls-cert", db, "--tls-key", key])
    #expect(notPEM.status == 65)
    #expect(notPEM.standardError.contains("is not a readable PEM certificate"))
  }
}
