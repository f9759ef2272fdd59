import CloudyModels
import CloudyStoring

/// What a change received from another device must be before it is kept, judged one change at
/// a time: a bad change is refused alone (the rest of its file applies), and a change whose
/// clock is far ahead is held apart instead of moving this device's clock there.
///
/// The values are those the tables accept (the same limits as `location`'s and `settings`'
/// CHECKs), so a change that is kept can always be written into the tables: a change that
/// could not would refuse every later sync that has to show it. A field this version does not
/// know (a newer Cloudy's) is kept as it came and shown by the version that knows it.
enum ChangeCheck {
  /// How far ahead of this machine's wall clock a change's clock may be and still be taken:
  /// one day. Clocks of devices that keep time differ by seconds, of one without a network or
  /// a battery by hours at worst; a change stamped further ahead (a clock that woke in the year
  /// 9999, a damaged file) would otherwise carry every device's clock there for ever, after
  /// which an edit made a second later could lose to an earlier one. Such a change is held
  /// (`sync_held`) and taken once this machine's clock is within a day of it, or when the user
  /// accepts it (`cloudy-db sync --accept-held`).
  static let clockBound: Int64 = 24 * 60 * 60 * 1000

  /// The greatest counter a change may carry. A counter grows by one per change made within one
  /// millisecond of the clock; no device makes four thousand million, and counters this small
  /// can never overflow (an overflowing one became a REAL on one side and was clamped on the
  /// other, and the devices disagreed for ever).
  static let greatestCounter: Int64 = 0xFFFF_FFFF

  /// The greatest sequence number and wall clock: 2^53 − 1, so both survive JSON exactly (the
  /// hub wire's limit too).
  static let greatestNumber = SyncState.greatestNumber

  /// What to do with one change.
  enum Verdict: Equatable {
    /// Keep it (it may still be a replay of one here).
    case take
    /// Keep it apart: its clock is more than `clockBound` ahead of `now`.
    case hold
    /// Refuse it, for this reason.
    case refuse(String)
  }

  /// The verdict on `change` at `now` (unix milliseconds).
  static func verdict(_ change: SyncChange, now: Int64) -> Verdict {
    if let reason = refusal(change) { return .refuse(reason) }
    return change.wall > now + clockBound ? .hold : .take
  }

  /// Why `change` cannot be kept, or nil.
  static func refusal(_ change: SyncChange) -> String? {
    guard SyncFolder.isDeviceID(change.origin) else { return "its device id is not one" }
    guard (1...greatestNumber).contains(change.seq) else { return "its number is out of range" }
    guard (0...greatestNumber).contains(change.wall),
      (0...greatestCounter).contains(change.counter)
    else { return "its clock is out of range" }
    guard (1...64).contains(change.field.utf8.count) else { return "its field name is not one" }
    switch change.entity {
    case "place":
      guard SyncFolder.isDeviceID(change.key) else { return "its place id is not one" }
      return placeValueRefusal(change.field, change.value)
    case "setting":
      guard change.key == "settings" else { return "it names no settings" }
      return settingValueRefusal(change.field, change.value)
    default:
      return "it changes neither a place nor a setting"
    }
  }

  /// The longest name a place may have (`location.name`'s CHECK), in characters.
  static let longestName = 200
  /// The longest other text a change may carry: a search query, a region, a time zone, a field
  /// of a newer Cloudy. Far above any real one; it keeps a change small enough that any batch
  /// of them fits a hub's request.
  static let longestText = 4096

  private static func placeValueRefusal(_ field: String, _ value: DatabaseValue) -> String? {
    switch field {
    case "name":
      guard case .text(let name) = value, name.unicodeScalars.contains(where: { $0 != " " }),
        name.unicodeScalars.count <= longestName
      else { return "its place name is empty or longer than \(longestName) characters" }
    case "latitude":
      guard let degrees = value.degrees, (-90...90).contains(degrees) else {
        return "its latitude is not between -90 and 90"
      }
    case "longitude":
      guard let degrees = value.degrees, (-180...180).contains(degrees) else {
        return "its longitude is not between -180 and 180"
      }
    case "source":
      guard case .text(let source) = value,
        ["gazetteer", "coordinates", "geocoding-service"].contains(source)
      else { return "its source is not one Cloudy knows" }
    case "country_code":
      if case .null = value { return nil }
      guard case .text(let code) = value, code.unicodeScalars.count == 2 else {
        return "its country code is not two letters"
      }
    case "query", "region", "time_zone":
      if case .null = value { return nil }
      guard case .text(let text) = value, text.utf8.count <= longestText else {
        return "its \(field) is not text of at most \(longestText) bytes"
      }
    case "position":
      guard case .integer = value else { return "its order key is not a whole number" }
    case "removed":
      guard case .integer(1) = value else { return "its removal is not 1" }
    case "merged_into":
      guard case .text(let target) = value, SyncFolder.isDeviceID(target) else {
        return "it is merged into no place id"
      }
    default:
      return plainValueRefusal(value)
    }
    return nil
  }

  /// The values each settings column holds: its notation's raw values (as SettingsRepository
  /// writes them); `units_notation` keeps the two an older Cloudy reads. Made once, not per
  /// change.
  private static let settingValues: [String: [String]] = {
    func rawValues<N: Notation>(_: N.Type) -> [String] { N.allCases.map(\.rawValue) }
    return [
      "time_notation": rawValues(TimeNotation.self), "units_notation": ["imperial", "metric"],
      "temperature_notation": rawValues(TemperatureNotation.self),
      "alert_level": rawValues(AlertLevel.self), "wind_unit": rawValues(WindUnit.self),
      "pressure_unit": rawValues(PressureUnit.self),
      "precipitation_unit": rawValues(PrecipitationUnit.self),
      "distance_unit": rawValues(DistanceUnit.self),
      "air_quality_scale": rawValues(AirQualityScale.self),
    ]
  }()

  private static func settingValueRefusal(_ field: String, _ value: DatabaseValue) -> String? {
    guard let values = settingValues[field] else { return plainValueRefusal(value) }
    guard case .text(let text) = value, values.contains(text) else {
      return "its \(field) is not one of \(values.joined(separator: ", "))"
    }
    return nil
  }

  /// A field this version does not know: kept, if it is a value of a plain size.
  private static func plainValueRefusal(_ value: DatabaseValue) -> String? {
    switch value {
    case .text(let text) where text.utf8.count > longestText:
      "its value is longer than \(longestText) bytes"
    case .blob(let bytes) where bytes.count > longestText:
      "its value is longer than \(longestText) bytes"
    default: nil
    }
  }
}

extension DatabaseValue {
  /// A coordinate as a change may carry it (an integer when it was whole).
  fileprivate var degrees: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value.isFinite ? value : nil
    case .text(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }  // a sqlite3 edit
    default: nil
    }
  }
}
