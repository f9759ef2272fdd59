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

/// `fetch --alerts`: each place's alerts from the service that covers it, the NWS for places
/// in the United States, asked only when its last answer is stale and then conditionally.
/// A place no source covers is said so and skipped; a failure is reported for its place and
/// the others go on (status 69 when any failed).
struct AlertsFetch {
  let databasePath: DatabasePath
  let json: Bool

  /// What happened at one place.
  enum Result {
    case stored(ForecastTarget, count: Int, notes: [String])
    case unchanged(ForecastTarget)
    case fresh(ForecastTarget, until: Int64)
    case uncovered(ForecastTarget)
    case failed(ForecastTarget, any Error)
  }

  func run(_ targets: [ForecastTarget], places: any LocationStoring) async throws {
    let source = try NWSAlertsSource.fromEnvironment(version: CloudyVersion.string)
    var results: [Result] = []
    for target in targets {
      let result = await fetch(target, places: places, source: source)
      results.append(result)
      if !json { report(result) }
    }
    if json {
      Output.json(.object([("alerts", .array(results.map(Self.json)))]))
    }
    if let failure = results.first(where: { if case .failed = $0 { true } else { false } }),
      case .failed(_, let error) = failure
    {
      throw ExitCode(FailureMap.failure(for: error).status.rawValue)
    }
  }

  private func fetch(
    _ target: ForecastTarget, places: any LocationStoring, source: NWSAlertsSource
  ) async -> Result {
    do {
      let country = try target.place.locationID.flatMap { try places.find(id: $0) }?.countryCode
      guard NWSAlertsSource.covers(target.coordinate, countryCode: country) else {
        return .uncovered(target)
      }
      let states = try StoreAccess.alertFetchStore(writing: databasePath)
      let last = try states.fetchState(for: target.place, source: .nws)
      let now = WallClock.now()
      let outcome: NWSAlertsSource.Outcome
      do {
        outcome = try await source.fetch(
          for: target.coordinate, etag: last?.etag, lastModified: last?.lastModified,
          freshUntil: last?.freshUntil, now: now)
      } catch {
        return .failed(target, error)
      }
      switch outcome {
      case .fresh(let until):
        return .fresh(target, until: until)
      case .notModified(let validators):
        try states.recordFetchState(
          AlertFetchState(
            etag: validators.etag ?? last?.etag,
            lastModified: validators.lastModified ?? last?.lastModified,
            freshUntil: validators.freshUntil(now: now), checkedAt: now),
          for: target.place, source: .nws)
        return .unchanged(target)
      case .fetched(let alerts, let notes, let validators):
        try StoreAccess.alertStore(writing: databasePath).record(
          alerts, for: target.place, fetchedAt: now)
        try states.recordFetchState(
          AlertFetchState(
            etag: validators.etag, lastModified: validators.lastModified,
            freshUntil: validators.freshUntil(now: now), checkedAt: now),
          for: target.place, source: .nws)
        return .stored(target, count: alerts.count, notes: notes)
      }
    } catch {
      return .failed(target, error)
    }
  }

  private func report(_ result: Result) {
    switch result {
    case .stored(let target, let count, let notes):
      Output.line(
        "\(target.name): \(MessageText.counted(count, "alert message")) from the National Weather Service"
      )
      for note in notes { Output.line("Note: \(note).") }
    case .unchanged(let target):
      Output.line("\(target.name): alerts unchanged since the last fetch")
    case .fresh(let target, let until):
      Output.line(
        "\(target.name): alerts fetched recently; the NWS asks to wait until \(LocalTime.utc.format(until, "%H:%M:%S UTC"))"
      )
    case .uncovered(let target):
      Output.line(
        "\(target.name): no alert source covers this place (the NWS covers the United States)")
    case .failed(let target, let error):
      Output.error(
        ToolMain.line(
          "\(target.name): alerts not fetched from the NWS: \(FailureMap.failure(for: error).message)",
          tool: ForecastCommand.tool))
    }
  }

  private static func json(_ result: Result) -> JSON {
    switch result {
    case .stored(let target, let count, let notes):
      .object([
        ("place", ForecastJSON.place(target)), ("status", .string("stored")),
        ("alerts", .int(Int64(count))), ("notes", .array(notes.map { .string($0) })),
      ])
    case .unchanged(let target):
      .object([("place", ForecastJSON.place(target)), ("status", .string("unchanged"))])
    case .fresh(let target, let until):
      .object([
        ("place", ForecastJSON.place(target)), ("status", .string("fresh")),
        ("freshUntil", .int(until)),
      ])
    case .uncovered(let target):
      .object([("place", ForecastJSON.place(target)), ("status", .string("uncovered"))])
    case .failed(let target, let error):
      .object([
        ("place", ForecastJSON.place(target)), ("status", .string("failed")),
        ("error", .string(FailureMap.failure(for: error).message)),
        ("exitStatus", .int(Int64(FailureMap.failure(for: error).status.rawValue))),
      ])
    }
  }
}
