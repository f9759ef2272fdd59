import CloudyModels
import CloudyStore
import CloudyStoring
import CloudyTestFakes
import Testing

/// `AlertStoring`'s contract, run against the SQLite store and the fake the view-model tests
/// use: messages kept as they came, one per place and identifier, a missing place refused,
/// pruning by when a message ended.
@Suite("Alert storing contract: SQLite store and fake alike")
struct AlertStoringContractTests {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, fake
    var testDescription: String { rawValue }
  }

  final class Subject {
    let alerts: any AlertStoring
    let richmond: Place
    private let folder: TemporaryFolder?

    init(_ kind: Kind) throws {
      switch kind {
      case .sqlite:
        let folder = try TemporaryFolder()
        let database = try DatabaseFile.openForWriting(path: folder.file("cloudy.sqlite"))
        self.folder = folder
        let location = try LocationRepository(database: database).add(place("Richmond"))
        richmond = .saved(location.id)
        alerts = AlertRepository(database: database)
      case .fake:
        folder = nil
        richmond = .saved(1)
        alerts = FakeAlertStore(knownPlaces: [1])
      }
    }
  }

  @Test(arguments: Kind.allCases)
  func messagesComeBackAsStoredOldestFirst(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.alerts
    try store.record(
      [AlertSamples.update, AlertSamples.warning], for: subject.richmond, fetchedAt: 10)
    #expect(try store.alerts(for: subject.richmond) == [AlertSamples.warning, AlertSamples.update])
    #expect(try store.alerts(for: .current) == [])
    #expect(
      try store.alertsByPlace() == [subject.richmond: [AlertSamples.warning, AlertSamples.update]])
  }

  @Test(arguments: Kind.allCases)
  func aMessageFetchedAgainReplacesItsRow(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.alerts
    try store.record([AlertSamples.warning], for: subject.richmond, fetchedAt: 10)
    var again = AlertSamples.warning
    again.headline = "reissued"
    try store.record([again], for: subject.richmond, fetchedAt: 20)
    #expect(try store.alerts(for: subject.richmond) == [again])
    try store.record([AlertSamples.warning], for: .current, fetchedAt: 30)
    #expect(try store.alerts(for: .current) == [AlertSamples.warning])
    #expect(try store.alerts(for: subject.richmond) == [again])
  }

  @Test(arguments: Kind.allCases)
  func aMissingPlaceIsRefusedAndNothingIsWritten(kind: Kind) throws {
    let subject = try Subject(kind)
    #expect(throws: LocationError.notFound("with id 99")) {
      try subject.alerts.record([AlertSamples.warning], for: .saved(99), fetchedAt: 10)
    }
    #expect(try subject.alerts.alertsByPlace().isEmpty)
  }

  @Test(arguments: Kind.allCases)
  func pruningDeletesWhatEndedBeforeTheCutoff(kind: Kind) throws {
    let subject = try Subject(kind)
    let store = subject.alerts
    // warning ends at ends (not its earlier expires); the advisory at expires; the open-ended
    // statement at sent.
    try store.record(
      [AlertSamples.warning, AlertSamples.advisory, AlertSamples.untilCancelled],
      for: subject.richmond, fetchedAt: 10)
    #expect(try store.prune(endedBefore: AlertSamples.untilCancelled.sent) == 0)
    #expect(try store.prune(endedBefore: AlertSamples.advisory.expires! + 1) == 2)
    #expect(try store.alerts(for: subject.richmond) == [AlertSamples.warning])
    #expect(try store.prune(endedBefore: AlertSamples.warning.ends! + 1) == 1)
  }
}
