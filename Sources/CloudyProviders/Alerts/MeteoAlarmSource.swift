import CloudyDecoding
public import CloudyModels
public import CloudyServices
public import Foundation

/// MeteoAlarm's warnings (EUMETNET; the national services of its European members) for a
/// place in one of its countries: the country's ATOM feed
/// (`{base}/feeds/meteoalarm-legacy-atom-{country}`), asked conditionally and not while fresh,
/// as the NWS is; then each CAP 1.2 document it links to, read by the CAP decoder with the
/// polygon rule (an alert whose polygon or circle misses the place is left out with a note;
/// one with no geometry applies).
///
/// Decisions: a place's country is its saved `countryCode` (ISO 3166-1, from the gazetteer),
/// so the current location and places without one are not covered; the countries are those
/// with a legacy ATOM feed on feeds.meteoalarm.org (`countries`). Most MeteoAlarm documents
/// name their areas by EMMA_ID code only, without a polygon: by the rule they apply to every
/// place of the country, which the note says. Entries whose `cap:expires` has passed, or
/// whose `cap:status` is not Actual, are not asked for; at most `maximumDocuments` documents
/// are read per look. The base URL comes from `CLOUDY_METEOALARM_URL` (default
/// https://feeds.meteoalarm.org), and the documents' URLs are followed on it.
public struct MeteoAlarmSource: AlertProvider {
  public static let urlVariable = "CLOUDY_METEOALARM_URL"
  public static let defaultBaseURL =
    URL(string: "https://feeds.meteoalarm.org") ?? URL(fileURLWithPath: "/")
  public static let maximumDocuments = 100

  /// ISO 3166-1 alpha-2 → the feed's country name, as feeds.meteoalarm.org lists them.
  public static let countries: [String: String] = [
    "AD": "andorra", "AT": "austria", "BE": "belgium", "BA": "bosnia-herzegovina",
    "BG": "bulgaria", "HR": "croatia", "CY": "cyprus", "CZ": "czechia", "DK": "denmark",
    "EE": "estonia", "FI": "finland", "FR": "france", "DE": "germany", "GR": "greece",
    "HU": "hungary", "IS": "iceland", "IE": "ireland", "IL": "israel", "IT": "italy",
    "LV": "latvia", "LT": "lithuania", "LU": "luxembourg", "MT": "malta", "MD": "moldova",
    "ME": "montenegro", "NL": "netherlands", "NO": "norway", "PL": "poland", "PT": "portugal",
    "MK": "republic-of-north-macedonia", "RO": "romania", "RS": "serbia", "SK": "slovakia",
    "SI": "slovenia", "ES": "spain", "SE": "sweden", "CH": "switzerland", "UA": "ukraine",
    "GB": "united-kingdom",
  ]

  public var source: AlertSource { .meteoAlarm }
  /// Base URL (`CLOUDY_METEOALARM_URL`), `User-Agent`, limits.
  public let client: ServiceClient

  public init(client: ServiceClient) {
    self.client = client
  }

  /// The feed's country name for a place saved in a MeteoAlarm country; nil otherwise.
  public static func country(for countryCode: String?) -> String? {
    countryCode.flatMap { countries[$0.uppercased()] }
  }

  /// A place saved in one of the countries with a feed.
  public func covers(_ place: AlertPlace) -> Bool {
    Self.country(for: place.countryCode) != nil
  }

  public func feedURL(country: String) throws(ForecastError) -> URL {
    try client.url("/feeds/meteoalarm-legacy-atom-\(country)")
  }

  /// Asks for the country's feed unless the last answer is fresh, conditionally; then the
  /// documents it links to that may still stand, each decoded for the place.
  public func alerts(_ request: AlertRequest) async throws(ForecastError) -> AlertAnswer {
    let (coordinate, now) = (request.place.coordinate, request.now)
    guard let country = Self.country(for: request.place.countryCode) else {
      throw .invalidConfiguration("MeteoAlarm has no feed for this place's country")
    }
    let answer = try await client.ask(
      try feedURL(country: country), accept: "application/atom+xml, application/xml",
      remembered: request.last, now: now)
    switch answer {
    case .fresh(let until):
      return .fresh(until: until)
    case .notModified(let memory):
      return .notModified(memory)
    case .modified(let body, let memory, _, _):
      let entries = try AlertDecoder.meteoAlarmFeed(body)
      let standing = entries.filter {
        ($0.status.map { $0.lowercased() == "actual" } ?? true) && ($0.expires ?? .max) > now
      }
      var notes: [String] = []
      if standing.count < entries.count {
        notes.append(
          "\(entries.count - standing.count) of the feed's \(entries.count) warnings not read: expired or not actual"
        )
      }
      if standing.count > Self.maximumDocuments {
        notes.append(
          "the feed lists \(standing.count) warnings; the first \(Self.maximumDocuments) were read")
      }
      var alerts: [WeatherAlert] = []
      var byGeocodeOnly = 0
      for entry in standing.prefix(Self.maximumDocuments) {
        let document = try await client.ask(
          try client.rebased(entry.capURL), accept: "application/cap+xml, application/xml",
          remembered: nil, now: now)
        guard case .modified(let cap, _, _, _) = document else { continue }
        let decoded = try AlertDecoder.decode(
          cap, for: coordinate, languages: [], capSource: .meteoAlarm)
        for note in decoded.notes where !notes.contains(note) { notes.append(note) }
        alerts += decoded.alerts
        if !decoded.alerts.isEmpty, !AlertDecoder.capDrawsAnArea(cap) {
          byGeocodeOnly += decoded.alerts.count
        }
      }
      if byGeocodeOnly > 0 {
        notes.append(
          "\(byGeocodeOnly == 1 ? "1 warning names" : "\(byGeocodeOnly) warnings name") its areas by region code only, without an outline: kept as applying to the place, though it may be for another part of the country"
        )
      }
      return .fetched(alerts, notes: notes, memory)
    }
  }
}
