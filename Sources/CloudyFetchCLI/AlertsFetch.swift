import ArgumentParser
import CloudyCLI
import CloudyForecastCLI
import CloudyJSON
import CloudyModels
import CloudyPlatform
import CloudyProviders
import CloudyServices
import CloudyStoring
import CloudyViewModels

/// `fetch --alerts`, and the alerts that plain `fetch` fetches with the forecasts: each place's
/// alerts from the service that covers it, the NWS for places in the United States (by the
/// saved country, else by the coordinate), MeteoAlarm for places saved in one of its
/// countries, each asked only when its last answer is stale and then conditionally. A place no
/// source covers is said so and skipped; a failure is reported for its place and the others go
/// on (status 69 with `--alerts`; with a forecast it is only a note).
struct AlertsFetch {
  let databasePath: DatabasePath
  let json: Bool

  /// What happened at one place.
  enum Result {
    case stored(ForecastTarget, AlertSource, count: Int, notes: [String])
    case unchanged(ForecastTarget, AlertSource)
    case fresh(ForecastTarget, AlertSource, until: Int64)
    case uncovered(ForecastTarget)
    case failed(ForecastTarget, AlertSource?, any Error)

    var failed: Bool {
      if case .failed = self { return true }
      return false
    }
  }

  /// The alert providers, from the environment (`CLOUDY_NWS_URL`, `CLOUDY_METEOALARM_URL`,
  /// `CLOUDY_CONTACT`, `CLOUDY_HTTP_TIMEOUT`, read and checked with the forecast providers').
  static func providers() throws(ForecastError) -> AlertProviders {
    try ProviderEnvironment.fromEnvironment(version: CloudyVersion.string).alertProviders()
  }

  /// `fetch --alerts`: every place's alerts, a line each (or the `--json` object).
  func run(_ targets: [ForecastTarget], places: any LocationStoring) async throws {
    let sources = try Self.providers()
    var results: [Result] = []
    for target in targets {
      let result = await fetch(target, places: places, sources: sources)
      results.append(result)
      if !json { report(result, asNote: false) }
    }
    if json {
      Output.json(.object([("alerts", .array(results.map(Self.json)))]))
    }
    if let failure = results.first(where: \.failed), case .failed(_, _, let error) = failure {
      throw ExitCode(FailureMap.failure(for: error).status.rawValue)
    }
  }

  /// The alerts fetched with the forecasts: never throws, and says nothing of the places no
  /// source covers; a failure is a note.
  func withForecasts(_ targets: [ForecastTarget], places: any LocationStoring) async -> [Result] {
    let sources: AlertProviders
    do {
      sources = try Self.providers()
    } catch {
      let results = targets.map { Result.failed($0, nil, error) }
      if !json { for result in results { report(result, asNote: true) } }
      return results
    }
    var results: [Result] = []
    for target in targets {
      let result = await fetch(target, places: places, sources: sources)
      results.append(result)
      if !json { report(result, asNote: true) }
    }
    return results
  }

  /// Stores the alerts a forecast's answer carried (Dark Sky, Pirate Weather), as `import`
  /// keeps them; a failure is a note.
  func keep(
    _ alerts: [WeatherAlert], carriedBy provider: ForecastProviderKind, for target: ForecastTarget
  )
    -> Result
  {
    let source: AlertSource = provider == .pirateWeather ? .pirateWeather : .darkSky
    let result: Result
    do {
      try StoreAccess.alertStore(writing: databasePath).record(
        alerts, for: target.place, fetchedAt: WallClock.now())
      result = .stored(target, source, count: alerts.count, notes: [])
    } catch {
      result = .failed(target, source, error)
    }
    if !json { report(result, asNote: true) }
    return result
  }

