import CloudyModels
import CloudyStore
import CloudyViewModels

// Helpers the list-drawing tools (cloudy-locations, cloudy-settings) share: opening the stores
// their view models need, standing in for a database that does not exist yet, mapping the view
// models' errors to exit statuses, and laying out text columns.

// MARK: - Stores for the view models

/// Stands in for a database that does not exist yet: reads as the empty list and the default
/// settings, and refuses every write with "no database at PATH yet" (66), so a read-only
/// command, or a command about places that cannot exist, never creates the file.
public struct MissingDatabaseStore: LocationStoring, SettingsStoring {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  public func snapshot() throws -> LocationsSnapshot { .empty }
  public func settings() throws -> Settings { .defaults }

  private func refuse() -> StoreError { .missingFile(path: path) }
  public func add(_ new: NewLocation) throws -> Location { throw refuse() }
  public func rename(_ id: Location.ID, to newName: String) throws -> Location { throw refuse() }
  public func move(_ id: Location.ID, to position: Int) throws { throw refuse() }
  public func remove(_ id: Location.ID) throws { throw refuse() }
  public func select(_ selection: Selection) throws { throw refuse() }
  public func setCurrentLocation(_ coordinate: Coordinate?) throws { throw refuse() }
  public func set(_ time: TimeNotation) throws { throw refuse() }
  public func set(_ units: UnitsNotation) throws { throw refuse() }
  public func set(_ temperature: TemperatureNotation) throws { throw refuse() }
  public func reset() throws { throw refuse() }
}

extension StoreAccess {
  /// For commands that only read the locations list: never creates the file.
  public static func locationStore(reading location: DatabasePath) throws -> any LocationStoring {
    guard let database = try reading(location) else {
      return MissingDatabaseStore(path: location.path)
    }
    return LocationRepository(database: database)
  }

  /// For commands that change places that must already exist (remove, select, rename, move,
  /// clearing the current location): writable when the file exists; when it does not, the
  /// stand-in, so the command fails on "no saved place" without creating the file.
  public static func locationStore(changingExisting location: DatabasePath) throws
    -> any LocationStoring
  {
    guard try DatabaseFile.checkExisting(path: location.path) else {
      return MissingDatabaseStore(path: location.path)
    }
    return LocationRepository(database: try writing(location))
  }

  /// For commands that add: creates the file on first use. Validate input before calling.
  public static func locationStore(writing location: DatabasePath) throws -> any LocationStoring {
    LocationRepository(database: try writing(location))
  }

  /// For commands that only read the settings: the defaults when there is no file.
  public static func settingsStore(reading location: DatabasePath) throws -> any SettingsStoring {
    guard let database = try reading(location) else {
      return MissingDatabaseStore(path: location.path)
    }
    return SettingsRepository(database: database)
  }

  /// For commands that change a setting: creates the file on first use.
  public static func settingsStore(writing location: DatabasePath) throws -> any SettingsStoring {
    SettingsRepository(database: try writing(location))
  }
}

// MARK: - Exit statuses of the view models' errors

extension LocationsViewModelError: UserFacingError {
  public var failure: CommandFailure {
    switch self {
    case .noPlaceNamed, .rowOutOfRange: CommandFailure(.notFound, description)
    case .ambiguousName, .currentLocationNotEditable, .noSuchRow:
      CommandFailure(.badData, description)
    }
  }
}

extension AddLocationError: UserFacingError {
  public var failure: CommandFailure { CommandFailure(.badData, description) }
}

extension SettingsInputError: UserFacingError {
  /// An unknown setting is like an unknown command (64); a bad value is bad data (65).
  public var failure: CommandFailure {
    switch self {
    case .unknownSetting: CommandFailure(.usage, description)
    case .invalidValue: CommandFailure(.badData, description)
    }
  }
}

extension SettingsViewModelError: UserFacingError {
  public var failure: CommandFailure { CommandFailure(.badData, description) }
}

// MARK: - Text layout

/// Columns padded to their widest cell, for list output meant for people (`--json` is for
/// programs). Widths count Characters: wide (CJK, emoji) text can misalign, never truncate.
public enum TextColumns {
  /// One line per row, without trailing spaces.
  public static func lines(_ rows: [[String]], separator: String = "  ") -> [String] {
    let cellWidths = rows.map { $0.map(width) }
    var widths = [Int](repeating: 0, count: rows.map(\.count).max() ?? 0)
    for row in cellWidths {
      for (column, width) in row.enumerated() { widths[column] = max(widths[column], width) }
    }
    // Lines are built as bytes: appending to a String cell by cell, and padding with
    // String(repeating:), cost more than the rest of `list` together.
    let spaces = [UInt8](repeating: 0x20, count: widths.max() ?? 0)
    let separatorBytes = Array(separator.utf8)
    return zip(rows, cellWidths).map { row, rowWidths in
      var line: [UInt8] = []
      line.reserveCapacity(widths.reduce(0, +) + separatorBytes.count * row.count + 8)
      for (column, cell) in row.enumerated() {
        if column > 0 { line += separatorBytes }
        line += cell.utf8
        let padding = column < row.count - 1 ? widths[column] - rowWidths[column] : 0
        if padding > 0 { line += spaces[..<padding] }
      }
      while line.last == 0x20 { line.removeLast() }
      return String(decoding: line, as: UTF8.self)
    }
  }

  /// Characters, counted as bytes when the text is ASCII (every list row's number and most
  /// names): counting Characters walks grapheme clusters.
  static func width(_ text: String) -> Int {
    text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
  }

  /// `text` right-aligned in `width` characters.
  public static func rightAligned(_ text: String, width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
