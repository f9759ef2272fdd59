import CloudyJSON
import CloudyXML

/// Alerts documents of services Cloudy does not read, told by their shape so that the refusal
/// names them and says what to import instead (their senders publish the same warnings as CAP
/// 1.2 documents, which Cloudy reads), rather than "not a forecast response". Each shape is the
/// one the service answers with; the tests hold a saved answer of each (Fixtures/README.md).
enum OtherAlertDocuments {
  /// The refusal's words for a JSON document, or nil.
  static func recognise(_ top: JSONNode) -> String? {
    // Bright Sky's /alerts: {"alerts": [{"alert_id", "event_en", "headline_de"…}],
    // "location": {"warn_cell_id"…}}.
    if case .array? = top["alerts"]?.value, let location = top["location"],
      location["warn_cell_id"] != nil
    {
      return
        "Bright Sky's alerts answer (the DWD's warnings as Bright Sky's JSON), which Cloudy does not read: import the DWD's own CAP 1.2 documents (opendata.dwd.de/weather/alerts/cap/) instead"
    }
    // MeteoAlarm's JSON API: {"warnings": [{"alert": {"identifier", "info": […]…}, "uuid"}]}.
    if case .array(let warnings)? = top["warnings"]?.value,
      warnings.isEmpty || warnings.contains(where: { $0["alert"] != nil })
    {
      return
        "an answer of MeteoAlarm's JSON API (CAP written as JSON), which Cloudy does not read: import a warning's CAP 1.2 document (XML, linked from MeteoAlarm's ATOM feed feeds.meteoalarm.org/feeds/meteoalarm-legacy-atom-COUNTRY), or run cloudy-forecast fetch --alerts"
    }
    // Environment and Climate Change Canada's GeoMet (api.weather.gc.ca, weather-alerts):
    // GeoJSON features whose properties are `alert_name_en`, `alert_type`, `risk_colour_en`…
    if case .string("FeatureCollection")? = top["type"]?.value,
      case .array(let features)? = top["features"]?.value,
      features.contains(where: {
        $0["properties"]?["alert_name_en"] != nil || $0["properties"]?["alert_code"] != nil
      })
    {
      return
        "an Environment Canada GeoMet alerts answer (GeoJSON of api.weather.gc.ca's weather-alerts), which Cloudy does not read: import Environment Canada's CAP 1.2 documents (dd.weather.gc.ca/alerts/cap/) instead"
    }
    return nil
  }

  /// An RSS feed: an index of CAP alerts (items linking to CAP documents, as MET Norway's and
  /// many national services' feeds are) or some other feed.
  static func rss(_ root: XMLElement) -> String {
    let items = root.descendants("item")
    let linksToCAP = items.contains { item in
      let links =
        [item.child("link")?.text ?? ""]
        + item.children.filter {
          $0.name == "enclosure"
        }.map { ($0.attribute("url") ?? "") + " " + ($0.attribute("type") ?? "") }
      return links.contains { $0.lowercased().contains("cap") }
    }
    let count = "\(items.count) item\(items.count == 1 ? "" : "s")"
    return linksToCAP
      ? "an RSS list of \(count) that links to CAP alert documents without holding them: save a linked CAP document and import that"
      : "an RSS feed of \(count), not a forecast or an alerts document Cloudy reads"
  }
}
