import CloudyModels
import CloudyPlatform
import CloudyStoring
import CloudyTestFakes
import CloudyViewModels
import Testing

/// What a user is told is active, against a clock the test sets: active at onset, gone at the
/// end (the NWS's `ends`, not its `expires`), replaced by an Update (also one that came
/// first), ended by a Cancel, the banner by severity and the alert level.
@Suite("AlertsViewModel")
struct AlertsViewModelTests {
  typealias S = AlertSamples
  let place = Place.saved(1)

  func model(
    _ messages: [WeatherAlert], at now: Int64, level: AlertLevel = .moderate
  ) throws -> AlertsViewModel {
    let store = FakeAlertStore(knownPlaces: [1])
    try store.record(messages, for: place, fetchedAt: 0)
    let settings = FakeSettingsStore()
    settings.stored.alerts = level
    return try AlertsViewModel(
      place: place, timeZone: ["America/New_York"], alerts: store, settings: settings,
      zones: InstalledTimeZones(), now: now)
  }

  func activeEvents(_ model: AlertsViewModel) -> [String] {
    model.rows(includingEnded: false).map { $0.alert.identifier }
  }

  @Test func activeFromOnsetUntilEndsNotExpires() throws {
    let before = try model([S.warning], at: S.warning.onset! - 1)
    #expect(activeEvents(before).isEmpty)
    #expect(before.rows(includingEnded: true).map(\.isActive) == [false])
    #expect(activeEvents(try model([S.warning], at: S.warning.onset!)) == [S.warning.identifier])
    // Past expires (the NWS reissues then) but before ends: still active.
    #expect(
      activeEvents(try model([S.warning], at: S.warning.expires! + 1)) == [S.warning.identifier])
    let ended = try model([S.warning], at: S.warning.ends!)
    #expect(activeEvents(ended).isEmpty)
    #expect(ended.rows(includingEnded: true).map(\.isActive) == [false])
    #expect(ended.banner == nil)
  }

  @Test func beginsAtEffectiveElseSentAndWithoutAnEndLastsADay() throws {
    var effectiveOnly = S.warning
    effectiveOnly.onset = nil
    effectiveOnly.effective = S.noon + 1
    #expect(activeEvents(try model([effectiveOnly], at: S.noon)).isEmpty)
    #expect(activeEvents(try model([effectiveOnly], at: S.noon + 1)).count == 1)
    let later = S.untilCancelled.sent + 23 * S.hour
    #expect(activeEvents(try model([S.untilCancelled], at: later)) == [S.untilCancelled.identifier])
    #expect(activeEvents(try model([S.untilCancelled], at: later + S.hour)).isEmpty)
    #expect(activeEvents(try model([S.untilCancelled], at: S.untilCancelled.sent - 1)).isEmpty)
  }

  @Test func anUpdateReplacesItsAlertEvenWhenItArrivesFirst() throws {
    let now = S.noon + 4 * S.hour
    for order in [[S.warning, S.update], [S.update, S.warning]] {
      let model = try model(order, at: now)
      #expect(activeEvents(model) == [S.update.identifier])
      #expect(model.rows(includingEnded: true).count == 1)
      #expect(model.banner?.alert.headline == "Winter Storm Warning upgraded")
    }
  }

  @Test func aCancelEndsItsAlertAndIsNotListedItself() throws {
    let now = S.noon + 2 * S.hour + 1
    let model = try model([S.advisory, S.cancel, S.warning], at: now, level: .all)
    #expect(activeEvents(model) == [S.warning.identifier])
    #expect(model.rows(includingEnded: true).map(\.alert.identifier) == [S.warning.identifier])
  }

  @Test func mostSevereFirstThenByOnset() throws {
    let now = S.noon + 3 * S.hour
    var second = S.warning
    second.identifier = "second"
    second.onset = S.noon + S.hour
    second.event = "Ice Storm Warning"
    let model = try model([S.advisory, S.untilCancelled, S.warning, second], at: now, level: .all)
    #expect(
      model.rows(includingEnded: false).map(\.event) == [
        "Ice Storm Warning", "Winter Storm Warning", "Flood Watch", "Wind Advisory",
      ])
  }

  @Test func theAlertLevelDecidesTheBannerNotTheList() throws {
    let now = S.noon + S.hour
    let messages = [S.advisory, S.untilCancelled]
    #expect(try model(messages, at: now, level: .all).banner?.event == "Flood Watch")
    #expect(try model(messages, at: now, level: .all).shown.count == 2)
    #expect(try model(messages, at: now, level: .moderate).shown.map(\.event) == ["Flood Watch"])
    let severe = try model(messages, at: now, level: .severe)
    #expect(severe.banner == nil)
    #expect(severe.rows(includingEnded: false).count == 2)
    #expect(try model(messages, at: now + 10 * S.hour, level: .none).shown.isEmpty)
  }

  @Test func periodInThePlacesZone() throws {
    let model = try model([S.warning, S.untilCancelled], at: S.noon + 3 * S.hour, level: .all)
    let rows = model.rows(includingEnded: false)
    // 14:00 UTC is 9:00 AM in New York; ends 08:00 UTC the next day is 3:00 AM.
    #expect(rows[0].period == "Thu Nov 26 09:00 AM – Fri Nov 27 03:00 AM")
    #expect(rows[1].period == "Thu Nov 26 06:00 AM – Fri Nov 27 06:00 AM (no end stated)")
    #expect(rows[0].sender == "NWS Sterling VA")
  }

  @Test func reloadSaysWhenAnAlertEnds() throws {
    let model = try model([S.advisory], at: S.noon + S.hour, level: .all)
    #expect(try model.reload(now: S.noon + S.hour + 1) == false)
    #expect(try model.reload(now: S.advisory.expires!) == true)
    #expect(model.shown.isEmpty)
  }
}

