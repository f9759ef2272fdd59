public import ArgumentParser
import CloudyCLI
import CloudyForecastCLI
import CloudyJSON
import CloudyModels
import CloudyPlatform
import CloudyProviders
import CloudyServices
import CloudyStoring
import CloudyViewModels

/// `cloudy-forecast fetch`, the one command that uses the network. `cloudy-forecast` hands its
/// `fetch` arguments to this executable (installed beside it), so that only this one links
/// Foundation's networking (libcurl and its TLS, Kerberos and LDAP libraries): loading those
/// would triple the start-up time of the offline `show`. Same options, help and exit statuses.
public struct FetchCommand: AsyncParsableCommand {
  /// The name errors are reported under: `cloudy-forecast`'s, whose `fetch` this is.
  public static let tool = ForecastCommand.tool

  public static let configuration = CommandConfiguration(
    commandName: "\(tool) fetch",
    abstract: FetchOptions.abstract, discussion: FetchOptions.discussion)

  @OptionGroup var options: FetchOptions

  public init() {}

  public func run() async throws {
    if options.alerts {
      return try await ToolMain.reporting(tool: Self.tool) { () async throws in
        let databasePath = try options.database.resolve()
        try await AlertsFetch(databasePath: databasePath, json: options.output.json).run(
          try targets(in: databasePath), places: ForecastCommand.savedPlaces(databasePath))
      }
    }
    let tool = Self.tool
    let (kind, outcomes, alerts) = try await ToolMain.reporting(tool: tool) {
      () async throws -> (
        ForecastProviderKind, [ForecastRefresher.Outcome], [AlertsFetch.Result]
      ) in
      // Everything that can be checked without the network first: provider settings, the
      // database and the places. Nothing is opened for writing until a forecast arrived.
      var environment = try ProviderEnvironment.fromEnvironment(version: CloudyVersion.string)
      if let name = options.provider, let kind = ForecastProviderKind(name: name) {
        environment.provider = kind
      }
      let provider = try environment.makeProvider()
      let databasePath = try options.database.resolve()
      // The cached forecasts, read-only, for the validators of a conditional request.
      let readers = (try? StoreAccess.stores(reading: databasePath)) ?? nil
      let targets = try fresher(than: options.ifOlderThan, try targets(in: databasePath), readers)
      let refresher = ForecastRefresher(
        provider: provider,
        cached: { target in try? readers?.forecasts.latest(for: target.place) },
        openStore: { try StoreAccess.forecastStore(writing: databasePath) })
      let showProgress = targets.count > 1 && StandardError.isTerminal
      let outcomes = await refresher.refresh(targets) { event in
        announce(event, provider: provider.kind, showProgress: showProgress)
      }
      // The alerts with the forecasts: a failure is a note, never the command's.
      // A Dark Sky-family answer carries its own alerts; the other places ask their region's
      // source.
      let fetcher = AlertsFetch(databasePath: databasePath, json: options.output.json)
      var alerts: [AlertsFetch.Result] = []
      var carried: Set<Place> = []
      for case .saved(let target, let weather, _, let some?) in outcomes {
        carried.insert(target.place)
        alerts.append(fetcher.keep(some, carriedBy: weather.provider, for: target))
      }
      if !options.noAlerts, let places = try? ForecastCommand.savedPlaces(databasePath) {
        alerts += await fetcher.withForecasts(
          targets.filter { !carried.contains($0.place) }, places: places)
      }
      return (provider.kind, outcomes, alerts)
    }
    try finish(outcomes, provider: kind, alerts: alerts)
  }

  /// The places the arguments name: every place (`--all`), one by id, or one as typed (the
  /// selected place when none is), read from the existing file (never created here).
  private func targets(in databasePath: DatabasePath) throws -> [ForecastTarget] {
    let store = try ForecastCommand.savedPlaces(databasePath)
    if options.all { return try LocationsViewModel(store: store).forecastTargets() }
    let editor = LocationEditor(store: store)
    return [
      try options.id.map { try editor.forecastTarget(id: $0) }
        ?? editor.forecastTarget(options.place)
    ]
  }

  /// The targets to fetch under `--if-older-than`: those whose cached forecast is that old or
  /// older, or has none (`ForecastViewModel.needsRefresh`, the apps' rule); each one left out
  /// is said on a line of its own (none under `--json`).
  private func fresher(
    than age: RefreshInterval?, _ targets: [ForecastTarget], _ readers: StoreAccess.ReadingStores?
  ) throws -> [ForecastTarget] {
    guard let age, let readers else { return targets }
    let now = WallClock.now()
    return try targets.filter { target in
      let model = try ForecastViewModel(
        target: target, forecasts: readers.forecasts, settings: readers.settings,
        zones: InstalledTimeZones(), now: now)
      if model.needsRefresh(at: now, after: age.seconds) { return true }
      if !options.output.json, let shown = model.age {
        Output.line(
          "\(target.name): the cached forecast is from \(shown.text), younger than \(age.defaultValueDescription); not fetched"
        )
      }
      return false
    }
  }

