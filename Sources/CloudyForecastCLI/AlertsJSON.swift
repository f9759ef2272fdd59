public import CloudyJSON
import CloudyModels
import CloudyStoring
public import CloudyViewModels

/// `cloudy-forecast alerts --json`'s shapes, shared with `--watch --json` (and cloudy-web's
/// `GET /api/places/{id}/alerts`): times in unix seconds or null.
public enum AlertsJSON {
  /// `{"place": {"id", "name"}, "alerts": [...]}`.
  public static func list(place target: ForecastTarget, rows: [AlertRowViewModel]) -> JSON {
    .object([("place", place(target)), ("alerts", .array(rows.map(alert)))])
  }

  /// `{"id": 3, "name": "Richmond"}`; the current location's id is null.
  public static func place(_ target: ForecastTarget) -> JSON {
    .object([
      ("id", target.place.locationID.map { .int($0) } ?? .null), ("name", .string(target.name)),
    ])
  }

  /// One alert: `onset` is when it begins (onset, else effective, else sent) and `expires` when
  /// it ends (the NWS's `ends`, else `expires`; null: the alert states no end, and `active`
  /// then follows `WeatherAlert.endsBy`, a day after it was sent or began).
  public static func alert(_ row: AlertRowViewModel) -> JSON {
    let alert = row.alert
    return .object([
      ("event", .string(alert.event)), ("severity", .string(alert.severity.rawValue)),
      ("urgency", .string(alert.urgency.rawValue)),
      ("certainty", .string(alert.certainty.rawValue)), ("headline", .optional(alert.headline)),
      ("description", .optional(alert.description)),
      ("instruction", .optional(alert.instruction)), ("onset", .int(alert.begins)),
      ("expires", alert.until.map { .int($0) } ?? .null), ("sender", .string(row.sender)),
      ("areas", .array(alert.areas.map { .string($0) })),
      ("source", .string(alert.source.rawValue)), ("active", .bool(row.isActive)),
    ])
  }

  /// A `--watch --json` line: `{"change": "appeared"|"changed"|"ended", "place": …, "alert": …}`.
  public static func change(_ change: String, place target: ForecastTarget, row: AlertRowViewModel)
    -> JSON
  {
    .object([("change", .string(change)), ("place", place(target)), ("alert", alert(row))])
  }
}
