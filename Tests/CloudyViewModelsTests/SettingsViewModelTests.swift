import CloudyModels
import CloudyStore
import CloudyTestFakes
import CloudyViewModels
import Testing

@Suite("SettingsViewModel")
struct SettingsViewModelTests {
  @Test func sectionsTitlesAndRows() throws {
    let model = try SettingsViewModel(store: FakeSettingsStore())
    #expect(model.numberOfSections == 9)
    #expect(
      (0..<9).map { model.title(forSection: $0) } == [
        "Time Notation", "Units Notation", "Temperature Notation", "Weather Alerts",
        "Wind Speed", "Pressure", "Precipitation", "Distance", "Air Quality Index",
      ])
    #expect(model.title(forSection: 9) == nil)
    #expect(
      (0..<10).map { model.numberOfRows(inSection: $0) } == [2, 3, 2, 4, 5, 4, 2, 2, 2, 0])
    let texts = (0..<3).map { section in
      (0..<2).compactMap { model.viewModel(at: IndexPath(row: $0, section: section))?.text }
    }
    #expect(
      texts == [["12 Hour", "24 Hour"], ["Imperial", "Metric"], ["Fahrenheit", "Celsius"]])
    #expect(model.viewModel(at: IndexPath(row: 2, section: 0)) == nil)
    #expect(model.viewModel(at: IndexPath(row: 0, section: -1)) == nil)
  }

  @Test func oneCheckmarkPerSectionOnTheChosenRow() throws {
    let store = FakeSettingsStore()
    store.stored = Settings(time: .twentyFourHour, units: .imperial, temperature: .celsius)
    let model = try SettingsViewModel(store: store)
    let accessories = (0..<3).map { section in
      (0..<2).compactMap { model.viewModel(at: IndexPath(row: $0, section: section))?.accessory }
    }
    #expect(accessories == [[.none, .checkmark], [.checkmark, .none], [.none, .checkmark]])
    #expect(model.viewModel(at: IndexPath(row: 1, section: 0))?.value == "24h")
  }

  @Test func selectingPersistsAndSaysWhichSettingChanged() throws {
    let store = FakeSettingsStore()
    let model = try SettingsViewModel(store: store)
    let changes = Recorder(model.change)
    try model.select(at: IndexPath(row: 1, section: 0))
    try model.select(at: IndexPath(row: 1, section: 1))
    try model.select(at: IndexPath(row: 1, section: 2))
    #expect(store.stored == Settings(time: .twentyFourHour, units: .metric, temperature: .celsius))
    #expect(model.settings == store.stored)
    #expect(model.viewModel(at: IndexPath(row: 1, section: 0))?.accessory == .checkmark)
    #expect(model.viewModel(at: IndexPath(row: 0, section: 0))?.accessory == SettingsAccessory.none)
    #expect(
      changes.values == [
        .loaded, .chosen(.time(.twentyFourHour)), .chosen(.units(.metric)),
        .chosen(.temperature(.celsius)),
      ])
    #expect(changes.values.map(\.section) == [nil, .time, .units, .temperature])
    try model.reset()
    #expect(store.stored == .defaults)
    #expect(changes.values.last == .reset)
  }

  @Test func refusedSelectionsChangeNothing() throws {
    let store = FakeSettingsStore()
    let model = try SettingsViewModel(store: store)
    let changes = Recorder(model.change)
    #expect(throws: SettingsViewModelError.noSuchRow(IndexPath(row: 2, section: 0))) {
      try model.select(at: IndexPath(row: 2, section: 0))
    }
    #expect(throws: SettingsViewModelError.noSuchRow(IndexPath(row: 0, section: 9))) {
      try model.select(at: IndexPath(row: 0, section: 9))
    }
    store.failWrites = true
    #expect(throws: FakeStoreFailure.self) { try model.select(at: IndexPath(row: 1, section: 0)) }
    #expect(throws: FakeStoreFailure.self) { try model.reset() }
    #expect(store.writes == 0)
    #expect(model.settings == .defaults)
    #expect(changes.values == [.loaded])
  }

  @Test func typedChoices() throws {
    #expect(try SettingsChoice(setting: "time", value: "24h") == .time(.twentyFourHour))
    #expect(try SettingsChoice(setting: "TIME", value: "12") == .time(.twelveHour))
    #expect(try SettingsChoice(setting: "units", value: "Metric") == .units(.metric))
    #expect(try SettingsChoice(setting: "temperature", value: "c") == .temperature(.celsius))
    #expect(try SettingsChoice(setting: "temperature", value: "F") == .temperature(.fahrenheit))
    #expect(
      throws: SettingsInputError.unknownSetting(
        "colour",
        valid: [
          "time", "units", "temperature", "alerts", "wind", "pressure", "precipitation",
          "distance", "airquality",
        ])
    ) {
      try SettingsChoice(setting: "colour", value: "red")
    }
    do {
      _ = try SettingsChoice(setting: "time", value: "25h")
      Issue.record("expected a refusal")
    } catch {
      #expect(
        error.description == #""25h" is not a valid time setting; use 12h or 24h (or 12, 24)"#)
    }
  }

  @Test func withARealStore() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cloudy.sqlite")
    let database = try DatabaseFile.openForWriting(path: path)
    let model = try SettingsViewModel(store: SettingsRepository(database: database))
    #expect(model.settings == .defaults)
    try model.apply(.time(.twentyFourHour))
    try model.apply(.temperature(.celsius))
    let stored = try database.scalarString(
      "SELECT time_notation || ' ' || units_notation || ' ' || temperature_notation FROM settings")
    #expect(stored == "24h imperial celsius")
    let again = try SettingsViewModel(store: SettingsRepository(database: database))
    #expect(again.viewModel(at: IndexPath(row: 1, section: 0))?.accessory == .checkmark)
    try again.reset()
    #expect(try SettingsRepository(database: database).settings() == .defaults)
  }

  @Test("the unit sections: one checkmark each; the units presets none when the four are custom")
  func unitSections() throws {
    let store = FakeSettingsStore()
    let model = try SettingsViewModel(store: store)
    func checked(_ section: SettingsSection) -> [String] {
      model.rows(in: section).filter { $0.accessory == .checkmark }.map(\.value)
    }
    #expect(checked(.units) == ["imperial"] && checked(.wind) == ["mph"])
    try model.apply(.units(.uk))
    #expect(checked(.units) == ["uk"] && checked(.pressure) == ["hpa"])
    #expect(checked(.distance) == ["mi"] && checked(.precipitation) == ["mm"])
    try model.select(at: IndexPath(row: 3, section: SettingsSection.wind.rawValue))  // kn
    #expect(checked(.wind) == ["kn"] && checked(.units).isEmpty)
    #expect(model.settings.unitsName == "custom")
  }
}
