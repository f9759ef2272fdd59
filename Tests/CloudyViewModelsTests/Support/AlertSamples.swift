import CloudyModels

/// Alerts shaped like the NWS's (its identifiers, senders and the gap between `expires`, when a
/// message is reissued, and `ends`), for the rule tests; the decoders are tested on recorded
/// documents in CloudyProvidersTests.
enum AlertSamples {
  /// 2026-11-26 12:00 UTC.
  static let noon: Int64 = 1_795_694_400
  static let hour: Int64 = 3_600

  static let warning = WeatherAlert(
    identifier: "urn:oid:2.49.0.1.840.0.aaa.001.1", sender: "w-nws.webmaster@noaa.gov",
    sent: noon, event: "Winter Storm Warning", severity: .severe, urgency: .expected,
    certainty: .likely, headline: "Winter Storm Warning issued November 26",
    description: "Heavy snow expected.", instruction: "Travel could be very difficult.",
    senderName: "NWS Sterling VA", language: "en-US", areas: ["Fairfax", "Arlington"],
    onset: noon + 2 * hour, effective: noon, expires: noon + 6 * hour, ends: noon + 20 * hour,
    source: .nws)

  static let advisory = WeatherAlert(
    identifier: "urn:oid:2.49.0.1.840.0.aaa.002.1", sender: "w-nws.webmaster@noaa.gov",
    sent: noon + hour, event: "Wind Advisory", severity: .minor, urgency: .expected,
    certainty: .likely, headline: "Wind Advisory", senderName: "NWS Sterling VA",
    areas: ["Fairfax"], onset: noon + hour, expires: noon + 4 * hour, source: .nws)

  /// No expires, no ends: active for a day after it was sent (`WeatherAlert.endsBy`).
  static let untilCancelled = WeatherAlert(
    identifier: "urn:oid:2.49.0.1.840.0.aaa.003.1", sender: "w-nws.webmaster@noaa.gov",
    sent: noon - hour, event: "Flood Watch", severity: .moderate, urgency: .future,
    certainty: .possible, source: .nws)

  /// Replaces the warning: an hour later, until later.
  static let update = WeatherAlert(
    identifier: "urn:oid:2.49.0.1.840.0.aaa.001.2", sender: "w-nws.webmaster@noaa.gov",
    sent: noon + 3 * hour, messageType: .update,
    references: [
      AlertReference(
        sender: "w-nws.webmaster@noaa.gov", identifier: warning.identifier,
        sent: "2026-11-26T07:00:00-05:00")
    ], event: "Winter Storm Warning", severity: .extreme, urgency: .immediate,
    certainty: .observed, headline: "Winter Storm Warning upgraded", onset: noon + 3 * hour,
    expires: noon + 9 * hour, ends: noon + 24 * hour, source: .nws)

  /// Ends the advisory.
  static let cancel = WeatherAlert(
    identifier: "urn:oid:2.49.0.1.840.0.aaa.002.2", sender: "w-nws.webmaster@noaa.gov",
    sent: noon + 2 * hour, messageType: .cancel,
    references: [
      AlertReference(
        sender: "w-nws.webmaster@noaa.gov", identifier: advisory.identifier,
        sent: "2026-11-26T08:00:00-05:00")
    ], event: "Wind Advisory", severity: .minor, source: .nws)
}
