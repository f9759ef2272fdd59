import CloudyCLI
public import CloudyJSON
import CloudyModels
import CloudyServices
public import CloudyViewModels

/// The `--json` shapes of cloudy-locations. Keys are camelCase, always present (null when
/// unknown) and in this order.
///
/// A saved row:
/// ```
/// { "kind": "saved", "number": 1, "id": 7, "name": "Richmond, Virginia, US",
///   "detailText": "37.5538° N, 77.4603° W", "selected": true,
///   "latitude": 37.55376, "longitude": -77.46026, "countryCode": "US", "region": "Virginia",
///   "timeZone": "America/New_York", "source": "gazetteer", "query": "Richmond, VA" }
/// ```
/// `number` is the 1-based row number commands accept; `source` is gazetteer | coordinates |
/// geocoding-service.
///
/// The current-location row:
/// `{ "kind": "current", "name": "Current Location", "detailText": "…", "selected": false,
///    "latitude": 40.7128, "longitude": -74.006 }`
///
/// A gazetteer candidate (`search`, `add`):
/// ```
/// { "pick": 1, "displayName": "Richmond, Virginia, US", "name": "Richmond",
///   "region": "Virginia", "countryCode": "US", "countryName": "United States",
///   "detailText": "37.5538° N, 77.4603° W", "latitude": …, "longitude": …,
///   "timeZone": "America/New_York", "population": 226610, "match": "name",
///   "matchedName": null, "saved": false }
/// ```
/// `pick` is the number `add --pick N` takes; `match` says how it matched the query: `name`
/// (its own name), `alternateName` (another of its names, in `matchedName`: "Wien" for Vienna),
/// `prefix` (a name that begins with the query; `matchedName` when it is another name) or
/// `near` (spelled nearly so). `add NAME` saves only a `name` or `alternateName` match unless
/// told `--pick N`. `saved` says whether a saved place already has this display name.
///
/// The selection: `null`, `{ "kind": "current" }` or `{ "kind": "saved", "number": 2, "id": 7 }`.
///
/// Per command:
/// - `list`: `{ "selection": …, "sections": [ { "kind": "current" | "saved",
///   "title": "Current Location" | "Saved Locations", "rows": [row…] } … ] }` — the current
///   section only when a position is set; the saved section always.
/// - `add`: `{ "added": savedRow, "query": "Richmond, VA" | null, "pick": 1 | null,
///   "candidates": [candidate…] }` (query, pick and candidates are null / [] for --lat/--lon).
/// - `search`: `{ "query": "…", "candidates": [candidate…] }`.
/// - `remove`: `{ "removed": savedRow (as it was), "selection": … }`.
/// - `select`: `{ "selected": row }`.
/// - `rename`: `{ "renamed": savedRow, "previousName": "…" }`.
/// - `move`: `{ "moved": savedRow, "from": 3, "to": 1 }`.
/// - `current`: `{ "currentLocation": currentRow | null }`.
public enum LocationsJSON {
  public static func row(_ row: LocationRowViewModel) -> JSON {
    switch row.kind {
    case .current:
      .object([
        ("kind", .string("current")), ("name", .string(row.text)),
        ("detailText", .string(row.detailText)), ("selected", .bool(row.isSelected)),
        ("latitude", .double(row.coordinate.latitude)),
        ("longitude", .double(row.coordinate.longitude)),
      ])
    case .saved(let location, let number):
      .object([
        ("kind", .string("saved")), ("number", .int(Int64(number))), ("id", .int(location.id)),
        ("name", .string(location.name)), ("detailText", .string(row.detailText)),
        ("selected", .bool(row.isSelected)),
        ("latitude", .double(location.coordinate.latitude)),
        ("longitude", .double(location.coordinate.longitude)),
        ("countryCode", .optional(location.countryCode)), ("region", .optional(location.region)),
        ("timeZone", .optional(location.timeZone)), ("source", .string(location.source.rawValue)),
        ("query", .optional(location.query)),
      ])
    }
  }

  public static func selection(_ row: LocationRowViewModel?) -> JSON {
    guard let row else { return .null }
    switch row.kind {
    case .current: return .object([("kind", .string("current"))])
    case .saved(let location, let number):
      return .object([
        ("kind", .string("saved")), ("number", .int(Int64(number))), ("id", .int(location.id)),
      ])
    }
  }

  public static func list(_ model: LocationsViewModel) -> JSON {
    .object([
      ("selection", selection(model.selectedIndexPath.flatMap(model.viewModel(at:)))),
      (
        "sections",
        .array(
          model.rows.map { section, rows in
            .object([
              ("kind", .string(section == .current ? "current" : "saved")),
              ("title", .string(section.title)),
              ("rows", .array(rows.map(row))),
            ])
          })
      ),
    ])
  }

  static func matchKind(_ match: PlaceMatch) -> String {
    switch match {
    case .name: "name"
    case .alternateName: "alternateName"
    case .prefix: "prefix"
    case .near: "near"
    }
  }

  public static func candidate(_ row: PlaceCandidateRowViewModel, saved: Bool) -> JSON {
    let candidate = row.candidate
    return .object([
      ("pick", .int(Int64(row.number))), ("displayName", .string(row.text)),
      ("name", .string(candidate.name)), ("region", .optional(candidate.region)),
      ("countryCode", .string(candidate.countryCode)),
      ("countryName", .string(candidate.countryName)), ("detailText", .string(row.detailText)),
      ("latitude", .double(candidate.coordinate.latitude)),
      ("longitude", .double(candidate.coordinate.longitude)),
      ("timeZone", .string(candidate.timeZone)), ("population", .int(Int64(candidate.population))),
      ("match", .string(matchKind(candidate.match))),
      ("matchedName", .optional(candidate.match.alternateName)),
      ("saved", .bool(saved)),
    ])
  }
}
