import CloudyModels
import CloudyStoring
import CloudyViewModels
import Foundation
import HTTPTypes
import Testing

/// The web sets every setting the library lists (issue 40): `PUT /api/settings`, the settings
/// form and openapi.json are held to `SettingsSection.allCases` and each section's rows, so a
/// setting added to the library and not to the API (or its document) fails here.
@Suite("cloudy-web in-process: every setting the library lists")
struct WebSettingsAPITests {
  /// Each setting's name and the values its rows offer, as the library lists them.
  static let library: [(name: String, values: [String])] = {
    let model = try? SettingsViewModel(store: DefaultSettings())
    return SettingsSection.allCases.map { section in
      (section.settingName, model?.rows(in: section).map(\.value) ?? [])
    }
  }()

  @Test("PUT /api/settings sets every value of every setting, one at a time")
  func apiSetsEverySetting() async throws {
    let web = try InProcessWeb()
    for (name, values) in Self.library {
      #expect(!values.isEmpty, "\(name) lists no values")
      // Backwards, so the first value put is not the default the file already holds.
      for value in values.reversed() {
        let reply = try await web.json(.put, "/api/settings", "{\"\(name)\":\"\(value)\"}")
        #expect(reply.status == 200, "\(name)=\(value): \(reply.text)")
        #expect(try await Self.stored(web)[name] == value, "\(name)=\(value) was not stored")
      }
    }
  }

  @Test("PUT /api/settings with every setting at once sets them all; with none names them all")
  func apiSetsAllAtOnce() async throws {
    let web = try InProcessWeb()
    let chosen = Self.library.map { ($0.name, $0.values.last ?? "") }
    let body = "{" + chosen.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",") + "}"
    let reply = try await web.json(.put, "/api/settings", body)
    #expect(reply.status == 200, "\(reply.text)")
    let stored = try await Self.stored(web)
    for (name, value) in chosen where name != "units" {
      #expect(stored[name] == value, "\(name)")
    }
    // `units` is a preset of wind, pressure, precipitation and distance (issue 38): put with
    // them it is applied first and the four put after it win, so it reads as what they make.
    #expect(stored["units"] == "custom", "\(stored)")
    let empty = try await web.json(.put, "/api/settings", "{}")
    #expect(empty.status == 400, "\(empty.text)")
    for (name, _) in Self.library { #expect(empty.text.contains(name), "\(empty.text)") }
  }

  @Test("the settings form sets every value of every setting")
  func formSetsEverySetting() async throws {
    let web = try InProcessWeb()
    for (name, values) in Self.library {
      for value in values.reversed() {
        let posted = try await web.postForm("/settings", [("setting", name), ("value", value)])
        #expect(posted.status == 303, "\(name)=\(value): \(posted.text)")
        #expect(try await Self.stored(web)[name] == value, "\(name)=\(value) was not stored")
      }
    }
  }

  @Test("openapi.json's Settings and SettingsChange list every setting and its values")
  func documentListsEverySetting() async throws {
    let web = try InProcessWeb()
    let reply = try await web.get("/openapi.json")
    #expect(reply.status == 200)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
    let schemas = try #require(
      (document["components"] as? [String: Any])?["schemas"] as? [String: Any])
    let change = try #require(
      (schemas["SettingsChange"] as? [String: Any])?["properties"] as? [String: Any])
    let settings = try #require(
      ((schemas["Settings"] as? [String: Any])?["properties"] as? [String: Any])?["settings"]
        as? [String: Any])
    let shown = try #require(settings["properties"] as? [String: Any])
    let names = Self.library.map(\.name)
    #expect(Set(change.keys) == Set(names), "SettingsChange lists \(change.keys.sorted())")
    #expect(Set(shown.keys) == Set(names), "Settings.settings lists \(shown.keys.sorted())")
    #expect(Set(settings["required"] as? [String] ?? []) == Set(names))
    for (name, values) in Self.library {
      for (properties, isShown) in [(change, false), (shown, true)] {
        let listed = (properties[name] as? [String: Any])?["enum"] as? [String]
        // The units shown may also be "custom": four unit settings that match no preset.
        let expected = name == "units" && isShown ? values + ["custom"] : values
        #expect(listed == expected, "\(name): the document lists \(listed ?? [])")
      }
    }
  }

  /// `GET /api/settings`' `settings` object.
  static func stored(_ web: InProcessWeb) async throws -> [String: String] {
    let reply = try await web.get("/api/settings")
    let object = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
    return object?["settings"] as? [String: String] ?? [:]
  }
}

/// The defaults, for listing the rows the library offers.
private struct DefaultSettings: SettingsStoring {
  func settings() throws -> Settings { .defaults }
  func update(_ change: (inout Settings) -> Void) throws -> Settings { .defaults }
}
