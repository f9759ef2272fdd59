import CloudyCLI
import CloudyPlatform
import CloudyStore
import ServiceLifecycle

/// `cloudy-web --sync-folder DIR`: the server keeps its database in step with a sync folder (the
/// one Syncthing carries to the laptop at home), so devices that sync through the folder and
/// devices that sync through `/api/sync` meet here. Every two seconds it applies what arrived
/// and writes what is new (a look at a folder with nothing new writes nothing); what it applies
/// is announced on the event stream like any other change.
struct FolderSyncService: Service {
  let shared: SharedStore
  let folder: SyncFolder

  func run() async throws {
    var lastProblem: String?
    while !Task.isCancelled && !Task.isShuttingDownGracefully {
      do {
        let folder = self.folder
        let report = try await shared.perform { shared in
          try shared.store.withWriter { db in try FolderSync(database: db, folder: folder).run() }
        }
        if report.applied > 0 { await shared.announceChange() }
        let problem = report.skipped.first?.reason
        if let problem, problem != lastProblem {
          StandardError.write(ToolMain.line("sync folder: \(problem)", tool: "cloudy-web") + "\n")
        }
        lastProblem = problem
      } catch {
        let problem = FailureMap.failure(for: error, advice: .none).message
        if problem != lastProblem {
          StandardError.write(ToolMain.line("sync folder: \(problem)", tool: "cloudy-web") + "\n")
        }
        lastProblem = problem
      }
      // In short steps, so a shutdown is noticed within a quarter of a second.
      for _ in 0..<8 where !Task.isShuttingDownGracefully {
        try? await Task.sleep(for: .milliseconds(250))
      }
    }
  }
}