  /// Progress (on a terminal, for several places) and each place's line as it finishes.
  private func announce(
    _ event: ForecastRefresher.Event, provider: ForecastProviderKind, showProgress: Bool
  ) {
    switch event {
    case .fetching(let target, let index, let count):
      if showProgress { Output.error("[\(index + 1)/\(count)] fetching \(target.name)…") }
    case .finished(let outcome, _, _):
      if let failure = Self.failure(of: outcome, provider: provider) {
        Output.error(ToolMain.line(failure.message, tool: Self.tool))
      } else if !options.output.json {
        switch outcome {
        case .saved(let target, let weather, let notes, _):
          let credit = weather.provider.credit.map { " (\($0))" } ?? ""
          Output.line(
            "\(target.name): cached \(MessageText.counted(weather.days.count, "day")) and \(MessageText.counted(weather.hours.count, "hour")) from \(weather.provider.serviceName)\(credit)"
          )
          for note in notes { Output.line("Note: \(note).") }
        case .unchanged(let target, let until):
          let wait =
            until.map {
              ", which asks not to be asked again before \(LocalTime.utc.format($0, "%H:%M UTC"))"
            } ?? ""
          Output.line(
            "\(target.name): the cached forecast is current; \(provider.serviceName) has nothing newer\(wait)"
          )
        case .fetchFailed, .saveFailed: break
        }
      }
    }
  }

  /// The `--json` summary, and the status: 0 when every place was cached.
  private func finish(
    _ outcomes: [ForecastRefresher.Outcome], provider kind: ForecastProviderKind,
    alerts: [AlertsFetch.Result]
  ) throws {
    let tool = Self.tool
    let failures = outcomes.compactMap { outcome in
      Self.failure(of: outcome, provider: kind).map { (outcome, $0) }
    }
    if options.output.json {
      Output.json(
        .object([
          ("results", .array(outcomes.map { Self.json($0, provider: kind) })),
          ("cached", .int(Int64(outcomes.count - failures.count))),
          ("failed", .int(Int64(failures.count))),
          ("alerts", .array(alerts.map(AlertsFetch.json))),
        ]))
    }
    guard let first = failures.first else { return }
    if options.all {
      let summary =
        failures.count == outcomes.count
        ? "no place was cached (\(MessageText.counted(failures.count, "failure")) above); the cache is unchanged"
        : "\(failures.count) of \(MessageText.counted(outcomes.count, "place")) failed; the others were cached"
      throw ToolMain.report(
        CommandFailure(describing: CommandError.unavailable(summary)), tool: tool)
    }
    // Its line was printed as it failed; the status is the failure map's for that error.
    throw ExitCode(first.1.status.rawValue)
  }

  /// The one-line failure of an outcome, naming the place; nil when it was saved.
  static func failure(of outcome: ForecastRefresher.Outcome, provider: ForecastProviderKind)
    -> CommandFailure?
  {
    switch outcome {
    case .saved, .unchanged: return nil
    case .fetchFailed(let target, let error):
      return FailureMap.failure(for: error, provider: provider, prefix: "\(target.name): ")
    case .saveFailed(let target, let error):
      let failure = CommandFailure(describing: error)
      return CommandFailure(
        failure.status, "\(target.name): not cached: \(failure.message)")
    }
  }

  static func json(_ outcome: ForecastRefresher.Outcome, provider: ForecastProviderKind) -> JSON {
    var members: [(String, JSON)] = [("place", ForecastJSON.place(outcome.target))]
    switch outcome {
    case .saved(_, let weather, let notes, _):
      members.append(("ok", .bool(true)))
      members += ForecastJSON.cached(weather)
      members.append(("notes", .array(notes.map { .string($0) })))
    case .unchanged(_, let until):
      members += [
        ("ok", .bool(true)), ("unchanged", .bool(true)), ("provider", .string(provider.rawValue)),
        ("freshUntil", until.map { .int($0) } ?? .null),
      ]
    case .fetchFailed(_, let error):
      members += [
        ("ok", .bool(false)), ("error", .string(error.description(for: provider))),
        ("exitStatus", .int(Int64(FailureMap.status(of: error).rawValue))),
      ]
    case .saveFailed(_, let error):
      let failure = CommandFailure(describing: error)
      members += [
        ("ok", .bool(false)), ("error", .string(failure.message)),
        ("exitStatus", .int(Int64(failure.status.rawValue))),
      ]
    }
    return .object(members)
  }
}
