import ArgumentParser
import CloudyCLI
import CloudyJSON
import CloudyModels
import CloudyViewModels

extension CloudySettings {
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "List the settings, a checkmark on each chosen value. Changes nothing.")
    // The shared options as Show's own (see `SharedOption`): Show is the default subcommand,
    // whose arguments the parser builds for every `cloudy-settings` command, `set` included.
    @Option(.databasePath) var databaseFile: String?
    @Flag(.json) var json = false
    @Flag(.watch) var watches = false

    func run() throws {
      try ToolMain.reporting(tool: CloudySettings.tool) {
        if watches { return try watch() }
        let store = try StoreAccess.settingsStore(
          reading: try DatabasePath.resolve(flag: databaseFile))
        CloudySettings.render(try SettingsViewModel(store: store), json: json)
      }
    }

    /// `show --watch`: a live `SettingsViewModel`, printed again whenever a setting changes.
    func watch() throws {
      try Watching.run(
        try DatabasePath.resolve(flag: databaseFile), json: json, tool: CloudySettings.tool
      ) {
        session in
        let model = try SettingsViewModel(store: session.store, changes: session.watcher)
        let binding = model.change.bind { _ in session.viewChanged() }
        return {
          withExtendedLifetime(binding) {
            CloudySettings.render(model, json: json, compact: true)
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
        Examples: `cloudy-settings set time 24h`, `set units metric`, `set temperature c`, \
        `set wind kn`, `set pressure mmhg`. `units` is a preset that sets wind, pressure, \
        precipitation and distance at once: metric (km/h, hPa, mm, km), imperial (mph, inHg, \
        in, mi) or uk (mph, hPa, mm, mi); `show` names the preset the four match, or custom. \
        Names and values ignore case, and units are accepted as people write them (km/h or \
        kmh, m/s or ms, knots, beaufort, inhg, mmhg). An unknown setting exits 64, an invalid value 65, and \
        either leaves the database untouched (and uncreated).
        """)
    // The shared options as Set's own (see `SharedOption`).
    @Option(.databasePath) var databaseFile: String?
    @Flag(.json) var json = false

    @Argument(
      help: ArgumentHelp(
        "time, units, temperature, alerts, wind, pressure, precipitation, distance or airquality.",
        valueName: "setting"),
      completion: .list(SettingsSection.allCases.map(\.settingName)))
    var setting: String

    @Argument(
      help: ArgumentHelp(
        "12h|24h; imperial|metric|uk; fahrenheit|celsius (f|c); all|moderate|severe|none; wind km/h|m/s|mph|kn|bft; pressure hpa|inhg|mmhg|kpa; precipitation mm|in; distance km|mi; airquality european|us.",
        valueName: "value"),
      completion: .list(
        TimeNotation.accepted + UnitsNotation.accepted + TemperatureNotation.accepted
          + WindUnit.accepted + PressureUnit.accepted + PrecipitationUnit.accepted
          + DistanceUnit.accepted + AirQualityScale.accepted))
    var value: String

    func run() throws {
      try ToolMain.reporting(tool: CloudySettings.tool) {
        // Parse before opening: a refused value must not create the file.
        let choice = try SettingsChoice(setting: setting, value: value)
        let databasePath = try DatabasePath.resolve(flag: databaseFile)
        let model = try SettingsViewModel(
          store: try StoreAccess.settingsStore(writing: databasePath))
        try model.apply(choice)
        if json {
          Output.json(SettingsJSON.changed(choice, settings: model.settings))
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
          Output.json(SettingsJSON.reset())
        } else {
          Output.line(
            "Settings reset: \(Settings.defaults.time.text), \(UnitsNotation.imperial.text), \(Settings.defaults.temperature.text), alerts \(Settings.defaults.alerts.text)"
          )
        }
      }
    }
  }

  /// The settings as a user reads them (a checkmark on each chosen value), or `show`'s JSON;
  /// `compact`: JSON on one line (JSON Lines, for `--watch`).
  static func render(_ model: SettingsViewModel, json: Bool, compact: Bool = false) {
    if json {
      (compact ? Output.jsonLine : Output.json)(SettingsJSON.document(model))
      return
    }
    for (index, section) in SettingsSection.allCases.enumerated() {
      if index > 0 { Output.line("") }
      Output.line("\(section.title) (\(section.settingName))")
      let table: [[String]] = model.rows(in: section).map { row in
        ["  " + (row.accessory == .checkmark ? "✓" : " "), row.text, row.value]
      }
      var rows = table
      if section == .units, model.settings.units == nil {
        // The four units match no preset: say so, as `settings.units` says "custom".
        rows.append(["  ✓", "Custom", UnitsNotation.customName])
      }
      for line in TextColumns.lines(rows, separator: " ") { Output.line(line) }
    }
  }
}
