public import CloudyModels

extension GazetteerGeocoder {
  /// The time zone of the gazetteer place nearest `coordinate`, for a place saved by its
  /// coordinates: without one its forecast and alerts would be read in UTC (a Phoenix heat
  /// warning "until 03:00 UTC") where every other view uses the place's zone. Nil when the
  /// nearest place is farther than `limitKilometres` (open sea: no zone is better than a
  /// guess) or the gazetteer is missing.
  ///
  /// One pass over the places section, reading only each line's latitude and longitude with a
  /// byte parser (no String per line), so `add --lat --lon` stays a few milliseconds.
  public func timeZone(nearest coordinate: Coordinate, limitKilometres: Double = 300) -> String? {
    guard let data = GazetteerData.embedded else { return nil }
    let bytes = data.bytes
    let section = data.places
    let latitude = coordinate.latitude
    let longitude = coordinate.longitude
    let squeeze = Self.cosine(degrees: latitude)
    var best = Double.infinity
    var bestLine = -1
    var line = section.lowerBound
    while line < section.upperBound {
      // Fields: key, name, country, admin1, latitude, longitude, population, zone.
      var index = line
      var tabs = 0
      while index < section.upperBound, tabs < 4 {
        let byte = bytes[index]
        if byte == GazetteerData.newline { break }
        if byte == GazetteerData.tab { tabs += 1 }
        index += 1
      }
      if tabs == 4, let (lat, afterLat) = Self.number(bytes, from: index),
        afterLat < section.upperBound, bytes[afterLat] == GazetteerData.tab,
        let (lon, _) = Self.number(bytes, from: afterLat + 1)
      {
        var dLon = abs(lon - longitude)
        if dLon > 180 { dLon = 360 - dLon }
        let dLat = lat - latitude
        let distance = dLat * dLat + dLon * dLon * squeeze * squeeze
        if distance < best {
          best = distance
          bestLine = line
        }
      }
      while index < section.upperBound, bytes[index] != GazetteerData.newline { index += 1 }
      line = index + 1
    }
    // Degrees to kilometres: 111.2 km per degree of a great circle.
    guard bestLine >= 0, best.squareRoot() * 111.2 <= limitKilometres,
      let zoneField = data.field(7, ofLineAt: bestLine, limit: section.upperBound),
      let zoneIndex = data.integer(zoneField)
    else { return nil }
    return data.timeZone(zoneIndex)
  }

  /// A decimal number ("-33.4484") at `start`, and where it stops; nil when there is none.
  private static func number(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
    Double, Int
  )? {
    var index = start
    var negative = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    var value = 0.0
    var scale = 0.0
    var digits = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x30, byte <= 0x39 {
        value = value * 10 + Double(byte - 0x30)
        if scale > 0 { scale *= 10 }
        digits += 1
      } else if byte == UInt8(ascii: "."), scale == 0 {
        scale = 1
      } else {
        break
      }
      index += 1
    }
    guard digits > 0 else { return nil }
    if scale > 1 { value /= scale }
    return (negative ? -value : value, index)
  }

  /// cos(x°) by its series on −90…90°, which is all a latitude is.
  static func cosine(degrees: Double) -> Double {
    let x = degrees * Double.pi / 180
    var term = 1.0
    var sum = 1.0
    for n in stride(from: 2, through: 20, by: 2) {
      term *= -x * x / Double((n - 1) * n)
      sum += term
    }
    return sum
  }
}
