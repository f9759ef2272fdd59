import CloudyModels
import CloudyStoring
import CloudyViewModels
import Testing

/// The bar's template and the notification rule, in-process: what `bar --template` accepts and
/// how it fills in, and what `alerts --watch --notify` does for each state of an alert.
@Suite("Glance: the bar's template and the notification rule")
struct GlanceTests {
  // MARK: - GlanceTemplate

  @Test func aTemplateFillsItsFieldsAndAnEmptyOneLeavesNoGap() throws {
    let template = try GlanceTemplate("{symbol} {temperature} {alert} ({place})")
    #expect(template.uses("alert") && !template.uses("age"))
    let fields = ["symbol": "☁", "temperature": "4 °C", "alert": "", "place": "Oslo"]
    #expect(template.render(fields) == "☁ 4 °C (Oslo)")
    #expect(try GlanceTemplate("{{{place}}}").uses("place"))
  }

  @Test func anUnknownFieldOrAnUnclosedBraceIsRefusedNamingTheFields() {
    #expect(throws: GlanceTemplate.Refusal.self) { try GlanceTemplate("{temprature}") }
    #expect(throws: GlanceTemplate.Refusal.self) { try GlanceTemplate("{temperature") }
    do {
      _ = try GlanceTemplate("{nope}")
      Issue.record("{nope} was accepted")
    } catch let refusal as GlanceTemplate.Refusal {
      #expect(refusal.message.contains("{windSpeed}") && refusal.message.contains("{alert}"))
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func everyDayQuantityIsAField() {
    for name in [
      "summary", "temperature", "windSpeed", "icon", "apparentTemperature", "precipitation",
      "precipitationProbability",
    ] {
      #expect(GlanceFields.names.contains(name), "\(name)")
    }
  }

  // MARK: - AlertNotices

  static func row(_ identifier: String, references: [String] = [], type: AlertMessageType = .alert)
    -> AlertRowViewModel
  {
    AlertRowViewModel(
      alert: WeatherAlert(
        identifier: identifier, sender: "s", sent: 0, messageType: type,
        references: references.map { AlertReference(sender: "s", identifier: $0, sent: "0") },
        event: "Gale", severity: .severe, headline: "Gale warning", source: .cap),
      isActive: true, period: "Mon – Tue")
  }

  static let oslo = Place.saved(7)

  @Test func aNewAlertIsNotifiedOnceAndNeverAgain() {
    let shown = [(place: Self.oslo, name: "Oslo", row: Self.row("a"))]
    let first = AlertNotices.plan(shown: shown, notified: [], watched: [Self.oslo])
    guard case .notify(let notice, let replacing)? = first.first, first.count == 1 else {
      Issue.record("\(first)")
      return
    }
    #expect(notice.summary == "Gale · Oslo" && notice.body == "Gale warning\nMon – Tue")
    #expect(replacing == nil)
    let record = NotifiedAlert(
      identifier: "a", place: Self.oslo, notificationID: 4, isClosed: false)
    #expect(AlertNotices.plan(shown: shown, notified: [record], watched: [Self.oslo]).isEmpty)
  }

  @Test func anUpdateReplacesAndAnEndClosesAndOtherPlacesAreLeftAlone() {
    let open = NotifiedAlert(identifier: "a", place: Self.oslo, notificationID: 4, isClosed: false)
    let update = [
      (place: Self.oslo, name: "Oslo", row: Self.row("b", references: ["a"], type: .update))
    ]
    let replaced = AlertNotices.plan(shown: update, notified: [open], watched: [Self.oslo])
    #expect(replaced.count == 1)
    if case .notify(_, let previous)? = replaced.first { #expect(previous == open) }
    #expect(AlertNotices.plan(shown: [], notified: [open], watched: [Self.oslo]) == [.close(open)])
    #expect(AlertNotices.plan(shown: [], notified: [open], watched: [.saved(8)]).isEmpty)
    var closed = open
    closed.isClosed = true
    #expect(AlertNotices.plan(shown: [], notified: [closed], watched: [Self.oslo]).isEmpty)
  }
}
