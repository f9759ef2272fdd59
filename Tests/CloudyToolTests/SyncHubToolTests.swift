import CloudyTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `cloudy-db sync http://…` with a household's `cloudy-web` as hub, and `cloudy-web
/// --sync-folder`: real processes, a real server on loopback.
@Suite("cloudy-db sync through cloudy-web")
struct SyncHubToolTests {
  @Test func devicesMeetThroughTheHubWhoseOwnPagesShowWhatArrived() throws {
    let folder = try ToolTestFolder()
    let (server, laptop, phone) = (
      folder.file("server.sqlite"), folder.file("laptop.sqlite"), folder.file("phone.sqlite")
    )
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Home", "--lat", "1", "--lon", "2"], server)
    let web = try WebServerProcess(database: server, ["--offline"])
    let hub = "http://127.0.0.1:\(web.port)"
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Lapland", "--lat", "66.5", "--lon", "25.7"], laptop)
    try runSucceeding("cloudy-settings", ["set", "units", "metric"], laptop)
    let first = try jsonObject(try runSucceeding("cloudy-db", ["sync", hub, "--json"], laptop))
    #expect((first["sent"] as? Int ?? 0) > 0)
    #expect((first["applied"] as? Int ?? 0) > 0)  // the server's Home
    // The server's own database is one more device: its API shows what arrived.
    #expect(try web.get("/api/places").text.contains("Lapland"))
    #expect(try web.get("/api/settings").text.contains("metric"))
    // The phone never meets the laptop, yet gets its places through the hub.
    try runSucceeding("cloudy-db", ["sync", hub], phone)
    let list = try runSucceeding("cloudy-locations", ["list"], phone).standardOutput
    #expect(list.contains("Home") && list.contains("Lapland"))
    // Nothing new: nothing applied.
    let again = try jsonObject(try runSucceeding("cloudy-db", ["sync", hub, "--json"], phone))
    #expect(again["applied"] as? Int == 0 && again["sent"] as? Int == 0)
    #expect(web.stop() == 0)
  }

  @Test func aHubThatWantsATokenSaysSoAndAnHTTPSAddressIsRefused() throws {
    let folder = try ToolTestFolder()
    let (server, laptop) = (folder.file("server.sqlite"), folder.file("laptop.sqlite"))
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Home", "--lat", "1", "--lon", "2"], server)
    let tokenFile = folder.file("token")
    let web = try WebServerProcess(database: server, ["--offline", "--token-file", tokenFile])
    let hub = "http://127.0.0.1:\(web.port)"
    let refused = try ToolRunner.run("cloudy-db", ["sync", hub, "--db", laptop])
    #expect(refused.status == 69)
    #expect(refused.standardError.contains("--token-file"))
    // A copy of the token others on the machine can read is refused, as cloudy-web refuses it.
    let shared = folder.file("shared-token")
    try FileManager.default.copyItem(atPath: tokenFile, toPath: shared)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: shared)
    let exposed = try ToolRunner.run(
      "cloudy-db", ["sync", hub, "--token-file", shared, "--db", laptop])
    #expect(exposed.status == 65)
    #expect(exposed.standardError.contains("chmod 600 \(shared)"))
    try runSucceeding("cloudy-db", ["sync", hub, "--token-file", tokenFile], laptop)
    #expect(try runSucceeding("cloudy-locations", ["list"], laptop).standardOutput.contains("Home"))
    let https = try ToolRunner.run(
      "cloudy-db", ["sync", "https://127.0.0.1:\(web.port)", "--db", laptop])
    #expect(https.status == 64)
    #expect(https.standardError.contains("plain HTTP"))
    let nobody = try ToolRunner.run("cloudy-db", ["sync", "http://127.0.0.1:9", "--db", laptop])
    #expect(nobody.status == 69)
    #expect(nobody.standardError.contains("cannot reach the hub"))
    #expect(web.stop() == 0)
  }

  @Test func theServerKeepsInStepWithASyncFolder() throws {
    let folder = try ToolTestFolder()
    let (server, laptop, sync) = (
      folder.file("server.sqlite"), folder.file("laptop.sqlite"), folder.file("sync")
    )
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Home", "--lat", "1", "--lon", "2"], server)
    let web = try WebServerProcess(database: server, ["--offline", "--sync-folder", sync])
    try runSucceeding(
      "cloudy-locations", ["add", "--name", "Cabin", "--lat", "61", "--lon", "9"], laptop)
    try runSucceeding("cloudy-db", ["sync", "--folder", sync], laptop)
    #expect(eventually { try web.get("/api/places").text.contains("Cabin") })
    // And the server's places reach the folder for the laptop.
    #expect(
      eventually {
        try runSucceeding("cloudy-db", ["sync", "--folder", sync], laptop)
        return try runSucceeding("cloudy-locations", ["list"], laptop).standardOutput.contains(
          "Home")
      })
    #expect(web.stop() == 0)
  }
}
