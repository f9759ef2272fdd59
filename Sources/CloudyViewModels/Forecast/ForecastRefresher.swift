public import CloudyModels
public import CloudyServices
public import CloudyStoring

/// Fetches the forecasts of several places and caches each as it arrives.
///
/// The rule that keeps a failure harmless: a place's forecast is fetched and validated
/// completely before anything is written, and is then saved in one transaction that replaces
/// the previous one. A place whose fetch fails writes nothing and the others go on. The store
/// is opened lazily, on the first successful fetch, and reused for every place (one connection,
/// one transaction per place) — so when every fetch fails, the database is never opened for
/// writing at all.
public final class ForecastRefresher {
  /// What happened to one place.
  public enum Outcome {
    /// Fetched and saved, with what the service or the decoder noted, and the alerts its
    /// answer carried (not saved here: the caller stores them).
    case saved(ForecastTarget, WeatherData, notes: [String], alerts: [WeatherAlert]?)
    /// The service said the cached forecast stands (304, or not to ask before `until`); nothing
    /// was written.
    case unchanged(ForecastTarget, until: Int64?)
    /// The provider failed; nothing was written for this place.
    case fetchFailed(ForecastTarget, ForecastError)
    /// Fetched, but the store refused it (busy, removed meanwhile…); nothing was written.
    case saveFailed(ForecastTarget, any Error)

    public var target: ForecastTarget {
      switch self {
      case .saved(let target, _, _, _), .unchanged(let target, _), .fetchFailed(let target, _),
        .saveFailed(let target, _):
        target
      }
    }

    public var succeeded: Bool {
      switch self {
      case .saved, .unchanged: true
      case .fetchFailed, .saveFailed: false
      }
    }
  }

  /// Progress, for a front-end that shows it.
  public enum Event {
    /// About to fetch place `index` (0-based) of `count`.
    case fetching(ForecastTarget, index: Int, count: Int)
    /// Place `index` is done.
    case finished(Outcome, index: Int, count: Int)
  }

  private let provider: any ForecastProvider
  private let openStore: () throws -> any ForecastStoring
  private let cached: (ForecastTarget) -> WeatherData?
  private var store: (any ForecastStoring)?

  /// `openStore` is called at most once successfully, when the first forecast is to be saved.
  /// `cached` reads a place's cached forecast (for a conditional request); it must not open
  /// the file for writing.
  public init(
    provider: any ForecastProvider,
    cached: @escaping (ForecastTarget) -> WeatherData? = { _ in nil },
    openStore: @escaping () throws -> any ForecastStoring
  ) {
    self.provider = provider
    self.cached = cached
    self.openStore = openStore
  }

  /// Fetches and saves each place in order; never throws: every failure is an outcome.
  public func refresh(_ targets: [ForecastTarget], progress: (Event) -> Void = { _ in }) async
    -> [Outcome]
  {
    var outcomes: [Outcome] = []
    for (index, target) in targets.enumerated() {
      progress(.fetching(target, index: index, count: targets.count))
      let outcome = await refresh(target)
      outcomes.append(outcome)
      progress(.finished(outcome, index: index, count: targets.count))
    }
    return outcomes
  }

  private func refresh(_ target: ForecastTarget) async -> Outcome {
    let weather: WeatherData
    let notes: [String]
    let alerts: [WeatherAlert]?
    do {
      // Only a forecast from the same service counts as what it would answer "unchanged" to.
      let cached = cached(target).flatMap { $0.provider == provider.kind ? $0 : nil }
      let request = ForecastRequest(
        coordinate: target.coordinate, timeZone: target.timeZone, cached: cached)
      switch try await provider.forecast(request) {
      case .fresh(let fresh, let said, let carried):
        (weather, notes, alerts) = (fresh, said, carried)
      case .unchanged(let until):
        return .unchanged(target, until: until)
      }
    } catch {
      return .fetchFailed(target, error)
    }
    do {
      let store = try self.store ?? openStore()
      self.store = store
      try store.save(weather, for: target.place)
      return .saved(target, weather, notes: notes, alerts: alerts)
    } catch {
      return .saveFailed(target, error)
    }
  }
}
