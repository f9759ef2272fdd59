public import ArgumentParser
import CloudyCLI
import CloudyPlatform
import CloudyStore

/// `cloudy-web`: the Cloudy app in the browser, for a household's devices, on the view models
/// the terminal app and the tools use.
public struct CloudyWebCommand: AsyncParsableCommand {
  public static let tool = "cloudy-web"

  public static let configuration = CommandConfiguration(
    commandName: tool,
    abstract: "The Cloudy app in the browser: your places' weather for every device at home.",
    discussion: """
      Serves Weather (/), Locations (/places), Add Location (/places/new) and Settings \
      (/settings) as pages that work without JavaScript, a JSON API under /api (described at \
      /openapi.json) and live updates (/events): a change made by any process — \
      cloudy-settings, cloudy-locations, the terminal app — shows on every open page. Its \
      first line on standard output is `listening on http://HOST:PORT`.

      By default it listens on 127.0.0.1 only. On any other address every request needs the \
      token from --token-file (created with a random secret, mode 0600, when missing; by \
      default DATABASE.web-token beside the database): open the login link printed at start \
      on each device once, or send `Authorization: Bearer TOKEN`. Requests naming another \
      host are refused (421), changes sent from other sites too (403).

      A forecast older than --refresh-after is fetched with cloudy-forecast-fetch (installed \
      beside cloudy-web) when a page shows it, without holding up the page; every place's \
      alerts are fetched every --alerts-every (5m) the same way. A place's alerts page is \
      /places/ID/alerts, linked from the Weather page's banner. SIGINT or \
      SIGTERM: requests in flight finish, event streams close, exit 0.
      """,
    version: CloudyVersion.string)

  @OptionGroup var database: DatabaseOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where to listen: HOST:PORT, [IPv6]:PORT; port 0 lets the system choose.",
      valueName: "host:port"))
  var listen: ListenAddress = .loopbackDefault

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The file holding the login token (required on any listen but loopback; given, it is required on loopback too).",
      valueName: "path"))
  var tokenFile: String?

  @Option(
    name: .customLong("allow-host"),
    help: ArgumentHelp(
      "Another name browsers reach this machine by (a DNS name, a proxy's host); repeatable.",
      valueName: "name"))
  var allowHosts: [String] = []

  @Option(
    name: .customLong("sync-folder"),
    help: ArgumentHelp(
      "Also keep this server's places and settings in step with a sync folder (as cloudy-db sync --folder does).",
      valueName: "dir"),
    completion: .directory)
  var syncFolder: String?

  @Option(
    name: .customLong("tls-cert"),
    help: ArgumentHelp(
      "Serve HTTPS with this certificate chain (PEM; with --tls-key). A phone keeps the last forecast offline only over https.",
      valueName: "file"))
  var tlsCertificate: String?

  @Option(
    name: .customLong("tls-key"),
    help: ArgumentHelp("The private key of --tls-cert (PEM).", valueName: "file"))
  var tlsKey: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How many hours the Weather page's chart and hourly table show (1 to \(WebApp.maximumHours); at most what is cached).",
      valueName: "n"))
  var hours: Int = WebApp.defaultHours

  @OptionGroup var fetching: FetchingOptions

  public func validate() throws {
    guard (1...WebApp.maximumHours).contains(hours) else {
      throw ValidationError("--hours is \(hours); expected 1 to \(WebApp.maximumHours)")
    }
  }

  public init() {}

  public func run() async throws {
    try await ToolMain.reporting(tool: Self.tool) {
      let databasePath = try database.resolve()
      let tls = try tlsConfiguration()
      let token = try loginToken(databasePath: databasePath.path)
      let server = try WebServer(
        databasePath: databasePath.path, listen: listen, token: token,
        allowHosts: allowHosts, offline: fetching.offline,
        refreshAfter: fetching.refreshAfter.seconds, hours: hours, tls: tls,
        syncFolder: try syncFolder.map { try SyncFolder.open($0) })
      let alerts = AlertsRefreshes(
        databasePath: databasePath, shared: server.shared, every: fetching.alertsEvery.seconds,
        offline: fetching.offline)
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await alerts.run() }
        try await server.run()
        // The server stopped (SIGINT, SIGTERM): so does the alerts refresh.
        group.cancelAll()
      }
    }
  }

  /// HTTPS when both --tls-cert and --tls-key are given; one without the other is a usage error.
  private func tlsConfiguration() throws -> ServerTLS? {
    switch (tlsCertificate, tlsKey) {
    case (nil, nil): return nil
    case (let certificate?, let key?):
      return try TLSFiles.configuration(certificate: certificate, key: key)
    default:
      throw CommandError.invalidRequest("give both --tls-cert and --tls-key, or neither")
    }
  }

  /// The token every request must carry, or nil when none is needed (loopback without
  /// --token-file).
  private func loginToken(databasePath: String) throws -> String? {
    guard tokenFile != nil || !listen.isLoopback else { return nil }
    let path = tokenFile ?? databasePath + ".web-token"
    do {
      let (secret, created) = try SecretFile.readOrCreate(path)
      if created {
        StandardError.write("\(Self.tool): created the login token file \(path) (mode 0600)\n")
      }
      return secret
    } catch {
      throw CommandError.cannotCreate("the login token: \(error.description)")
    }
  }
}

extension ListenAddress: ExpressibleByArgument {
  public init?(argument: String) {
    self.init(argument)
  }

  public var defaultValueDescription: String { description }
}
