import ArgumentParser
import CloudyCLI
import CloudyModels
import CloudyStoring
import CloudyViewModels

/// `--name NAME`: address a saved place by name even when it is all digits.
struct PlaceNameOption: ParsableArguments {
  @Option(
    name: .customLong("name"),
    help: ArgumentHelp(
      "The saved place's name, even if it is all digits (instead of PLACE).", valueName: "name"))
  var name: String?

  /// The place meant by `positional` or `--name`, exactly one of which must be given.
  func reference(_ positional: String?) throws -> PlaceReference {
    switch (positional, name) {
    case (let typed?, nil): PlaceReference(typed)
    case (nil, let name?): PlaceReference(name, asName: true)
    case (nil, nil): throw ValidationError("say which place: a row number, a name, or --name NAME")
    case (_?, _?): throw ValidationError("give the place either as PLACE or with --name, not both")
    }
  }
}

/// `--lat X --lon Y`, taken as text so that every bad number gets Cloudy's message and status
/// (65), not a usage error; `--lon -77.46` works without `=`.
struct CoordinateOptions: ParsableArguments {
  @Option(
    name: .customLong("lat"), parsing: .unconditional,
    help: ArgumentHelp(
      "Latitude in decimal degrees, -90…90 (north positive).", valueName: "degrees"))
  var latitude: String?

  @Option(
    name: .customLong("lon"), parsing: .unconditional,
    help: ArgumentHelp(
      "Longitude in decimal degrees, -180…180 (east positive).", valueName: "degrees"))
  var longitude: String?

  var isGiven: Bool { latitude != nil || longitude != nil }

  func validate() throws {
    if (latitude == nil) != (longitude == nil) {
      throw ValidationError("--lat and --lon go together")
    }
  }

  /// The coordinate, or nil when neither option was given.
  func coordinate() throws -> Coordinate? {
    guard let latitude, let longitude else { return nil }
    return try Coordinate(
      latitude: try Self.degrees(latitude, "latitude"),
      longitude: try Self.degrees(longitude, "longitude"))
  }

  private static func degrees(_ text: String, _ what: String) throws(CommandError) -> Double {
    guard let value = Double(text.trimmingWhitespace()) else {
      throw CommandError.unusableInput(
        "\(what) \(MessageText.quoted(text)) is not a number in decimal degrees")
    }
    return value
  }
}
