import ArgumentParser
import CloudyModels
import CloudyStore
import CloudyStoring
import Foundation
import Testing

@testable import CloudyWeb

/// The hours' chart beyond the default 48 (`--hours N`): every shown hour is a point of the
/// temperature line, read back from the SVG through its own scale, equal to the cached hour; the
/// labels under it are thinned to the days; the table lists the same hours.
///
/// The forecast is written through the store as a fetch would write it, not imported from a
/// recorded response: no recorded Open-Meteo response in the fixtures holds more than 48 hours
/// (a default request gives 168, but none was found recorded by others with its source).
@Suite("cloudy-web in-process: the hours' chart beyond 48 hours")
struct WebHourlyChartTests {
  /// `count` hours from the hour before now, in UTC, with a daily swing and a slow rise, rain on
  /// some afternoons; and the days they cover with sunrise 06:00 and sunset 18:00 UTC.
  private func forecast(hours count: Int) throws -> WeatherData {
    let now = Int64(Date().timeIntervalSince1970)
    let first = now / 3600 * 3600 - 3600
    let hours = (0..<count).map { index -> WeatherHourData in
      let time = first + Int64(index) * 3600
      let temperature = 41 + 12 * sin(Double(index) / 24 * 2 * .pi) + Double(index) * 0.03
      let rain = index % 24 >= 13 && index % 24 <= 16 && index % 48 < 24
      return WeatherHourData(
        time: time, summary: rain ? "Rain" : "Clear", icon: rain ? .rain : .clearDay,
        temperature: (temperature * 10).rounded() / 10, windSpeed: 8,
        precipitationProbability: rain ? 0.8 : 0.1, apparentTemperature: temperature - 4,
        precipitation: rain ? 0.04 : 0,
        // The wind veers 15° an hour; the first six hours say no direction.
        readings: WeatherReadings(windDirection: index < 6 ? nil : Double(index * 15 % 360)))
    }
    let firstDay = first / 86400 * 86400
    let days = (0..<(count / 24 + 2)).map { index -> WeatherDayData in
      let midnight = firstDay + Int64(index) * 86400
      return WeatherDayData(
        time: midnight, summary: "Clear", icon: .clearDay, temperatureMin: 30,
        temperatureMax: 55, windSpeed: 8, sunrise: midnight + 6 * 3600,
        sunset: midnight + 18 * 3600)
    }
    return WeatherData(
      provider: .openMeteo, fetchedAt: now,
      coordinate: try Coordinate(latitude: 69.65, longitude: 18.96),
      timeZone: "UTC", current: hours[1], days: days, hours: hours)
  }

  /// A web app showing `hours` hours, with one selected place whose cached forecast holds 200.
  private func web(hours: Int) async throws -> (InProcessWeb, WeatherData) {
    let web = try InProcessWeb(hours: hours)
    let id = try await web.addPlace("Tromsø", latitude: 69.65, longitude: 18.96)
    let weather = try forecast(hours: 200)
    try await web.app.shared.perform { shared in
      try shared.store.select(.saved(id))
      try shared.store.save(weather, for: .saved(id))
    }
    await web.app.shared.announceChange()
    return (web, weather)
  }