  /// One place: the provider `AlertProviders.provider(for:)` chooses (by the saved country,
  /// else the coordinate), asked with the memory of its last answer; what it found is stored.
  private func fetch(
    _ target: ForecastTarget, places: any LocationStoring, sources: AlertProviders
  )
    async -> Result
  {
    var chosen: AlertSource?
    do {
      let country = try target.place.locationID.flatMap { try places.find(id: $0) }?.countryCode
      let place = AlertPlace(coordinate: target.coordinate, countryCode: country)
      guard let provider = sources.provider(for: place) else { return .uncovered(target) }
      let source = provider.source
      chosen = source
      let states = try StoreAccess.alertFetchStore(writing: databasePath)
      let last = try states.fetchState(for: target.place, source: source)
      let now = WallClock.now()
      let answer: AlertAnswer
      do {
        answer = try await provider.alerts(
          AlertRequest(
            place: place,
            last: last.map {
              ServiceMemory(etag: $0.etag, lastModified: $0.lastModified, freshUntil: $0.freshUntil)
            }, now: now))
      } catch {
        return .failed(target, source, error)
      }
      func state(_ memory: ServiceMemory) -> AlertFetchState {
        AlertFetchState(
          etag: memory.etag, lastModified: memory.lastModified, freshUntil: memory.freshUntil,
          checkedAt: now)
      }
      switch answer {
      case .fresh(let until):
        return .fresh(target, source, until: until)
      case .notModified(let memory):
        try states.recordFetchState(state(memory), for: target.place, source: source)
        return .unchanged(target, source)
      case .fetched(let alerts, let notes, let memory):
        // The NWS's answer is the place's whole active list: what it no longer holds ended.
        // MeteoAlarm's reading is not (it reads at most a number of documents).
        try StoreAccess.alertStore(writing: databasePath).record(
          alerts, for: target.place, fetchedAt: now,
          endingOthersOf: source == .nws ? .nws : nil)
        try states.recordFetchState(state(memory), for: target.place, source: source)
        return .stored(target, source, count: alerts.count, notes: notes)
      }
    } catch {
      return .failed(target, chosen, error)
    }
  }

  /// "the National Weather Service", "MeteoAlarm".
  static func named(_ source: AlertSource) -> String {
    source == .nws ? "the \(source.text)" : source.text
  }

  /// "the NWS", "MeteoAlarm": the short name in a failure.
  static func short(_ source: AlertSource?) -> String {
    switch source {
    case .nws: "the NWS"
    case .some(let source): source.text
    case nil: "its source"
    }
  }

  /// One line per place; with a forecast (`asNote`) the failures are notes on standard output,
  /// never errors, and an uncovered or fresh place says nothing.
  private func report(_ result: Result, asNote: Bool) {
    switch result {
    case .stored(let target, let source, let count, let notes):
      Output.line(
        "\(target.name): \(MessageText.counted(count, "alert message")) from \(Self.named(source))"
      )
      for note in notes { Output.line("Note: \(note).") }
    case .unchanged(let target, _):
      Output.line("\(target.name): alerts unchanged since the last fetch")
    case .fresh(let target, let source, let until):
      guard !asNote else { return }
      Output.line(
        "\(target.name): alerts fetched recently; \(Self.short(source)) asks to wait until \(LocalTime.utc.format(until, "%H:%M:%S UTC"))"
      )
    case .uncovered(let target):
      guard !asNote else { return }
      Output.line(
        "\(target.name): no alert source covers this place (the NWS covers the United States, MeteoAlarm the European countries it publishes for, by the place's saved country)"
      )
    case .failed(let target, let source, let error):
      let line =
        "\(target.name): alerts not fetched from \(Self.short(source)): \(FailureMap.failure(for: error).message)"
      if asNote {
        Output.line("Note: \(line); the forecast is not affected.")
      } else {
        Output.error(ToolMain.line(line, tool: ForecastCommand.tool))
      }
    }
  }

  static func json(_ result: Result) -> JSON {
    switch result {
    case .stored(let target, let source, let count, let notes):
      .object([
        ("place", ForecastJSON.place(target)), ("status", .string("stored")),
        ("source", .string(source.rawValue)), ("alerts", .int(Int64(count))),
        ("notes", .array(notes.map { .string($0) })),
      ])
    case .unchanged(let target, let source):
      .object([
        ("place", ForecastJSON.place(target)), ("status", .string("unchanged")),
        ("source", .string(source.rawValue)),
      ])
    case .fresh(let target, let source, let until):
      .object([
        ("place", ForecastJSON.place(target)), ("status", .string("fresh")),
        ("source", .string(source.rawValue)), ("freshUntil", .int(until)),
      ])
    case .uncovered(let target):
      .object([("place", ForecastJSON.place(target)), ("status", .string("uncovered"))])
    case .failed(let target, let source, let error):
      .object([
        ("place", ForecastJSON.place(target)), ("status", .string("failed")),
        ("source", source.map { .string($0.rawValue) } ?? .null),
        ("error", .string(FailureMap.failure(for: error).message)),
        ("exitStatus", .int(Int64(FailureMap.failure(for: error).status.rawValue))),
      ])
    }
  }
}
