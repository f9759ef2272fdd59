import CloudyGazetteerData
import CloudyServices

/// The embedded gazetteer file, read in place: sections of text lines, each sorted so that a
/// binary search over byte offsets (backing up to the previous '\n') finds a key without
/// parsing anything at start-up. Layout: Sources/CloudyGazetteerData/README.md.
struct GazetteerData: @unchecked Sendable {  // immutable bytes of the program image
  let bytes: UnsafeBufferPointer<UInt8>
  let countries: Range<Int>
  let regions: Range<Int>
  let qualifiers: Range<Int>
  let timeZones: Range<Int>
  let places: Range<Int>
  /// Alternate names ("Wien", "Москва", "NYC"), each pointing at its place's line in `places`.
  let alternates: Range<Int>
  /// Where each line of the timezones section starts (a few hundred; places refer to them by number).
  let timeZoneStarts: [Int]

  /// The data linked into this program; nil if it is missing or its header is damaged.
  static let embedded: GazetteerData? = GazetteerData(
    bytes: UnsafeBufferPointer(
      start: cloudy_gazetteer_places_bytes(), count: cloudy_gazetteer_places_size))

  static let tab = UInt8(ascii: "\t")
  static let newline = UInt8(ascii: "\n")

  /// The format version this reader understands (the second field of the first line).
  static let version = "2"
  static let sectionCount = 6

  /// Reads the first line: "#cloudy-gazetteer", "2", then [start, end) for six sections.
  init?(bytes: UnsafeBufferPointer<UInt8>) {
    guard let headerEnd = bytes.firstIndex(of: Self.newline) else { return nil }
    let fields = bytes[..<headerEnd].split(separator: Self.tab, omittingEmptySubsequences: false)
    guard fields.count == 2 + 2 * Self.sectionCount,
      fields[0].elementsEqual("#cloudy-gazetteer".utf8), fields[1].elementsEqual(Self.version.utf8)
    else { return nil }
    var ranges: [Range<Int>] = []
    var previousEnd = headerEnd + 1
    for pair in stride(from: 2, to: fields.count, by: 2) {
      guard let start = Self.integer(fields[pair]), let end = Self.integer(fields[pair + 1]),
        previousEnd <= start, start <= end, end <= bytes.count,
        bytes[start - 1] == Self.newline, start == end || bytes[end - 1] == Self.newline
      else { return nil }
      ranges.append(start..<end)
      previousEnd = end
    }
    self.bytes = bytes
    countries = ranges[0]
    regions = ranges[1]
    qualifiers = ranges[2]
    timeZones = ranges[3]
    places = ranges[4]
    alternates = ranges[5]
    var starts: [Int] = []
    var start = timeZones.lowerBound
    while start < timeZones.upperBound {
      starts.append(start)
      while start < timeZones.upperBound, bytes[start] != Self.newline { start += 1 }
      start += 1
    }
    timeZoneStarts = starts
  }

  // MARK: Lines and fields

  /// The start of the line that contains `offset`, not before `floor`.
  func lineStart(_ offset: Int, floor: Int) -> Int {
    var index = offset
    while index > floor, bytes[index - 1] != Self.newline { index -= 1 }
    return index
  }

  /// The offset just past the '\n' that ends the line starting at `start`.
  func nextLine(_ start: Int, limit: Int) -> Int {
    var index = start
    while index < limit, bytes[index] != Self.newline { index += 1 }
    return min(index + 1, limit)
  }

