import ArgumentParser
import CloudyCLI
import CloudyModels
import CloudyPlatform
import CloudyStore
import CloudyStoring

extension CloudyDB {
  /// `cloudy-db sync`: this device's places and settings in step with the user's other devices.
  struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Bring this device's saved places and settings in step with your other devices.",
      discussion: """
        --folder DIR: DIR is a folder that Syncthing, Nextcloud or a USB stick carries between \
        your devices. Each device writes its changes into its own subfolder (never the \
        database file itself, which must not be synced as a file) and applies the changes of \
        every other device it finds there. Run it on each device; --watch keeps it running, \
        sending after each change and applying as files arrive.

        Per field, the latest edit wins on every device, whatever order the changes arrive in \
        (a hybrid logical clock: an edit made after seeing another wins over it even when this \
        machine's clock is behind). A removed place stays removed. The selection, the current \
        location and cached forecasts belong to each device and are not synced.

        HUB (http://HOST:PORT, the address a household's cloudy-web printed): syncs through that \
        server instead; its database is one more device, and changes travel through it to \
        every device that syncs with it. On a listen address other than loopback it needs its \
        login token: --token-file PATH (the file cloudy-web wrote).

        A change stamped more than a day ahead of this machine's clock (a device whose clock \
        is wrong, a damaged file) is held, not taken: taking it would carry every device's \
        clock there. --status and cloudy-db check list what is held; it is taken once this \
        clock is within a day of it, or now with --accept-held. One bad change in a file is \
        refused alone (reported); the rest of the file applies.

        --status: this device, the devices heard from and when, changes waiting to be sent, \
        changes held, the last error. Changes nothing.
        """)
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var output: OutputOptions
    @Argument(
      help: ArgumentHelp("A cloudy-web to sync through: http://HOST:PORT.", valueName: "hub"))
    var hub: String?
    @Option(
      help: ArgumentHelp("The hub's login token file (what cloudy-web wrote).", valueName: "path"),
      completion: .file())
    var tokenFile: String?
    @Option(
      name: .customLong("folder"),
      help: ArgumentHelp("The sync folder your devices share.", valueName: "dir"),
      completion: .directory)
    var folder: String?
    @Flag(help: "Keep running: sync after each change here and when change files arrive.")
    var watch = false
    @Flag(help: "Show this device's sync state instead of syncing.")
    var status = false
    @Flag(help: "Take the changes held for a clock more than a day ahead, now.")
    var acceptHeld = false

    func validate() throws {
      if acceptHeld && (status || folder != nil || watch || hub != nil) {
        throw ValidationError("--accept-held is a command of its own; give it alone")
      }
      if acceptHeld { return }
      if status && (folder != nil || watch || hub != nil) {
        throw ValidationError(
          "--status shows the state; give it without a hub, --folder or --watch")
      }
      if folder != nil && hub != nil {
        throw ValidationError("sync through a hub or a folder, not both at once")
      }
      if !status && folder == nil && hub == nil {
        throw ValidationError(
          "say where to sync: --folder DIR, or a hub http://HOST:PORT (or --status to see the state)"
        )
      }
      if hub != nil && watch {
        throw ValidationError("--watch follows a folder; for a hub, run sync from a timer")
      }
      if tokenFile != nil && hub == nil {
        throw ValidationError("--token-file is for a hub")
      }
    }

    func run() throws {
      try ToolMain.reporting(tool: CloudyDB.tool) {
        let databasePath = try database.resolve()
        if status {
          try showStatus(databasePath)
          return
        }
        if acceptHeld {
          let db = try StoreAccess.writing(databasePath)
          let applied = try DeviceSync(database: db).acceptHeld()
          if output.json {
            Output.json(DatabaseJSON.acceptedHeld(applied: applied))
          } else {
            Output.line("accepted the held changes: \(applied) applied")
          }
          return
        }
        if let hub {
          let address = try HubAddress(hub)
          let token = try tokenFile.map(Self.readToken)
          let db = try StoreAccess.writing(databasePath)
          let report = try HubSync(
            database: db, hubText: address.text,
            transport: HubConnection(hub: address, token: token)
          ).run()
          SyncOutput.print(report, json: output.json, quiet: false)
          return
        }
        guard let folder else { return }
        if watch {
          try SyncWatch(databasePath: databasePath, folderPath: folder, json: output.json).run()
        } else {
          let db = try StoreAccess.writing(databasePath)
          let report = try DeviceSync(database: db).syncFolder(try SyncFolder.open(folder))
          SyncOutput.print(report, json: output.json, quiet: false)
        }
      }
    }

    /// The token as cloudy-web keeps it: a private file (a token others on the machine can
    /// read is refused with the chmod that mends it, as cloudy-web refuses it), not empty.
    private static func readToken(_ path: String) throws -> String {
      do {
        if let token = try SecretFile.read(path) { return token }
      } catch {
        throw CommandError.unusableInput("the login token: \(error.description)")
      }
      // No file: the same "cannot read" message and status as any missing input.
      do {
        _ = try FileContents.read(path, limit: 4096)
      } catch {
        throw CommandError.unreadableFile(path: path, error, purpose: "a login token")
      }
      throw CommandError.unusableInput("the login token: \(path) vanished while it was read")
    }

    private func showStatus(_ databasePath: DatabasePath) throws {
      guard let db = try StoreAccess.reading(databasePath) else {
        throw StoreError.missingFile(path: databasePath.path)
      }
      let state = try DeviceSync(database: db).status()
      if output.json {
        Output.json(DatabaseJSON.syncStatus(state))
        return
      }
      // Names and errors come from other devices' files and the hub: printed with their
      // control characters escaped, never raw.
      Output.line(
        "device:  \(state.device)\(state.name.map { " (\(MessageText.visible($0)))" } ?? "")")
      Output.line("waiting: \(state.waiting) change(s) not sent yet")
      if state.devices.isEmpty { Output.line("devices: none heard from yet") }
      for peer in state.devices {
        Output.line(
          "device \(peer.device)\(peer.name.map { " (\(MessageText.visible($0)))" } ?? ""): last seen \(WallClock.fileStamp(peer.lastSeen))"
        )
      }
      for held in state.held {
        Output.line(
          "held:    \(held.changes) change(s) of device \(held.device), stamped up to \(WallClock.fileStamp(min(held.wall / 1000, 253_402_300_799))), more than a day ahead of this clock (cloudy-db sync --accept-held takes them)"
        )
      }
      if let error = state.lastError { Output.line("last error: \(MessageText.visible(error))") }
    }
  }
}

