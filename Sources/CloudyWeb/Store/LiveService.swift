import ServiceLifecycle

/// The watcher's loop as a service of the server's group: waits for file events (or the
/// watcher's next look) off the request threads, then lets `SharedStore` look. On a graceful
/// shutdown (SIGINT, SIGTERM) it ends every event stream and fetch first, so the HTTP server,
/// stopped after it, has no endless response to wait for.
struct LiveService: Service {
  let shared: SharedStore
  let refreshes: ForecastRefreshes

  func run() async throws {
    await withGracefulShutdownHandler {
      var lastKeepAlive = ContinuousClock.now
      while !Task.isCancelled && !Task.isShuttingDownGracefully {
        if ContinuousClock.now - lastKeepAlive > .seconds(25) {
          shared.events.send(.keepAlive)
          lastKeepAlive = .now
        }
        let plan = await shared.waitPlan()
        // Bounded, so a shutdown is noticed within a quarter of a second.
        let readable = await BlockingWait.readable(
          plan.descriptor, milliseconds: min(plan.milliseconds, 250))
        await shared.afterWake(eventsReadable: readable)
      }
    } onGracefulShutdown: {
      shared.events.finishAll()
    }
    await refreshes.stopAll()
    shared.events.finishAll()
  }
}