  /// The tab-separated fields of the line at `start`, as byte ranges.
  func fields(at start: Int, limit: Int) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var fieldStart = start
    var index = start
    while index < limit {
      let byte = bytes[index]
      if byte == Self.newline { break }
      if byte == Self.tab {
        result.append(fieldStart..<index)
        fieldStart = index + 1
      }
      index += 1
    }
    result.append(fieldStart..<index)
    return result
  }

  /// Field `index` (0-based) of the line at `start`, without collecting the others.
  func field(_ index: Int, ofLineAt start: Int, limit: Int) -> Range<Int>? {
    var remaining = index
    var fieldStart = start
    var position = start
    while position < limit {
      let byte = bytes[position]
      if byte == Self.newline { break }
      if byte == Self.tab {
        if remaining == 0 { return fieldStart..<position }
        remaining -= 1
        fieldStart = position + 1
      }
      position += 1
    }
    return remaining == 0 ? fieldStart..<position : nil
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
    ArraySlice(bytes[range])
  }

  func integer(_ range: Range<Int>) -> Int? {
    Self.integer(bytes[range])
  }

  func double(_ range: Range<Int>) -> Double? {
    guard !range.isEmpty, range.count < 32 else { return nil }
    return Double(string(range))
  }

  static func integer(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    guard !digits.isEmpty, digits.count <= 18 else { return nil }
    var value = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  // MARK: Binary search

  /// Compares the first `prefix.count` bytes of the line at `start` with `prefix`.
  private func compare(lineAt start: Int, limit: Int, with prefix: [UInt8]) -> Int {
    var index = start
    for byte in prefix {
      guard index < limit else { return -1 }
      let lineByte = bytes[index]
      if lineByte == Self.newline { return -1 }
      if lineByte != byte { return lineByte < byte ? -1 : 1 }
      index += 1
    }
    return 0
  }

  /// The first line in `section` whose first bytes compare ≥ `prefix` (or > when `after`).
  private func bound(_ prefix: [UInt8], in section: Range<Int>, after: Bool) -> Int {
    var low = section.lowerBound
    var high = section.upperBound
    while low < high {
      let start = lineStart(low + (high - low) / 2, floor: low)
      let order = compare(lineAt: start, limit: section.upperBound, with: prefix)
      if order < 0 || (after && order == 0) {
        low = nextLine(start, limit: section.upperBound)
      } else {
        high = start
      }
    }
    return low
  }

  /// The byte range of the lines in `section` that begin with `prefix`.
  func lines(beginningWith prefix: [UInt8], in section: Range<Int>) -> Range<Int> {
    let lower = bound(prefix, in: section, after: false)
    let upper = bound(prefix, in: lower..<section.upperBound, after: true)
    return lower..<upper
  }

  /// Calls `body` with the start of each line in `range` until it returns false.
  func forEachLine(in range: Range<Int>, _ body: (Int) -> Bool) {
    var start = range.lowerBound
    while start < range.upperBound {
      guard body(start) else { return }
      start = nextLine(start, limit: range.upperBound)
    }
  }

  // MARK: Tables

  /// The country's name, from the countries section.
  func countryName(_ code: ArraySlice<UInt8>) -> String? {
    let range = lines(beginningWith: Array(code) + [Self.tab], in: countries)
    guard !range.isEmpty else { return nil }
    let fields = fields(at: range.lowerBound, limit: range.upperBound)
    return fields.count >= 2 ? string(fields[1]) : nil
  }

  /// The display name of a first-level subdivision, from the regions section.
  func regionName(country: ArraySlice<UInt8>, admin1: ArraySlice<UInt8>) -> String? {
    guard !admin1.isEmpty else { return nil }
    let range = lines(beginningWith: Array(country) + [Self.tab] + admin1 + [Self.tab], in: regions)
    guard !range.isEmpty else { return nil }
    let fields = fields(at: range.lowerBound, limit: range.upperBound)
    return fields.count >= 3 && !fields[2].isEmpty ? string(fields[2]) : nil
  }

  /// The time zone on line `index` of the timezones section.
  func timeZone(_ index: Int) -> String? {
    guard timeZoneStarts.indices.contains(index) else { return nil }
    let start = timeZoneStarts[index]
    var end = start
    while end < timeZones.upperBound, bytes[end] != Self.newline { end += 1 }
    return start < end ? string(start..<end) : nil
  }
}
