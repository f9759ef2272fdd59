import CloudyModels

/// libFuzzer target: turning command-line text into model values — place names, coordinates
/// and notations, as the tools do before anything is stored.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }

  // A name that validates is storable: the schema's CHECK (1…200 characters after trim) and
  // no control characters; validation is idempotent.
  if let name = try? PlaceName.validated(text) {
    precondition(!name.isEmpty && name.unicodeScalars.count <= PlaceName.maximumLength, "length")
    precondition(
      !name.unicodeScalars.contains { $0.properties.generalCategory == .control }, "control")
    precondition((try? PlaceName.validated(name)) == name, "idempotent")
    precondition(name.trimmingWhitespace() == name, "trimmed")
  }

  // Coordinates as `--lat X --lon Y` parse them: a Coordinate that exists is storable.
  let parts = text.split(separator: " ", maxSplits: 1).map { String($0).trimmingWhitespace() }
  if parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
    let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
  {
    precondition((-90...90).contains(coordinate.latitude), "latitude")
    precondition((-180...180).contains(coordinate.longitude), "longitude")
    precondition(coordinate.latitude.sign == .plus || coordinate.latitude != 0, "-0 stored as 0")
  }

  // Notations: what is accepted round-trips through the stored text.
  if let time = TimeNotation(userInput: text) {
    precondition(TimeNotation(rawValue: time.rawValue) == time, "time")
  }
  if let units = UnitsNotation(userInput: text) {
    precondition(UnitsNotation(rawValue: units.rawValue) == units, "units")
  }
  if let temperature = TemperatureNotation(userInput: text) {
    precondition(TemperatureNotation(rawValue: temperature.rawValue) == temperature, "temperature")
  }
  return 0
}
