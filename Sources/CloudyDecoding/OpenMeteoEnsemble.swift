import CloudyServices

/// Open-Meteo's ensemble API (`/v1/ensemble`) answers with one series per member
/// (`temperature_2m_member01` … `_member50`) beside the control run's (`temperature_2m`, no
/// suffix), in the forecast API's shape. Read as a forecast, its control run alone would be
/// cached without a word, and the spread, which is what an ensemble is asked for, lost.
///
/// Refused rather than reduced to its control run: Cloudy stores one forecast, and the control
/// run of an ensemble model (coarser than the deterministic models the forecast API blends) is
/// not the forecast a user who saved the file looked at.
enum OpenMeteoEnsemble {
  static func refuse(_ document: JSONField) throws(ForecastError) {
    let members = try memberCount(document)
    guard members > 0 else { return }
    throw .invalidResponse(
      "the response is an Open-Meteo ensemble forecast (\(members) members beside the control run); Cloudy keeps one forecast, not a spread of members"
    )
  }

  /// How many members the response's series name (`…_member01` to `…_memberNN`); 0 when none.
  static func memberCount(_ document: JSONField) throws(ForecastError) -> Int {
    var members: Set<Substring> = []
    for block in ["current", "hourly", "daily"] {
      guard let keys = try document.optional(block)?.members().keys else { continue }
      for key in keys {
        for part in key.split(separator: "_").dropFirst() where part.hasPrefix("member") {
          let number = part.dropFirst("member".count)
          if number.count >= 2, number.allSatisfy({ $0.isASCII && $0.isNumber }) {
            members.insert(number)
          }
        }
      }
    }
    return members.count
  }
}
