import ArgumentParser
import CloudyCLI
import CloudyModels
import CloudyProviders
import CloudyServices
import CloudyStore
import CloudyViewModels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension CloudyForecast {
  /// `fetch [PLACE | --all] [--json]`: the only command that uses the network.
  struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Fetch forecasts from the provider and cache them in the database.",
      discussion: """
        Each place's forecast is fetched and checked completely before anything is written, \
        then replaces the previous one in one transaction: a failed fetch leaves the cache as \
        it was. With --all, every place (the current location, then the saved places) is \
        fetched in turn; a failed place is reported and the others go on, and the exit status \
        is then 69. Progress is shown on standard error when it is a terminal.
        """)

    @Argument(
      help: ArgumentHelp(
        "A saved place's name or number, or `current`. Default: the selected place.",
        valueName: "place"))
    var place: String?

    @Flag(name: .long, help: "Fetch every place: the current location and all saved places.")
    var all = false

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      if all, place != nil {
        throw ValidationError("give a place or --all, not both")
      }
    }

    func run() async throws {
      let tool = CloudyForecast.tool
      let (kind, outcomes) = try await ToolMain.reporting(tool: tool) {
        () async throws -> (ForecastProviderKind, [ForecastRefresher.Outcome]) in
        // Everything that can be checked without the network first: provider settings, the
        // database and the places. Nothing is opened for writing until a forecast arrived.
        let provider = try ProviderEnvironment.fromEnvironment().makeProvider()
        let location = try database.resolve()
        let store = LocationRepository(
          database: try ForecastCommand.existing(
            location, missing: ForecastCommand.noDatabase(location)))
        let targets =
          all
          ? try ForecastTargets.all(in: try LocationsViewModel(store: store))
          : [try ForecastTargets.resolve(place, store: store)]
        let refresher = ForecastRefresher(provider: provider) {
          ForecastRepository(database: try StoreAccess.writing(location))
        }
        let showProgress = targets.count > 1 && isatty(STDERR_FILENO) == 1
        let outcomes = await refresher.refresh(targets) { event in
          switch event {
          case .fetching(let target, let index, let count):
            if showProgress { Output.error("[\(index + 1)/\(count)] fetching \(target.name)…") }
          case .finished(let outcome, _, _):
            if let failure = Self.failure(of: outcome, provider: provider.kind) {
              Output.error("\(tool): error: \(failure.message)")
            } else if !output.json, case .saved(let target, let weather) = outcome {
              Output.line(
                "\(target.name): cached \(ForecastText.plural(weather.days.count, "day")) and \(ForecastText.plural(weather.hours.count, "hour")) from \(weather.provider.serviceName)"
              )
            }
          }
        }
        return (provider.kind, outcomes)
      }
      let failures = outcomes.compactMap { outcome in
        Self.failure(of: outcome, provider: kind).map { (outcome, $0) }
      }
      if output.json {
        Output.json(
          .object([
            ("results", .array(outcomes.map { Self.json($0, provider: kind) })),
            ("cached", .int(Int64(outcomes.count - failures.count))),
            ("failed", .int(Int64(failures.count))),
          ]))
      }
      guard let first = failures.first else { return }
      if all {
        let summary =
          failures.count == outcomes.count
          ? "no place was cached (\(ForecastText.plural(failures.count, "failure")) above); the cache is unchanged"
          : "\(failures.count) of \(ForecastText.plural(outcomes.count, "place")) failed; the others were cached"
        Output.error("\(tool): error: \(summary)")
        throw ExitCode(ExitStatus.unavailable.rawValue)
      }
      throw ExitCode(first.1.status.rawValue)
    }

    /// The one-line failure of an outcome, naming the place; nil when it was saved.
    static func failure(of outcome: ForecastRefresher.Outcome, provider: ForecastProviderKind)
      -> CommandFailure?
    {
      switch outcome {
      case .saved: return nil
      case .fetchFailed(let target, let error):
        return error.failure(for: provider, prefix: "\(target.name): ")
      case .saveFailed(let target, let error):
        let failure = CommandFailure(describing: error)
        return CommandFailure(
          failure.status, "\(target.name): not cached: \(failure.message)")
      }
    }

    static func json(_ outcome: ForecastRefresher.Outcome, provider: ForecastProviderKind) -> JSON {
      var members: [(String, JSON)] = [("place", ForecastJSON.place(outcome.target))]
      switch outcome {
      case .saved(_, let weather):
        members.append(("ok", .bool(true)))
        members += ForecastJSON.cached(weather)
      case .fetchFailed(_, let error):
        members += [
          ("ok", .bool(false)), ("error", .string(error.description(for: provider))),
          ("exitStatus", .int(Int64(error.status.rawValue))),
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
}
