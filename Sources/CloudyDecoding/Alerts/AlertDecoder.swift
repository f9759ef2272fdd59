import CloudyJSON
public import CloudyModels
public import CloudyServices
import CloudyXML

/// Turns an alerts document into the alerts it holds for one place: a CAP 1.2 document (XML),
/// the NWS's `alerts/active` answer (GeoJSON), or the `alerts` of a Dark Sky or Pirate Weather
/// response. Used by `cloudy-forecast import` on a saved file and by the alert sources after
/// a fetch.
///
/// Documents that are about alerts but are not one of these are refused naming what they are,
/// so a user knows what to save instead: an NWS `/points` answer, an ATOM list of alerts (it
/// links to CAP documents without holding them), CAP 1.1 or 1.0.
public enum AlertDecoder {
  /// What a document decoded to for a place, and what was left out or assumed.
  public struct Decoded: Sendable {
    public var alerts: [WeatherAlert]
    public var notes: [String]
    /// The document's kind, e.g. "CAP 1.2".
    public var kind: AlertDocumentKind
    /// The source whose whole list of active alerts for the place this is (an NWS
    /// `alerts/active` answer, a Dark Sky-family response with an `alerts` array), so the
    /// store ends that source's alerts it no longer holds; nil for a document that names only
    /// itself (CAP, one NWS Feature).
    public var wholeListOf: AlertSource? = nil
  }

  /// Decodes `body` for the place at `place`. `languages`: the reader's languages, most wanted
  /// first (e.g. ["fr-CA"]), for CAP documents written in several; English follows them.
  /// `capSource`: what a CAP document is stored as (a user's file, or MeteoAlarm's feed).
  /// Throws `invalidResponse` naming what a refused document is.
  public static func decode(
    _ body: [UInt8], for place: Coordinate, languages: [String],
    capSource: AlertSource = .cap
  ) throws(ForecastError) -> Decoded {
    switch AlertDocumentKind.recognize(body) {
    case .cap(let root):
      var notes: [String] = []
      let alert = try CAPDecoding.decode(
        root, for: place, languages: languages, source: capSource, notes: &notes)
      return Decoded(alerts: alert.map { [$0] } ?? [], notes: notes.map(Self.oneLine), kind: .cap12)
    case .nws(let document):
      var notes: [String] = []
      let alerts = try NWSAlertsDecoding.decode(
        JSONField(document, path: ""), for: place, notes: &notes)
      let whole = document["features"] != nil
      if whole, alerts.isEmpty, notes.isEmpty {
        notes.append("the NWS lists no active alerts for the place")
      }
      return Decoded(
        alerts: alerts, notes: notes.map(Self.oneLine), kind: .nwsAlerts,
        wholeListOf: whole ? .nws : nil)
    case .darkSky(let document):
      var notes: [String] = []
      let field = JSONField(document, path: "")
      let alerts = try DarkSkyAlertsDecoding.decode(field, notes: &notes)
      let source = try DarkSkyAlertsDecoding.source(field)
      return Decoded(
        alerts: alerts, notes: notes.map(Self.oneLine), kind: .darkSky,
        wholeListOf: document["alerts"] != nil ? source : nil)
    case .refused(let what):
      throw .invalidResponse(what)
    case nil:
      throw .invalidResponse(
        "it is not an alerts document: expected a CAP 1.2 document, the NWS's alerts/active answer or a Dark Sky-compatible response"
      )
    }
  }

  /// A note on one line: a sender's text (an identifier, an event) may hold line breaks and
  /// indentation, which a note must not print as `\n      `.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
      .joined(separator: " ")
  }

  /// Whether `body` is an alerts document (one Cloudy reads, or one it refuses by name), as
  /// opposed to a forecast or something else: `import` asks before reading it as a forecast.
  /// A Dark Sky response is a forecast first (its alerts come with it), so it is not counted.
  public static func isAlertsDocument(_ body: [UInt8]) -> Bool {
    switch AlertDocumentKind.recognize(body) {
    case .cap, .nws, .refused: true
    case .darkSky, nil: false
    }
  }
}