@Suite("AlertLevel setting")
struct AlertLevelSettingTests {
  @Test func theFourthSectionOfTheSettings() throws {
    let store = FakeSettingsStore()
    let model = try SettingsViewModel(store: store)
    #expect(model.title(forSection: 3) == "Weather Alerts")
    #expect(
      model.rows(in: .alerts).map(\.text) == [
        "All", "Moderate and Above", "Severe and Above", "None",
      ])
    #expect(model.rows(in: .alerts).map(\.accessory) == [.none, .checkmark, .none, .none])
    try model.select(at: IndexPath(row: 2, section: 3))
    #expect(store.stored.alerts == .severe)
    #expect(try SettingsChoice(setting: "Alerts", value: "off") == .alerts(.none))
    try model.reset()
    #expect(store.stored.alerts == .moderate)
  }
}

@Suite("AlertMarks: every place with a shown alert")
struct AlertMarksTests {
  typealias S = AlertSamples

  @Test func everyPlaceIsMarkedByItsMostSevereShownAlert() throws {
    let store = FakeAlertStore(knownPlaces: [1, 2, 3])
    try store.record([S.advisory, S.warning], for: .saved(1), fetchedAt: 0)
    try store.record([S.advisory], for: .saved(2), fetchedAt: 0)
    try store.record([S.untilCancelled], for: .saved(3), fetchedAt: 0)
    try store.record([S.warning], for: .current, fetchedAt: 0)
    let settings = FakeSettingsStore()
    let now = S.noon + 3 * S.hour
    let marks = try AlertMarks(alerts: store, settings: settings, now: now)
    #expect(marks.severity(of: .saved(1)) == .severe)
    // A minor advisory is not shown unasked at the default level.
    #expect(marks.severity(of: .saved(2)) == nil)
    #expect(marks.severity(of: .saved(3)) == .moderate)
    #expect(marks.severity(of: .current) == .severe)
    settings.stored.alerts = .all
    #expect(
      try AlertMarks(alerts: store, settings: settings, now: now).severity(of: .saved(2)) == .minor)
    settings.stored.alerts = .none
    #expect(try AlertMarks(alerts: store, settings: settings, now: now).severities.isEmpty)
    // Once ended, no mark.
    settings.stored.alerts = .all
    let later = try AlertMarks(alerts: store, settings: settings, now: S.warning.ends!)
    #expect(later.severity(of: .saved(1)) == nil)
    #expect(later.severity(of: .saved(3)) == .moderate)
  }
}

extension AlertsViewModelTests {
  /// An alert that states no end (Macau's SMG, GDACS) is not a banner forever: it ends a day
  /// after it was sent or began unless a newer message renews it.
  @Test func anAlertThatStatesNoEndEndsADayAfterItWasSent() throws {
    let messages = [S.untilCancelled]
    #expect(try model(messages, at: S.noon, level: .all).shown.map(\.event) == ["Flood Watch"])
    #expect(
      try model(messages, at: S.noon + 22 * S.hour, level: .all).shown.map(\.event)
        == ["Flood Watch"])
    #expect(try model(messages, at: S.noon + 23 * S.hour, level: .all).shown.isEmpty)
    #expect(try model(messages, at: S.noon + 550 * 24 * S.hour, level: .all).shown.isEmpty)
    // Renewed: the same alert sent again later stands a day from then.
    var renewed = S.untilCancelled
    renewed.sent = S.noon + 20 * S.hour
    #expect(
      try model([renewed], at: S.noon + 30 * S.hour, level: .all).shown.map(\.event)
        == ["Flood Watch"])
  }

  /// "Flood Watch (Moderate): Flood Watch issued …" said the event twice.
  @Test func theBannerNamesTheEventOnce() throws {
    var watch = S.untilCancelled
    watch.headline = "Flood Watch issued November 26 at 6:00AM EST until further notice"
    let banner = try #require(try model([watch], at: S.noon, level: .all).banner)
    #expect(
      banner.summary
        == "Flood Watch (Moderate): issued November 26 at 6:00AM EST until further notice")
    watch.headline = "Flood Watch"
    #expect(try model([watch], at: S.noon, level: .all).banner?.summary == "Flood Watch (Moderate)")
    watch.headline = "Rivers may rise quickly"
    #expect(
      try model([watch], at: S.noon, level: .all).banner?.summary
        == "Flood Watch (Moderate): Rivers may rise quickly")
  }

  /// A minor advisory is not drawn like a severe warning: the tone (colour) and its word follow
  /// the severity, for the app and the web alike.
  @Test func theBannersToneFollowsTheSeverity() throws {
    #expect(try model([S.advisory], at: S.noon + 2 * S.hour, level: .all).banner?.tone == .advisory)
    #expect(try model([S.warning], at: S.noon + 3 * S.hour, level: .all).banner?.tone == .warning)
    #expect(Set(AlertSeverity.allCases.map { AlertTone($0) }).count == AlertSeverity.allCases.count)
    #expect(AlertTone(.minor).word == "Advisory")
    #expect(AlertTone(.severe).word == "Warning")
  }
}
