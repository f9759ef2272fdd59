import CloudyModels
import CloudyPlatform
import CloudyStoring
import CloudyTestFakes
import CloudyViewModels
import Testing

/// Live view models: reload on a reported change, announce only what the user would see change.
@Suite("Live view models with a fake change source")
struct LiveViewModelTests {
  @Test func locationsAnnounceOnlyWhenTheListChanged() throws {
    let store = FakeLocationStore()
    let changes = FakeChanges()
    let model = try LocationsViewModel(store: store, changes: changes)
    let announced = Recorder(model.change)

    try store.add(place("Alpha"))  // another process's write: the model is not told directly
    #expect(model.savedCount == 0)
    try changes.commit()
    #expect(model.rows.last?.rows.map(\.text) == ["Alpha"])
    #expect(announced.values == [.loaded, .loaded])

    try changes.commit()  // a commit that changed nothing this list shows
    try changes.commit(.replaced)
    #expect(announced.values.count == 2)

    store.selection = nil  // the selection is shown (the * mark): a change
    try changes.commit()
    #expect(announced.values.count == 3)
  }

  @Test func settingsAnnounceOnlyWhenASettingChanged() throws {
    let store = FakeSettingsStore()
    let changes = FakeChanges()
    let model = try SettingsViewModel(store: store, changes: changes)
    let announced = Recorder(model.change)

    try store.set(TimeNotation.twelveHour)  // the value it had
    try changes.commit()
    #expect(announced.values == [.loaded])
    try store.set(TemperatureNotation.celsius)
    try changes.commit()
    #expect(model.settings.temperature == .celsius)
    #expect(announced.values == [.loaded, .loaded])
  }

  @Test func forecastAnnouncesNewDataAndNewSettingsWithTheClocksNow() throws {
    let forecasts = FakeForecastStore()
    let settings = FakeSettingsStore()
    let changes = FakeChanges()
    var clock: Int64 = 100
    let model = try ForecastViewModel(
      target: ForecastSample.aucklandTarget, forecasts: forecasts, settings: settings,
      zones: InstalledTimeZones(), changes: changes, clock: { clock })
    let announced = Recorder(model.change)
    #expect(!model.hasForecast)

    try changes.commit()
    #expect(announced.values.count == 1)

    forecasts.cached[.saved(1)] = ForecastSample.weather()
    clock = 200
    try changes.commit()
    #expect(model.hasForecast)
    #expect(model.now == 200)
    #expect(announced.values.count == 2)

    settings.stored.temperature = .celsius
    try changes.commit()
    #expect(model.day?.temperature == "20.0 °C")
    #expect(announced.values.count == 3)

    forecasts.cached[.saved(2)] = ForecastSample.weather()  // another place's forecast
    try changes.commit()
    #expect(announced.values.count == 3)
  }

  @Test func aReleasedModelStopsObservingAndOneShotModelsNeverStart() throws {
    let changes = FakeChanges()
    var model: SettingsViewModel? = try SettingsViewModel(
      store: FakeSettingsStore(), changes: changes)
    #expect(changes.observers.count == 1)
    model = nil
    #expect(changes.observers.count == 0)
    _ = model

    _ = try LocationsViewModel(store: FakeLocationStore())
    #expect(changes.observers.count == 0)
  }

  @Test func aFailedReloadReachesWhoeverDrivesTheChanges() throws {
    let store = FailingSettingsStore()
    let changes = FakeChanges()
    let model = try SettingsViewModel(store: store, changes: changes)
    store.failReads = true
    #expect(throws: FakeStoreFailure.self) { try changes.commit() }
    #expect(model.settings == .defaults)
  }
}

final class FailingSettingsStore: SettingsStoring {
  var failReads = false
  func settings() throws -> Settings {
    if failReads { throw FakeStoreFailure() }
    return .defaults
  }
  func update(_ change: (inout Settings) -> Void) throws -> Settings { .defaults }
}
