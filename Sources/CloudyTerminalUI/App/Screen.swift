public import CloudyStoring

/// The app's screens, one at a time, as the Cloudy app's view controllers.
public enum Screen: Hashable, Sendable {
  /// The selected place's day and week (start screen).
  case weather
  /// Current Location and Saved Locations, the selection marked.
  case locations
  /// Search the gazetteer as you type and save a candidate.
  case addLocation
  /// The three notations, one checkmark each.
  case settings
  /// Every key.
  case help
  /// The selected place's active alerts in full (opened with `!` from Weather).
  case alerts
}

/// What the app asks of the terminal layer after a key or a change.
public enum AppEffect: Hashable, Sendable {
  /// Restore the terminal and exit 0.
  case quit
  /// Run the fetch for this place (a child process); answer with `refreshFinished`.
  case refresh(ForecastRefreshRequest)
  /// Clear the terminal and draw every line again, not only what changed.
  case redraw
  /// Give the terminal back, stop the process (SIGTSTP, as Ctrl-Z does in a shell), and take
  /// the terminal again and draw everything when it is continued.
  case suspend
}

/// The place to fetch, by identity (see `ForecastFetcherTool`).
public struct ForecastRefreshRequest: Hashable, Sendable {
  /// "Richmond, Virginia, US".
  public let name: String
  /// Which place, by identity (a saved place's id), so a reorder by another process before the
  /// fetch starts cannot change which place is fetched.
  public let place: Place

  public init(name: String, place: Place) {
    self.name = name
    self.place = place
  }
}

/// The header's refresh state.
public enum RefreshStatus: Hashable, Sendable {
  case idle
  /// A fetch is running.
  case refreshing
  /// The last fetch failed; the one-line reason (the cache is as it was).
  case failed(String)
}
