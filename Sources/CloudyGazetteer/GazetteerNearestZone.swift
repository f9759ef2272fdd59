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
    let end = section.upperBound
    while line < end {
      // Fields: key, name, country, admin1, latitude, longitude, population, zone.
      var index = line
      var complete = true
      for _ in 0..<4 {
        index = Self.nextSeparator(bytes, from: index, end: end)
        guard index < end, bytes[index] == GazetteerData.tab else {
          complete = false
          break
        }
        index += 1
      }
      if complete, Self.mayBeNearer(bytes, from: index, than: best, to: latitude),
        let (lat, afterLat) = Self.number(bytes, from: index)
      {
        let dLat = lat - latitude
        // Most lines are too far north or south to matter: their longitude is not read.
        if dLat * dLat < best, afterLat < end, bytes[afterLat] == GazetteerData.tab,
          let (lon, _) = Self.number(bytes, from: afterLat + 1)
        {
          var dLon = abs(lon - longitude)
          if dLon > 180 { dLon = 360 - dLon }
          let distance = dLat * dLat + dLon * dLon * squeeze * squeeze
          if distance < best {
            best = distance
            bestLine = line
          }
        }
      }
      // On to the next line: past its '\n'.
      while index < end {
        index = Self.nextSeparator(bytes, from: index, end: end)
        if index >= end || bytes[index] == GazetteerData.newline { break }
        index += 1
      }
      line = index + 1
    }
    // Degrees to kilometres: 111.2 km per degree of a great circle.
    guard bestLine >= 0, best.squareRoot() * 111.2 <= limitKilometres,
      let zoneField = data.field(7, ofLineAt: bestLine, limit: section.upperBound),
      let zoneIndex = data.integer(zoneField)
    else { return nil }
    return data.timeZone(zoneIndex)
  }

  /// The first tab or newline at or after `start` (or `end`), eight bytes at a time: the
  /// places section is read whole, so this loop is the lookup's cost.
  @inline(__always)
  private static func nextSeparator(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int)
    -> Int
  {
    guard let base = bytes.baseAddress else { return end }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = start
    while index + 8 <= end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let tabs = word ^ (ones &* 0x09)
      let newlines = word ^ (ones &* 0x0A)
      // A zero byte in either marks a separator; the lowest such byte is exact.
      let found =
        ((tabs &- ones) & ~tabs & highs) | ((newlines &- ones) & ~newlines & highs)
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end, bytes[index] != GazetteerData.tab, bytes[index] != GazetteerData.newline {
      index += 1
    }
    return index
  }

  /// Whether the latitude at `start` may be nearer than `best` (a squared distance in
  /// degrees), judged by its whole degrees alone, so most lines are passed over without their
  /// fraction being read.
  @inline(__always)
  private static func mayBeNearer(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, than best: Double, to latitude: Double
  ) -> Bool {
    guard best.isFinite else { return true }
    var index = start
    var sign = 1.0
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
      sign = -1
      index += 1
    }
    var whole = 0.0
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      whole = whole * 10 + Double(bytes[index] - 0x30)
      index += 1
    }
    // The latitude lies within a degree of its whole part, on its side of zero.
    let low = sign > 0 ? whole : -whole - 1
    let gap = max(0, max(low - latitude, latitude - (low + 1)))
    return gap * gap < best
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
