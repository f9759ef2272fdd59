import CloudyModels

/// When a decoded alert ends, settled before it is stored, for CAP documents and the NWS's
/// GeoJSON alike.
///
/// The NWS states when the weather ends in its GeoJSON's `ends`; in its CAP documents the same
/// instant is a parameter, `eventEndingTime`, and the end of the VTEC code
/// (`/O.NEW.KPSR.EH.W.0012.250610T1800Z-250612T0300Z/`); its `expires` is only when the message
/// will be reissued, and may come before the onset (a watch issued a day ahead). Those are read
/// as `ends` is. An end that is still before the start is never stored as it is: it is dropped
/// with a note, and the alert ends as one that states no end does (`WeatherAlert.endsBy`).
enum AlertPeriod {
  /// The end a message states in its parameters (name, value): `eventEndingTime`, else the
  /// VTEC code's end ("000000T0000Z", until further notice, is none).
  static func statedEnd(parameters: [(name: String, value: String)]) -> Int64? {
    for parameter in parameters where parameter.name == "eventEndingTime" {
      if let reading = CAPTime.parse(parameter.value) { return reading.seconds }
    }
    for parameter in parameters where parameter.name == "VTEC" {
      if let end = vtecEnd(parameter.value) { return end }
    }
    return nil
  }

  /// The end of a P-VTEC string: the time after the last "-", `yymmddThhnnZ`, in UTC.
  static func vtecEnd(_ vtec: String) -> Int64? {
    guard let tail = vtec.split(separator: "-").last else { return nil }
    let time = Array(tail.prefix { $0 != "/" }.utf8)
    guard time.count == 12, time[6] == UInt8(ascii: "T"), time[11] == UInt8(ascii: "Z"),
      time.enumerated().allSatisfy({
        $0.offset == 6 || $0.offset == 11 || (0x30...0x39).contains($0.element)
      })
    else { return nil }
    func digits(_ range: Range<Int>) -> String { String(decoding: time[range], as: UTF8.self) }
    guard digits(0..<6) != "000000" else { return nil }
    return LocalClock.localSeconds(
      iso:
        "20\(digits(0..<2))-\(digits(2..<4))-\(digits(4..<6))T\(digits(7..<9)):\(digits(9..<11)):00"
    )
  }

  /// Fills `ends` from the stated end when the message gives none, then drops an end before
  /// the start, with a note.
  static func settle(
    _ alert: inout WeatherAlert, statedEnd: Int64?, notes: inout [String]
  ) {
    if alert.ends == nil, let statedEnd { alert.ends = statedEnd }
    guard let until = alert.until, until < alert.begins else { return }
    notes.append(
      "\(alert.event) (\(alert.identifier)) ends before it begins: its end was left out, and it ends as an alert that states none does (a day after it was sent or began)"
    )
    alert.ends = nil
    alert.expires = nil
  }

  /// The name an alert is listed under: its event, else its headline (when short enough to be
  /// a heading), else its CAP category in words, else "Alert". A description is never a
  /// heading.
  static func eventName(event: String?, headline: String?, category: String?) -> String {
    if let event = oneLine(event), !event.isEmpty { return event }
    if let headline = oneLine(headline), !headline.isEmpty, headline.count <= 80 {
      return headline
    }
    switch category?.trimmingWhitespace().lowercased() {
    case "met": return "Weather alert"
    case "geo": return "Geophysical alert"
    case "fire": return "Fire alert"
    case "health": return "Health alert"
    case "env": return "Environmental alert"
    case "transport": return "Transport alert"
    case "infra": return "Infrastructure alert"
    case "safety": return "Safety alert"
    case "security": return "Security alert"
    case "rescue": return "Rescue alert"
    case "cbrne": return "Hazardous materials alert"
    default: return "Alert"
    }
  }

  /// A one-line field (event, headline, sender's name) with its line breaks and runs of
  /// spaces as single spaces, as a sender's indented XML may write it.
  static func oneLine(_ text: String?) -> String? {
    text.map {
      $0.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        .joined(separator: " ")
    }
  }
}
