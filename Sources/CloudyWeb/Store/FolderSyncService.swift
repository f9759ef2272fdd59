import CloudyCLI
import CloudyPlatform
import CloudyStore
import CloudyStoring
import ServiceLifecycle

/// `cloudy-web --sync-folder DIR`: the server keeps its database in step with a sync folder (the
/// one Syncthing carries to the laptop at home), so devices that sync through the folder and
/// devices that sync through `/api/sync` meet here. It applies what arrived and writes what is
/// new as soon as a file appears in the folder (inotify, looked at every 50 ms), and every two
/// seconds anyway (a network file system sends no events; a look at a folder with nothing new
/// writes nothing); what it applies is announced on the event stream like any other change.
struct FolderSyncService: Service {
  let shared: SharedStore
  let folder: SyncFolder

  func run() async throws {
    var lastProblem: String?
    let events = FileEvents()
    var watched: Set<String> = []
    while !Task.isCancelled && !Task.isShuttingDownGracefully {
      do {
        let folder = self.folder
        let report = try await shared.perform { shared in
          try shared.store.syncFolder(folder)
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
      // The folder and every device's subfolder (new ones appear as devices join).
      if let events {
        for path in (try? folder.watchedPaths()) ?? [] where !watched.contains(path) {
          if events.watchFolder(path) { watched.insert(path) }
        }
      }
      // In short steps until a file changes in the folder or two seconds pass, so a change is
      // taken within a tenth of a second and a shutdown is noticed as soon.
      for _ in 0..<40 where !Task.isShuttingDownGracefully {
        if let events, !events.drain().isEmpty { break }
        try? await Task.sleep(for: .milliseconds(50))
      }
    }
  }
}
