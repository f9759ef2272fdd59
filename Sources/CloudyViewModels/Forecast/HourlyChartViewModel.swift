public import CloudyModels

/// The next hours as a chart draws them, in the units the settings show (issue 40: a page
/// converts no unit), each step at its real time: MET Norway's forecast turns from hours to
/// 6-hour steps after the first days, and a chart that spaced its steps evenly showed nine days
/// as "Next 80 hours". The heading says the span the steps really cover.
///
/// Positions run from 0 (the first step) to 1 (the last), by time; a front-end maps them to its
/// own width, thins the `labels` to what fits its font, and draws what it has room for. Each
/// step keeps room for wind arrows (`windDirection`) and carries its precipitation amount for
/// bars.
public struct HourlyChartViewModel: Hashable, Sendable {
  /// One forecast step.
  public struct Step: Hashable, Sendable {
    public let time: Int64
    /// Where the step stands, 0…1 by time.
    public let position: Double
    /// From half-way to the step before to half-way to the step after (a bar's width): an hour
    /// wide among hours, six hours wide among 6-hour steps.
    public let span: ClosedRange<Double>
    /// The temperature and the "feels like" in the shown degrees (°F or °C); nil when missing.
    public let temperature: Double?
    public let feelsLike: Double?
    /// The chance of precipitation, 0–100 (%); nil when missing.
    public let chanceOfPrecipitation: Double?
    /// The amount over the step in `precipitationUnit`; nil when missing.
    public let precipitation: Double?
    /// Where the wind comes from, degrees clockwise from north (meteorological); nil when the
    /// step has none. The chart draws an arrow pointing where the wind blows.
    public let windDirection: Double?
  }

  /// A label under the steps, with what kind of moment it marks so a front-end can choose which
  /// to keep when they crowd: day starts first, then noons, then the other six-hour marks.
  public struct Label: Hashable, Sendable {
    public enum Kind: Int, Hashable, Sendable, Comparable {
      case dayStart, noon, sixHours

      public static func < (first: Kind, second: Kind) -> Bool {
        first.rawValue < second.rawValue
      }
    }

    public let position: Double
    /// "Sat 28" at a day's start beyond two days, else the time in the time notation.
    public let text: String
    public let kind: Kind
  }

  public let steps: [Step]
  public let labels: [Label]
  /// The stretches outside every day's sunrise–sunset, as positions; none without sun times.
  public let nights: [ClosedRange<Double>]
  /// "Next 48 hours", "Next 9 days": the span the steps cover, not their number.
  public let heading: String
  /// "°F" or "°C".
  public let temperatureUnit: String
  /// "in" or "mm".
  public let precipitationUnit: String
  /// The first step's time and the last one's.
  public let start: Int64
  public let end: Int64

