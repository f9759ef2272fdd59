import CloudyPlatform
import CloudyStore
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

#if TLS
  import HummingbirdTLS
#endif

/// cloudy-web running: the shared store, the HTTP server (Hummingbird, HTTP/1.1) and the
/// watcher's loop in one service group, stopped gracefully on SIGINT and SIGTERM — the loop
/// first (event streams end, fetches stop), then the server (requests in flight finish).
struct WebServer {
  private let app: WebApp
  /// The store every request goes through, for work beside the server (the alerts refresh).
  var shared: SharedStore { app.shared }
  private let listen: ListenAddress
  private let hosts: HostPolicy
  private let syncFolder: SyncFolder?
  /// HTTPS (`--tls-cert`/`--tls-key`); nil for plain HTTP.
  private let tls: ServerTLS?

  init(
    databasePath: String, listen: ListenAddress, token: String?, allowHosts: [String],
    offline: Bool, refreshAfter: Int64, hours: Int = WebApp.defaultHours,
    tls: ServerTLS? = nil,
    syncFolder: SyncFolder? = nil
  ) throws {
    self.tls = tls
    // Opened (and checked) before listening: a damaged or foreign file is one line and no
    // server.
    let shared = try SharedStore(databasePath: databasePath)
    app = WebApp(
      shared: shared,
      refreshes: ForecastRefreshes(
        databasePath: databasePath, offline: offline, retryAfter: max(60, refreshAfter),
        events: shared.events),
      csrf: try CSRFToken(), offline: offline, refreshAfter: refreshAfter, token: token,
      hours: hours)
    self.listen = listen
    self.syncFolder = syncFolder
    hosts = HostPolicy(listen: listen, extraNames: allowHosts)
  }

  func run() async throws {
    var logger = Logger(label: "cloudy-web")
    logger.logLevel =
      Environment.value("LOG_LEVEL").flatMap { Logger.Level(rawValue: $0) } ?? .warning
    let hosts = self.hosts
    let listen = self.listen
    let token = app.token
    let scheme = tls == nil ? "http" : "https"
    #if TLS
      let server =
        try tls.map { try HTTPServerBuilder.tls(.http1(), tlsConfiguration: $0.configuration) }
        ?? .http1()
    #else
      let server = HTTPServerBuilder.http1()
    #endif
    let application = Application(
      responder: app.responder(hosts: hosts),
      server: server,
      configuration: ApplicationConfiguration(
        address: .hostname(listen.host, port: listen.port), serverName: nil),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? listen.port
        hosts.listening(on: port)
        Self.announce(listen: listen, port: port, token: token, scheme: scheme)
      },
      logger: logger)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [
          // Stopped in reverse order: the live loop first, so the server has no endless
          // event stream to wait for.
          .init(service: application),
          .init(service: LiveService(shared: app.shared, refreshes: app.refreshes)),
        ]
          + (syncFolder.map { [.init(service: FolderSyncService(shared: app.shared, folder: $0))] }
            ?? []),
        gracefulShutdownSignals: [.sigterm, .sigint],
        logger: logger))
    try await group.run()
  }

  /// `listening on http://HOST:PORT` first (tests and scripts read it), then, when a token is
  /// needed, the login link for each address a device may use.
  private static func announce(listen: ListenAddress, port: Int, token: String?, scheme: String) {
    var lines = [
      "listening on \(scheme)://\(ListenAddress.authority(host: listen.host, port: port))"
    ]
    if let token {
      let hosts =
        listen.isWildcard
        ? MachineNames.hostNames() + MachineNames.addresses().filter { !$0.hasPrefix("fe80") }
        : [listen.host]
      for host in hosts {
        lines.append(
          "log in: \(scheme)://\(ListenAddress.authority(host: host, port: port))/login?token=\(token)"
        )
      }
    }
    try? FileOutput.writeStandardOutput(Array((lines.joined(separator: "\n") + "\n").utf8))
  }
}
