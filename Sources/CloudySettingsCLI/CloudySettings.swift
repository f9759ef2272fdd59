public import ArgumentParser
import CloudyCLI
public import CloudyJSON
import CloudyModels
public import CloudyViewModels

/// `cloudy-settings`: how times, wind speeds and temperatures are shown.
///
/// JSON shapes (`--json`; keys in this order, stable):
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
public struct CloudySettings: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "cloudy-settings",
    abstract: "Show and change how Cloudy shows times, wind speeds and temperatures.",
    discussion: """
      Settings: time 12h|24h (also 12, 24); units imperial|metric (also us, si); \
      temperature fahrenheit|celsius (also f, c). Defaults: 12h, imperial, fahrenheit. \
      They are stored as that text in the settings table, readable with sqlite3.

      `show` never creates the database: with none, it shows the defaults.

      Exit status: 0 ok, 64 usage or unknown setting, 65 invalid value or not a Cloudy \
      database, 74 I/O or permission, 75 busy (try again), 78 written by a newer Cloudy.
      """,
    version: CloudyVersion.string,
    subcommands: [Show.self, Set.self, Reset.self],
    defaultSubcommand: Show.self
  )

  public static let tool = "cloudy-settings"

  public init() {}
}

// MARK: - Rendering

extension CloudySettings {
  static func settingsJSON(_ settings: Settings) -> JSON {
    .object([
      (TimeNotation.settingName, .string(settings.time.rawValue)),
      (UnitsNotation.settingName, .string(settings.units.rawValue)),
      (TemperatureNotation.settingName, .string(settings.temperature.rawValue)),
    ])
  }

  /// `list --json` (and `cloudy-web`'s `GET /api/settings`): `{ "settings": { "time": "12h",
  /// … }, "sections": [ { "setting": "time", "title": "Time Notation", "rows": [ { "value":
  /// "12h", "text": "12 Hour", "checked": true } … ] } … ] }`.
  public static func document(_ model: SettingsViewModel) -> JSON {
    let sections = SettingsSection.allCases
    func rows(_ section: SettingsSection) -> [any SettingsRepresentable] {
      (0..<model.numberOfRows(inSection: section.rawValue)).compactMap {
        model.viewModel(at: IndexPath(row: $0, section: section.rawValue))
      }
    }
    return
      .object([
        ("settings", settingsJSON(model.settings)),
        (
          "sections",
          .array(
            sections.map { section in
              .object([
                ("setting", .string(section.settingName)),
                ("title", .string(section.title)),
                (
                  "rows",
                  .array(
                    rows(section).map { row in
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

  /// `compact`: JSON on one line (JSON Lines, for `--watch`).
  static func render(_ model: SettingsViewModel, json: Bool, compact: Bool = false) {
    let sections = SettingsSection.allCases
    func rows(_ section: SettingsSection) -> [any SettingsRepresentable] {
      (0..<model.numberOfRows(inSection: section.rawValue)).compactMap {
        model.viewModel(at: IndexPath(row: $0, section: section.rawValue))
      }
    }
    if json {
      (compact ? Output.jsonLine : Output.json)(document(model))
      return
    }
    for (index, section) in sections.enumerated() {
      if index > 0 { Output.line("") }
      Output.line("\(section.title) (\(section.settingName))")
      let table = rows(section).map { row in
        ["  " + (row.accessory == .checkmark ? "✓" : " "), row.text, row.value]
      }
      for line in TextColumns.lines(table, separator: " ") { Output.line(line) }
    }
  }
}

// MARK: - Commands

extension CloudySettings {
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "List the settings, a checkmark on each chosen value. Changes nothing.")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var watching: WatchOptions

    func run() throws {
      try ToolMain.reporting(tool: CloudySettings.tool) {
        if watching.watch { return try watch() }
        let store = try StoreAccess.settingsStore(reading: try database.resolve())
        CloudySettings.render(try SettingsViewModel(store: store), json: output.json)
      }
    }

    /// `show --watch`: a live `SettingsViewModel`, printed again whenever a setting changes.
    func watch() throws {
      try Watching.run(try database.resolve(), json: output.json, tool: CloudySettings.tool) {
        session in
        let model = try SettingsViewModel(store: session.store, changes: session.watcher)
        let binding = model.change.bind { _ in session.viewChanged() }
        return {
          withExtendedLifetime(binding) {
            CloudySettings.render(model, json: output.json, compact: true)
            return nil
          }
        }
      }
    }
  }

  struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set",
      abstract: "Choose one setting's value.",
      discussion: """
        Examples: `cloudy-settings set time 24h`, `set units metric`, `set temperature c`. \
        Names and values ignore case. An unknown setting exits 64, an invalid value 65, and \
        either leaves the database untouched (and uncreated).
        """)
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    @Argument(
      help: ArgumentHelp("time, units or temperature.", valueName: "setting"),
      completion: .list(SettingsSection.allCases.map(\.settingName)))
    var setting: String

    @Argument(
      help: ArgumentHelp(
        "12h|24h, imperial|metric, fahrenheit|celsius (f|c).", valueName: "value"),
      completion: .list(
        TimeNotation.accepted + UnitsNotation.accepted + TemperatureNotation.accepted))
    var value: String

    func run() throws {
      try ToolMain.reporting(tool: CloudySettings.tool) {
        // Parse before opening: a refused value must not create the file.
        let choice = try SettingsChoice(setting: setting, value: value)
        let databasePath = try database.resolve()
        let model = try SettingsViewModel(
          store: try StoreAccess.settingsStore(writing: databasePath))
        try model.apply(choice)
        if output.json {
          Output.json(
            .object([
              ("changed", .string(choice.section.settingName)), ("value", .string(choice.value)),
              ("text", .string(choice.text)),
              ("settings", CloudySettings.settingsJSON(model.settings)),
            ]))
        } else {
          Output.line("\(choice.section.title): \(choice.text) (\(choice.value))")
        }
      }
    }
  }

  struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "reset",
      abstract: "Back to the defaults: 12h, imperial, fahrenheit.",
      discussion: "With no database yet, there is nothing to reset and no file is created.")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
      try ToolMain.reporting(tool: CloudySettings.tool) {
        let databasePath = try database.resolve()
        let store = try StoreAccess.settingsStore(reading: databasePath)
        if !(store is MissingDatabaseStore) {
          let model = try SettingsViewModel(
            store: try StoreAccess.settingsStore(writing: databasePath))
          try model.reset()
        }
        if output.json {
          Output.json(
            .object([
              ("changed", .string("all")), ("settings", CloudySettings.settingsJSON(.defaults)),
            ]))
        } else {
          Output.line(
            "Settings reset: \(Settings.defaults.time.text), \(Settings.defaults.units.text), \(Settings.defaults.temperature.text)"
          )
        }
      }
    }
  }
}