  /// Nil when fewer than two steps have a temperature (no line to draw).
  public init?(
    hours: [WeatherHourData], days: [WeatherDayData], settings: Settings,
    timeZone: any TimeZoneFormatting
  ) {
    guard hours.count >= 2, hours.compactMap(\.temperature).count >= 2,
      let first = hours.first?.time, let last = hours.last?.time, last > first
    else { return nil }
    start = first
    end = last
    let length = Double(last - first)
    func position(_ time: Int64) -> Double { Double(time - first) / length }
    let positions = hours.map { position($0.time) }
    let celsius = settings.temperature == .celsius
    func degrees(_ fahrenheit: Double?) -> Double? {
      fahrenheit.map { celsius ? UnitConversion.celsius(fromFahrenheit: $0) : $0 }
    }
    // The precipitation setting's unit (a UK or custom choice too, not only a preset).
    let precipitationSetting = settings.precipitation
    temperatureUnit = celsius ? "°C" : "°F"
    precipitationUnit = precipitationSetting.text
    steps = hours.enumerated().map { index, hour in
      let before = index > 0 ? (positions[index] + positions[index - 1]) / 2 : positions[index]
      let after =
        index + 1 < positions.count
        ? (positions[index] + positions[index + 1]) / 2 : positions[index]
      // The first and last steps reach as far out as they reach in.
      let from = index == 0 ? positions[index] - (after - positions[index]) : before
      let to = index + 1 == positions.count ? positions[index] + (positions[index] - before) : after
      return Step(
        time: hour.time, position: positions[index], span: from...to,
        temperature: degrees(hour.temperature), feelsLike: degrees(hour.apparentTemperature),
        chanceOfPrecipitation: hour.precipitationProbability.map { $0 * 100 },
        precipitation: hour.precipitation.map {
          precipitationSetting.quantity(inches: $0).value
        },
        windDirection: hour.readings.windDirection)
    }
    // The span the steps stand for: to the end of the last one (an hour, or its own step).
    let lastStep = hours.count >= 2 ? last - hours[hours.count - 2].time : 3600
    let covered = last - first + lastStep
    let hoursCovered = Int((Double(covered) / 3600).rounded())
    heading =
      hoursCovered <= 168
      ? "Next \(hoursCovered) hours" : "Next \(Int((Double(covered) / 86400).rounded())) days"
    labels = timeZone.reading { zone in
      Self.labels(
        from: first, to: last, byDays: hoursCovered > 48, noons: hoursCovered <= 120,
        settings: settings, zone: zone, position: position)
    }
    let daylight = days.compactMap { day -> ClosedRange<Int64>? in
      guard let rise = day.sunrise, let set = day.sunset, rise < set else { return nil }
      return rise...set
    }
    nights = daylight.isEmpty ? [] : Self.nights(from: first, to: last, daylight, position)
  }

  /// Every local six-hour mark from `first` to `last` (midnight, 06, noon, 18): within two days
  /// each says its time; beyond, midnights say the day ("Sat 28"), noons their time up to five
  /// days (`noons`), and the other marks are left out. A chart by days that does not start at a
  /// midnight names its first day at its first moment when the first midnight is at least eight
  /// hours away.
  private static func labels(
    from first: Int64, to last: Int64, byDays: Bool, noons: Bool, settings: Settings,
    zone: any LocalTimeReading, position: (Int64) -> Double
  ) -> [Label] {
    var labels: [Label] = []
    // Marks are found by the local hour and minute, every quarter hour: a few zones are 30 or
    // 45 minutes off UTC's hours.
    var time = (first + 899) / 900 * 900
    let timePattern = settings.time.strftimePattern
    while time <= last {
      let local = zone.format(time, "%H:%M")
      let hour = Int(local.prefix(2)) ?? -1
      if local.hasSuffix(":00"), hour % 6 == 0 {
        let kind: Label.Kind = hour == 0 ? .dayStart : hour == 12 ? .noon : .sixHours
        if !byDays {
          labels.append(
            Label(position: position(time), text: zone.format(time, timePattern), kind: kind))
        } else if kind == .dayStart {
          labels.append(
            Label(position: position(time), text: zone.format(time, "%a %-d"), kind: .dayStart))
        } else if kind == .noon, noons {
          labels.append(
            Label(position: position(time), text: zone.format(time, timePattern), kind: .noon))
        }
      }
      time += 900
    }
    if byDays,
      (labels.first { $0.kind == .dayStart }?.position ?? 1) * Double(last - first)
        >= 8 * 3600
    {
      labels.insert(
        Label(position: 0, text: zone.format(first, "%a %-d"), kind: .dayStart), at: 0)
    }
    return labels
  }

  /// The stretches of `first…last` outside every daylight range.
  private static func nights(
    from first: Int64, to last: Int64, _ daylight: [ClosedRange<Int64>],
    _ position: (Int64) -> Double
  ) -> [ClosedRange<Double>] {
    var bands: [ClosedRange<Double>] = []
    var cursor = first
    for day in daylight.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if day.lowerBound > cursor {
        let to = min(day.lowerBound, last)
        if to > cursor { bands.append(position(cursor)...position(to)) }
      }
      cursor = max(cursor, day.upperBound)
      if cursor >= last { break }
    }
    if cursor < last { bands.append(position(cursor)...position(last)) }
    return bands
  }
}
