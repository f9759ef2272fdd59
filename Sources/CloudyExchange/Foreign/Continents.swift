import CloudyModels

/// Continent names, which some files put in a `region` column ("Europe", "Asia"): Cloudy's
/// region is a country's first-level division, so such a value is ignored, not stored.
enum Continents {
  private static let names: Set<String> = [
    "africa", "antarctica", "asia", "europe", "oceania", "australia", "north america",
    "south america", "central america", "americas", "america", "latin america", "middle east",
    "australia and oceania", "australia/oceania", "australasia", "caribbean",
  ]

  static func contains(_ region: String) -> Bool {
    names.contains(
      String(
        decoding: region.trimmingWhitespace().utf8.map {
          (0x41...0x5A).contains($0) ? $0 + 0x20 : $0
        },
        as: UTF8.self))
  }
}
