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
    /// Fetched and saved.
    case saved(ForecastTarget, WeatherData)
    /// The provider failed; nothing was written for this place.
    case fetchFailed(ForecastTarget, ForecastError)
    /// Fetched, but the store refused it (busy, removed meanwhile…); nothing was written.
    case saveFailed(ForecastTarget, any Error)

    public var target: ForecastTarget {
      switch self {
      case .saved(let target, _), .fetchFailed(let target, _), .saveFailed(let target, _): target
      }
    }

    public var succeeded: Bool {
      if case .saved = self { return true }
      return false
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
  private var store: (any ForecastStoring)?

  /// `openStore` is called at most once successfully, when the first forecast is to be saved.
  public init(provider: any ForecastProvider, openStore: @escaping () throws -> any ForecastStoring)
  {
    self.provider = provider
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
    do {
      weather = try await provider.forecast(for: target.coordinate)
    } catch {
      return .fetchFailed(target, error)
    }
    do {
      let store = try self.store ?? openStore()
      self.store = store
      try store.save(weather, for: target.place)
      return .saved(target, weather)
    } catch {
      return .saveFailed(target, error)
    }
  }
}
