import CloudyCLI
public import CloudyJSON
import CloudyModels
public import CloudyViewModels

/// `cloudy-settings`' JSON shapes (`--json`; keys in this order, stable), shared with
/// `cloudy-web`'s `/api/settings`:
///
/// `show`:
/// ```
/// { "settings": { "time": "12h", "units": "imperial", "temperature": "fahrenheit" },
///   "sections": [
///     { "setting": "time", "title": "Time Notation", "rows": [
///         { "value": "12h", "text": "12 Hour", "checked": true },
///         { "value": "24h", "text": "24 Hour", "checked": false } ] },
///     … units, temperature … ] }
/// ```
/// `set SETTING VALUE`: `{ "changed": "time", "value": "24h", "text": "24 Hour", "settings": {…} }`
/// `reset`: `{ "changed": "all", "settings": {…} }`
public enum SettingsJSON {
  /// `show` (and `cloudy-web`'s `GET /api/settings`): the settings and every section's rows.
  public static func document(_ model: SettingsViewModel) -> JSON {
    .object([
      ("settings", model.settings.jsonObject),
      (
        "sections",
        .array(
          SettingsSection.allCases.map { section in
            .object([
              ("setting", .string(section.settingName)),
              ("title", .string(section.title)),
              (
                "rows",
                .array(
                  model.rows(in: section).map { row in
                    .object([
                      ("value", .string(row.value)), ("text", .string(row.text)),
                      ("checked", .bool(row.accessory == .checkmark)),
                    ])
                  })
              ),
            ])
          })
      ),
    ])
  }

  /// `set`: which setting changed, to what, and the settings now.
  static func changed(_ choice: SettingsChoice, settings: Settings) -> JSON {
    .object([
      ("changed", .string(choice.section.settingName)), ("value", .string(choice.value)),
      ("text", .string(choice.text)), ("settings", settings.jsonObject),
    ])
  }

  /// `reset`: every setting back to its default.
  static func reset() -> JSON {
    .object([("changed", .string("all")), ("settings", Settings.defaults.jsonObject)])
  }
}
