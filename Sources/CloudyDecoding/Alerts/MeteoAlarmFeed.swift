import CloudyModels
public import CloudyServices
import CloudyXML

/// One entry of MeteoAlarm's ATOM feed of a country
/// (`feeds.meteoalarm.org/feeds/meteoalarm-legacy-atom-{country}`): an index of the country's
/// warnings, each linking to its CAP 1.2 document (`<link type="application/cap+xml">`) and
/// repeating a few of its fields (`cap:status`, `cap:expires`), which let Cloudy skip the
/// documents it would not keep before asking for them.
public struct MeteoAlarmEntry: Sendable, Equatable {
  /// The CAP document's URL.
  public var capURL: String
  /// `cap:expires` as unix seconds, when given.
  public var expires: Int64?
  /// `cap:status` ("Actual", "Test", …), when given.
  public var status: String?
}

extension AlertDecoder {
  /// The entries of a MeteoAlarm ATOM feed that link to a CAP document; refuses a body that
  /// is not an ATOM feed.
  public static func meteoAlarmFeed(_ body: [UInt8]) throws(ForecastError) -> [MeteoAlarmEntry] {
    let root: XMLElement
    do {
      root = try XMLReader.parse(body)
    } catch {
      throw .invalidResponse(
        "the MeteoAlarm feed is not well-formed XML (line \(error.line): \(error.message))")
    }
    guard root.name == "feed" else {
      throw .invalidResponse("the MeteoAlarm feed is <\(root.name)>, not an ATOM <feed>")
    }
    return root.children.filter { $0.name == "entry" }.compactMap { entry in
      let link = entry.children.first {
        $0.name == "link" && $0.attribute("type") == "application/cap+xml"
      }
      guard let address = link?.attribute("href"), !address.isEmpty else { return nil }
      let expires = entry.child("expires").flatMap { CAPTime.parse($0.text)?.seconds }
      let status = entry.child("status")?.text.trimmingWhitespace()
      return MeteoAlarmEntry(capURL: address, expires: expires, status: status)
    }
  }
}

extension AlertDecoder {
  /// Whether a CAP document draws any area (a polygon of three points or more, or a circle),
  /// as opposed to naming its areas by code only (MeteoAlarm's EMMA_ID): such an alert applies
  /// to whatever place it is read for, which the MeteoAlarm source says.
  public static func capDrawsAnArea(_ body: [UInt8]) -> Bool {
    guard let root = try? XMLReader.parse(body) else { return false }
    let polygons = root.descendants("polygon").filter {
      $0.text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).count >= 3
    }
    return !polygons.isEmpty || !root.descendants("circle").isEmpty
  }
}
