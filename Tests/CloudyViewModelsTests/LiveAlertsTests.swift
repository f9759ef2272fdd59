import CloudyModels
import CloudyPlatform
import CloudyStoring
import CloudyTestFakes
import CloudyViewModels
import Testing

/// The alerts of a front-end that stays open (the app, cloudy-web's pages): a message stored
/// by another process reaches the banner and the Locations marks through the change
/// observation, the alert level is followed, and an alert ends by the clock with no write.
@Suite("Live alerts: the banner and the marks follow the store and the clock")
struct LiveAlertsTests {
  typealias S = AlertSamples

  struct World {
    let alerts = FakeAlertStore(knownPlaces: [1, 2, 3])
    let settings = FakeSettingsStore()
    let changes = FakeChanges()
    var now: Int64 = AlertSamples.noon + 3 * AlertSamples.hour
  }

  @Test func anAlertStoredElsewhereAppearsInTheBannerAndIsAnnounced() throws {
    let world = World()
    let clock = world.now
    let model = try AlertsViewModel(
      place: .saved(1), timeZone: ["America/New_York"], alerts: world.alerts,
      settings: world.settings, zones: InstalledTimeZones(), changes: world.changes,
      clock: { clock })
    var announced = 0
    let token = model.change.bind { announced += 1 }
    defer { token.cancel() }
    #expect(model.banner == nil)
    #expect(announced == 1)  // bind delivers the current value at once

    // Another place's alert changes nothing shown here, and announces nothing.
    try world.alerts.record([S.warning], for: .saved(2), fetchedAt: clock)
    try world.changes.commit()
    #expect(model.banner == nil)
    #expect(announced == 1)

    try world.alerts.record([S.warning], for: .saved(1), fetchedAt: clock)
    try world.changes.commit()
    #expect(model.banner?.event == "Winter Storm Warning")
    #expect(announced == 2)

    // A Cancel naming it: gone, announced.
    var cancel = S.cancel
    cancel.references = [
      AlertReference(sender: S.warning.sender, identifier: S.warning.identifier, sent: "")
    ]
    try world.alerts.record([cancel], for: .saved(1), fetchedAt: clock)
    try world.changes.commit()
    #expect(model.banner == nil)
    #expect(announced == 3)
  }

  @Test func theLevelChangedElsewhereHidesTheBannerAndIsAnnounced() throws {
    let world = World()
    try world.alerts.record([S.warning], for: .saved(1), fetchedAt: 0)
    let clock = world.now
    let model = try AlertsViewModel(
      place: .saved(1), timeZone: [nil], alerts: world.alerts, settings: world.settings,
      zones: InstalledTimeZones(), changes: world.changes, clock: { clock })
    var announced = 0
    let token = model.change.bind { announced += 1 }
    defer { token.cancel() }
    #expect(model.banner != nil)
    world.settings.stored.alerts = .none
    try world.changes.commit()
    #expect(model.banner == nil)
    // The list is where a user looks on purpose: the level does not empty it.
    #expect(model.rows(includingEnded: false).count == 1)
    #expect(announced == 2)
  }

  @Test func advancingTheClockEndsTheBannerWithoutARead() throws {
    let world = World()
    try world.alerts.record([S.warning], for: .saved(1), fetchedAt: 0)
    let model = try AlertsViewModel(
      place: .saved(1), timeZone: [nil], alerts: world.alerts, settings: world.settings,
      zones: InstalledTimeZones(), now: S.warning.onset! - 1)
    #expect(model.banner == nil)
    #expect(model.advance(to: S.warning.onset!))
    #expect(model.banner?.event == "Winter Storm Warning")
    #expect(!model.advance(to: S.warning.onset! + 60))
    #expect(model.advance(to: S.warning.ends!))
    #expect(model.banner == nil)
  }

  @Test func everyPlaceIsMarkedNotTheFirstOnlyAndTheMarksFollowChanges() throws {
    let world = World()
    let now = world.now
    try world.alerts.record([S.advisory], for: .saved(1), fetchedAt: 0)
    let marks = try LiveAlertMarks(
      alerts: world.alerts, settings: world.settings, changes: world.changes)
    var announced = 0
    let token = marks.change.bind { announced += 1 }
    defer { token.cancel() }
    // A minor advisory is below the default level (moderate and above).
    #expect(marks.severity(of: .saved(1), at: now) == nil)

    try world.alerts.record([S.warning], for: .saved(3), fetchedAt: 0)
    try world.alerts.record([S.untilCancelled], for: .saved(2), fetchedAt: 0)
    try world.changes.commit()
    #expect(announced == 2)
    #expect(marks.severity(of: .saved(2), at: now) == .moderate)
    #expect(marks.severity(of: .saved(3), at: now) == .severe)

    world.settings.stored.alerts = .all
    try world.changes.commit()
    #expect(marks.severity(of: .saved(1), at: now) == .minor)
    world.settings.stored.alerts = .none
    try world.changes.commit()
    #expect([1, 2, 3].allSatisfy { marks.severity(of: .saved($0), at: now) == nil })

    // Nothing changed: nothing announced.
    let before = announced
    try world.changes.commit()
    #expect(announced == before)
  }

  @Test func aMarkEndsByTheClock() throws {
    let world = World()
    try world.alerts.record([S.warning], for: .saved(1), fetchedAt: 0)
    let marks = try LiveAlertMarks(
      alerts: world.alerts, settings: world.settings, changes: world.changes)
    #expect(marks.severity(of: .saved(1), at: S.warning.ends! - 1) == .severe)
    #expect(marks.severity(of: .saved(1), at: S.warning.ends!) == nil)
    #expect(marks.severity(of: .saved(1), at: S.warning.onset! - 1) == nil)
  }
}
