import CloudyCLI
import CloudyGazetteer
import CloudyModels
import CloudyPlatform
import CloudyStore
import CloudyStoring
import NIOCore
import Synchronization

/// The one set of connections every request of cloudy-web goes through, one request at a time:
/// the database watcher (its read-only connection reads, and it notices other processes'
/// commits) and the `WatchedStore` that writes through a connection of its own, opened on the
/// first write (a missing file is created by the first place or setting saved, as in the app).
///
/// An actor because SQLite connections and the view models are plain, non-`Sendable` classes:
/// requests run `perform` with the store isolated to this actor, so no two ever use a
/// connection at once. Requests are short (index lookups and one page of rows); a fetch never
/// runs here (see `ForecastRefreshes`).
actor SharedStore {
  let databasePath: String
  private let watcher: DatabaseWatcher
  /// What the pages read and the actions write through.
  let store: WatchedStore
  let zones = InstalledTimeZones()
  let geocoder = GazetteerGeocoder()
  nonisolated let events = LiveEvents()
  /// Why the file cannot be read now (damaged, replaced by a foreign or newer file), as the
  /// failure map says it; nil while it reads. Requests fail with it (503) rather than read a
  /// connection to a file that is no longer there.
  private(set) var failure: CommandFailure? {
    didSet { recent.withLock { $0.readable = failure == nil } }
  }

  /// Answers already made, by route, with the change number they were made at, and when the
  /// file was last looked at: served again until anything changes (see `cachedAnswer`). Behind
  /// a lock rather than the actor, so a request in the millisecond after a look takes its
  /// answer without queueing on the actor (`recentAnswer`); written only by the actor.
  private nonisolated let recent = Mutex(Recent())

  private struct Recent {
    var answers: [String: MadeAnswer] = [:]
    /// When `cachedAnswer` last looked (monotonic nanoseconds).
    var lookedAt: UInt64 = 0
    /// When a request last went to the actor for a look that was due (see `recentAnswer`).
    var lookClaimedAt: UInt64 = 0
    /// False while the file cannot be read (no answer is served then).
    var readable = true
  }
  /// This run, in every entity tag: change numbers start again at 0 after a restart.
  let run: String
  /// Answers made so far, so two made at one change number have two tags.
  private var serial = 0

  /// Set when the file being read was removed (by hand, or by another program): the pages say
  /// so, rather than show an empty list as if the places had never been; the next file to
  /// appear (a restore, or a write from any front-end) clears it.
  private var removal: String?

  /// What the pages' banner and the event stream say is wrong with the file: its failure, or
  /// its removal.
  var problem: String? { failure?.message ?? removal }

  init(databasePath: String) throws {
    self.databasePath = databasePath
    run = try RandomBytes.hex(count: 4)
    watcher = try DatabaseWatcher(path: databasePath, pollInterval: .seconds(1))
    store = WatchedStore(watcher: watcher)
  }

  /// Runs `body` with the store to itself, after looking once for a change by another process
  /// (one `stat` and one `PRAGMA data_version`), so a request never reads a file that was
  /// replaced since the last look.
  func perform<Result: Sendable>(
    _ body: @Sendable (isolated SharedStore) throws -> Result
  ) throws -> Result {
    look()
    if let failure { throw StoreUnavailable(failure: failure) }
    return try body(self)
  }

  /// After this process changed the file: every open page hears of it at once, without waiting
  /// for the watcher's next look.
  func announceChange() {
    look()
    events.send(.change)
  }

  // MARK: - Answers made once

  /// The answer kept for `key`, when no change was announced since it was made (after a look,
  /// so another process's commit counts at once) and it is younger than `lifetime` (for pages
  /// that show the clock, such as the forecast's age). A list of 1,000 places is then made once
  /// per change rather than once per request.
  func cachedAnswer(_ key: String, lifetime: Duration?) -> MadeAnswer? {
    // Under load, one look per millisecond serves every request of that millisecond: a look is
    // a stat and a PRAGMA, and 64 connections asking at once would otherwise queue behind them.
    let now = MonotonicClock.nanoseconds()
    if now - recent.withLock({ $0.lookedAt }) > 1_000_000 {
      look()
      recent.withLock { $0.lookedAt = now }
    }
    return recentAnswer(key, lifetime: lifetime, lookWithin: .max)
  }

  /// The answer kept for `key` when the file was looked at within the last millisecond (by
  /// `cachedAnswer`, on the actor) and nothing changed since: what `cachedAnswer` would give
  /// then, without waiting for the actor. nil means: ask `cachedAnswer`.
  ///
  /// When a look is due, one request goes to the actor to make it; the requests that arrive
  /// while it is on its way (within the next millisecond) are answered as if they had come just
  /// before it, rather than all queueing on the actor behind it. An answer is therefore at most
  /// two milliseconds behind another process's commit, and never behind this process's own
  /// (`announceChange` counts it at once).
  nonisolated func recentAnswer(
    _ key: String, lifetime: Duration?, lookWithin: UInt64 = 1_000_000
  ) -> MadeAnswer? {
    let now = MonotonicClock.nanoseconds()
    let version = events.version
    return recent.withLock { recent -> MadeAnswer? in
      guard recent.readable, let answer = recent.answers[key], answer.version == version
      else { return nil }
      if now &- recent.lookedAt > lookWithin {
        // Due. Another request is looking already: served meanwhile. Else this one looks.
        guard now &- recent.lookClaimedAt <= lookWithin else {
          recent.lookClaimedAt = now
          return nil
        }
      }
      if let lifetime {
        let (seconds, attoseconds) = lifetime.components
        let limit = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        guard now &- answer.madeAt <= limit else { return nil }
      }
      return answer
    }
  }

  /// The answer made of `body` at change number `version` (read before its data was), with its
  /// gzip copy and tag; kept for `key` if nothing changed since (nil `key`: made, not kept).
  func made(_ key: String?, version: Int, contentType: String, body: ByteBuffer) -> MadeAnswer {
    serial += 1
    let answer = MadeAnswer(
      version: version, madeAt: MonotonicClock.nanoseconds(), tag: "\(run)-\(version)-\(serial)",
      contentType: contentType, plain: body)
    if let key, version == events.version, failure == nil {
      recent.withLock { $0.answers[key] = answer }
    }
    return answer
  }

  // MARK: - Watching

  /// What the watching loop waits on next: the watcher's file-event descriptor (nil without
  /// inotify) and how long at most.
  func waitPlan() -> (descriptor: Int32?, milliseconds: Int32) {
    (watcher.waitDescriptor, watcher.waitMilliseconds)
  }

  /// After a wait: follows the file events and tells every page what changed.
  func afterWake(eventsReadable: Bool) {
    watcher.noteWake(eventsReadable: eventsReadable)
    look()
  }

  /// Looks once; a change or a new problem goes out on the event stream.
  private func look() {
    do {
      let change = try watcher.check()
      if change == .removed {
        removal =
          "the database at \(databasePath) was removed; the pages show an empty list until a file is back (restore a backup, or add a place to start a new one)"
        events.send(.problem(removal ?? ""))
        return
      }
      if change == .replaced { removal = nil }
      if failure != nil {
        failure = nil
        events.send(.change)
      } else if change != nil {
        events.send(.change)
      }
    } catch {
      let found = FailureMap.failure(for: error, advice: .none)
      if failure != found {
        failure = found
        events.send(.problem(found.message))
      }
    }
  }
}

/// The database cannot be read now (see `SharedStore.failure`): pages and the API answer 503
/// with the failure map's words until the file reads again.
struct StoreUnavailable: Error {
  let failure: CommandFailure
}