/// The alerts documents Cloudy reads.
public enum AlertDocumentKind: String, Sendable {
  case cap12 = "CAP 1.2"
  case nwsAlerts = "NWS alerts"
  case darkSky = "Dark Sky alerts"

  /// What a body is, read once.
  enum Recognized {
    case cap(XMLElement)
    case nws(JSONNode)
    case darkSky(JSONNode)
    /// An alerts document of another kind: the sentence saying what it is.
    case refused(String)
  }

  static func recognize(_ body: [UInt8]) -> Recognized? {
    let start = body.drop {
      $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
    }
    if start.first == UInt8(ascii: "<") { return recognizeXML(body) }
    guard start.first == UInt8(ascii: "{"), let document = try? ResponseJSON.parse(body),
      case .object = document.value
    else { return nil }
    let top = document
    if case .string(let type)? = top["type"]?.value {
      if type == "FeatureCollection", case .array(let features)? = top["features"]?.value {
        if features.contains(where: NWSAlertsDecoding.isAlert) { return .nws(document) }
        if features.isEmpty, isNWS(top) { return .nws(document) }
      }
      if type == "Feature" {
        if NWSAlertsDecoding.isAlert(document) { return .nws(document) }
        if let properties = top["properties"], properties["forecast"] != nil,
          properties["gridId"] != nil || properties["forecastHourly"] != nil
        {
          return .refused(
            "an NWS /points answer (which forecast office and grid cover a place): it holds neither a forecast nor alerts; save the answer of its forecast or forecastHourly URL (…/gridpoints/OFFICE/X,Y/forecast) for a forecast, or of api.weather.gov/alerts/active?point=LAT,LON for alerts, or run cloudy-forecast fetch --provider nws"
          )
        }
      }
    }
    if case .array? = top["alerts"]?.value,
      top["currently"] != nil || top["hourly"] != nil
        || top["daily"] != nil
    {
      return .darkSky(document)
    }
    if let other = OtherAlertDocuments.recognise(top) { return .refused(other) }
    return nil
  }

  /// An NWS `alerts/active` answer even when it lists nothing (a quiet point): its title
  /// ("Current watches, warnings, and advisories for 33.4 N, 112.1 W"), or the NWS's JSON-LD
  /// context.
  private static func isNWS(_ top: JSONNode) -> Bool {
    if case .string(let title)? = top["title"]?.value,
      title.lowercased().contains("watches, warnings, and advisories")
    {
      return true
    }
    guard case .array(let context)? = top["@context"]?.value else { return false }
    return context.contains {
      if case .string(let vocab)? = $0["@vocab"]?.value {
        return vocab.contains("api.weather.gov")
      }
      return false
    }
  }

  private static func recognizeXML(_ body: [UInt8]) -> Recognized? {
    guard let root = try? XMLReader.parse(body) else {
      let head = String(decoding: body.prefix(2048), as: UTF8.self)
      guard let name = XMLReader.rootName(head), name == "alert" || name == "feed" else {
        return nil
      }
      return .refused("a CAP document that is not well-formed XML")
    }
    let namespace =
      root.attributes.first { $0.value.hasPrefix(CAPDecoding.namespacePrefix) }?.value
    switch root.name {
    case "alert":
      guard let namespace else {
        return .refused(
          "an <alert> without CAP's namespace (urn:oasis:names:tc:emergency:cap:1.2), not a CAP 1.2 document"
        )
      }
      guard namespace == CAPDecoding.namespace12 else {
        let version = namespace.dropFirst(CAPDecoding.namespacePrefix.count)
        return .refused(
          "a CAP \(version) document; Cloudy reads CAP 1.2 (the version the NWS, MeteoAlarm and Environment Canada publish today)"
        )
      }
      return .cap(root)
    case "rss":
      return .refused(OtherAlertDocuments.rss(root))
    case "feed":
      let entries = root.children.filter { $0.name == "entry" }
      return .refused(
        "an ATOM list of \(entries.count) alert\(entries.count == 1 ? "" : "s") that links to the CAP documents without holding them: save a linked CAP document and import that"
      )
    default:
      return nil
    }
  }
}