/// How a sync is reported: a line per skipped file on stderr, then the counts.
enum SyncOutput {
  static func print(_ report: SyncReport, json: Bool, quiet: Bool) {
    for skipped in report.skipped {
      Output.error(
        ToolMain.line("skipped: \(MessageText.visible(skipped.reason))", tool: CloudyDB.tool))
    }
    if json {
      quiet ? Output.jsonLine(DatabaseJSON.sync(report)) : Output.json(DatabaseJSON.sync(report))
    } else {
      Output.line(
        "synced as device \(report.device): sent \(report.sent), applied \(report.applied) "
          + "(\(report.conflicts) lost to newer edits), \(report.devices.count) other device(s)")
    }
    Output.flush()
  }
}

/// `sync --folder --watch`: syncs, then again after every commit to the database (the
/// watcher) and whenever a file appears in the sync folder (inotify, with a poll every few
/// seconds for file systems that send no events), until SIGINT or SIGTERM.
///
/// One per database: two would each write every change into the folder. The first takes a
/// lock (`DATABASE.sync-watch`, which the system releases when it ends, however it ends);
/// a second says which process holds it and stops.
struct SyncWatch {
  let databasePath: DatabasePath
  let folderPath: String
  let json: Bool

  /// The longest wait between two looks at the folder when no event comes.
  static let pollMilliseconds: Int32 = 2_000

  func run() throws {
    // The database first (a new one is made, in a folder made for it), then its lock.
    let db = try StoreAccess.creating(databasePath)
    let lockPath = databasePath.path + ".sync-watch"
    let lock: HolderLock
    do {
      switch try HolderLock.take(
        lockPath, holder: HolderLock.thisProcess("cloudy-db sync --watch --folder \(folderPath)"))
      {
      case .taken(let taken): lock = taken
      case .heldBy(let holder):
        throw CommandError.unavailable(
          "another sync --watch keeps \(databasePath.path) in step already: \(MessageText.visible(holder)); stop it first (one per database)"
        )
      }
    } catch let error as SystemCallError {
      throw CommandError.unavailable("cannot take the watch lock \(lockPath): \(error.reason)")
    }
    defer { withExtendedLifetime(lock) {} }
    let signals = try SignalPipe.install([SignalNumber.interrupt, SignalNumber.terminate])

    let folder = try SyncFolder.open(folderPath)
    let watcher = try DatabaseWatcher(path: databasePath.path)
    let events = FileEvents()
    var watched: Set<String> = []
    var lastSkipped: [SyncReport.Skipped] = []
    while true {
      var report = try DeviceSync(database: db).syncFolder(folder)
      // A file that stays skipped (incomplete, from a newer Cloudy) is said once, not at
      // every look.
      let skipped = report.skipped
      if skipped == lastSkipped { report.skipped = [] }
      lastSkipped = skipped
      if report.sent > 0 || report.applied > 0 || !report.skipped.isEmpty {
        SyncOutput.print(report, json: json, quiet: true)
      }
      // Watch the folder and every device's subfolder (new ones appear as devices join).
      for path in try folder.watchedPaths() where !watched.contains(path) {
        if events?.watchFolder(path) == true { watched.insert(path) }
      }
      try wait(watcher: watcher, events: events, signals: signals)
      if signals.drain().isEmpty == false { return }
    }
  }

  /// Returns when something may have changed, or a signal came.
  private func wait(watcher: DatabaseWatcher, events: FileEvents?, signals: SignalPipe) throws {
    while true {
      _ = try watcher.check()
      var descriptors = [signals.descriptor]
      if let events { descriptors.append(events.descriptor) }
      if let descriptor = watcher.waitDescriptor { descriptors.append(descriptor) }
      let timeout = min(watcher.waitMilliseconds, Self.pollMilliseconds)
      let ready = Readiness.wait(descriptors, timeoutMilliseconds: timeout)
      if ready[0] { return }
      var changed = false
      if let events, ready.count > 1, ready[1], !events.drain().isEmpty { changed = true }
      if watcher.waitDescriptor != nil {
        watcher.noteWake(eventsReadable: ready.last == true)
      }
      if try watcher.check() != nil { changed = true }
      // No event at all for a while: look anyway (a network file system sends none).
      if changed || !ready.contains(true) { return }
    }
  }
}