  /// The value of `name="…"` in `element`.
  private func attribute(_ name: String, _ element: Substring) -> String? {
    guard let start = element.range(of: " \(name)=\"") else { return nil }
    let rest = element[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// The temperature line's points, in degrees, through the scale it carries.
  private func temperaturePoints(_ page: String) throws -> [Double] {
    let start = try #require(page.range(of: "<polyline class=\"temperature\""))
    let element = page[start.lowerBound...].prefix { $0 != ">" }
    let top = try #require(attribute("data-top", element).flatMap(Double.init))
    let bottom = try #require(attribute("data-bottom", element).flatMap(Double.init))
    let max = try #require(attribute("data-max", element).flatMap(Double.init))
    let min = try #require(attribute("data-min", element).flatMap(Double.init))
    let points = try #require(attribute("points", element))
    return points.split(separator: " ").compactMap { pair in
      pair.split(separator: ",").last.flatMap { Double($0) }.map {
        max - ($0 - top) / (bottom - top) * (max - min)
      }
    }
  }

  /// The texts of the labels under the hours.
  private func axisLabels(_ page: String) -> [String] {
    page.components(separatedBy: "<text class=\"axis").dropFirst().compactMap { part in
      guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</text>") else {
        return nil
      }
      return String(part[part.index(after: open)..<close.lowerBound])
    }.filter { !$0.contains("°") }
  }

  @Test("--hours 168: 168 points equal to the cached hours, days as labels, 168 table rows")
  func aWeekOfHours() async throws {
    let (web, weather) = try await web(hours: 168)
    let page = try await web.get("/?view=hourly")
    #expect(page.status == 200)
    #expect(page.text.contains("Next 168 hours"))
    let celsius =
      try await web.app.shared.perform { try $0.store.settings() }.temperature == .celsius
    let cached = weather.hours.prefix(168).map {
      celsius ? ($0.temperature! - 32) * 5 / 9 : $0.temperature!
    }
    let points = try temperaturePoints(page.text)
    #expect(points.count == 168, "\(points.count) points")
    for (point, hour) in zip(points, cached) {
      #expect(abs(point - hour) < 0.05, "a point at \(point)° for an hour of \(hour)°")
    }
    // One label per local day (its name, not a clock time that repeats every day), few enough
    // not to crowd; a midnight line each; nights shaded.
    let labels = axisLabels(page.text)
    #expect((7...8).contains(labels.count), "\(labels)")
    #expect(Set(labels).count == labels.count, "labels repeat: \(labels)")
    #expect(!labels.contains { $0.contains(":") }, "\(labels)")
    #expect(page.text.components(separatedBy: "<rect class=\"night\"").count - 1 >= 7)
    // The table, the chart's text alternative, lists every hour.
    let rows = page.text.components(separatedBy: "<tr><th scope=\"row\">").count - 1
    #expect(rows == 168)
  }

  @Test("--hours 96: points for every hour, days and noons as labels")
  func fourDays() async throws {
    let (web, weather) = try await web(hours: 96)
    let page = try await web.get("/?view=hourly")
    let points = try temperaturePoints(page.text)
    #expect(points.count == 96)
    let celsius =
      try await web.app.shared.perform { try $0.store.settings() }.temperature == .celsius
    for (point, hour) in zip(points, weather.hours.prefix(96)) {
      let expected = celsius ? (hour.temperature! - 32) * 5 / 9 : hour.temperature!
      #expect(abs(point - expected) < 0.05)
    }
    let labels = axisLabels(page.text)
    #expect((7...9).contains(labels.count), "\(labels)")
    #expect(labels.filter { $0.contains(":") }.count >= 3, "noons: \(labels)")
  }

  @Test("by default the chart keeps its 48 hours, labelled every six hours")
  func defaultFortyEight() async throws {
    let (web, _) = try await web(hours: WebApp.defaultHours)
    let page = try await web.get("/?view=hourly")
    #expect(try temperaturePoints(page.text).count == 48)
    #expect(axisLabels(page.text).count == 8)
  }

  /// Issue 38: the wind's direction as arrows along the chart, each turned by the direction the
  /// hour says (where the wind comes from; a north wind's arrow points down), none for an hour
  /// that says none, thinned so that they stay apart, and named in the key.
  @Test("wind arrows turned by each hour's direction, none where the hour has none")
  func windArrows() async throws {
    let (web, weather) = try await web(hours: WebApp.defaultHours)
    let page = try await web.get("/?view=hourly").text
    let pattern =
      #/<path class="wind" data-from="([0-9.]+)" d="[^"]*" transform="translate\(([0-9.]+),[0-9.]+\) rotate\(([0-9.]+)\)"/>/#
    let arrows = page.matches(of: pattern).map {
      (from: Double($0.1)!, x: Double($0.2)!, rotation: Double($0.3)!)
    }
    #expect(arrows.count >= 8, "\(arrows.count) arrows")
    let shown = weather.hours.prefix(WebApp.defaultHours)
    let directions = Set(shown.compactMap(\.readings.windDirection))
    for arrow in arrows {
      #expect(arrow.rotation == arrow.from)
      #expect(directions.contains(arrow.from), "\(arrow.from)° is no hour's direction")
    }
    // The first six hours have no direction: the first arrow is the seventh hour's (90°).
    #expect(arrows.first?.from == 90)
    // Thinned: no two arrows closer than 17 units of the 720-unit drawing.
    for (first, second) in zip(arrows, arrows.dropFirst()) {
      #expect(second.x - first.x >= 17, "arrows at \(first.x) and \(second.x)")
    }
    #expect(page.contains("<span class=\"key key-wind\">Wind direction</span>"))
  }

  @Test("--hours outside 1…384 is refused before the server starts")
  func hoursValidated() throws {
    for bad in ["0", "385", "-3", "many"] {
      #expect(throws: (any Error).self, "--hours \(bad)") {
        try CloudyWebCommand.parse(["--hours", bad])
      }
    }
    #expect(try CloudyWebCommand.parse(["--hours", "384"]).hours == 384)
    #expect(try CloudyWebCommand.parse([]).hours == 48)
  }
}
