import CloudyModels

/// CAP's times ("2026-11-26T14:00:00-05:00", XML Schema dateTime) and the NWS's ISO 8601, as
/// unix seconds.
///
/// CAP requires an offset; senders leave it out now and then. A time without one is read as
/// UTC, the only reading that does not depend on where the reader is, and the decoder notes
/// that it did. Fractional seconds and `Z` (not CAP, common in feeds) are accepted.
enum CAPTime {
  struct Reading: Equatable {
    let seconds: Int64
    /// False when the text had no offset and was read as UTC.
    let hadOffset: Bool
  }

  static func parse(_ raw: String) -> Reading? {
    let text = raw.trimmingWhitespace()
    guard text.utf8.count >= 19 else { return nil }
    let bytes = Array(text.utf8)
    guard let local = LocalClock.localSeconds(iso: String(decoding: bytes[0..<19], as: UTF8.self))
    else { return nil }
    var index = 19
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
    }
    let zone = bytes[index...]
    if zone.isEmpty { return Reading(seconds: local, hadOffset: false) }
    if zone.elementsEqual([UInt8(ascii: "Z")]) { return Reading(seconds: local, hadOffset: true) }
    guard zone.count == 6, zone.first == UInt8(ascii: "+") || zone.first == UInt8(ascii: "-"),
      zone[zone.startIndex + 3] == UInt8(ascii: ":"),
      let hours = Int64(String(decoding: zone.dropFirst().prefix(2), as: UTF8.self)),
      let minutes = Int64(String(decoding: zone.suffix(2), as: UTF8.self)), hours < 24,
      minutes < 60
    else { return nil }
    let offset = (hours * 3600 + minutes * 60) * (zone.first == UInt8(ascii: "-") ? -1 : 1)
    return Reading(seconds: local - offset, hadOffset: true)
  }
}
