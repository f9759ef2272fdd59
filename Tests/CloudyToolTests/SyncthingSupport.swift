import CloudyTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Two real Syncthing instances on 127.0.0.1 sharing one folder, as two machines of one user
/// would: each its own home (keys, config, index) and its own copy of the folder. Nothing leaves
/// the loopback: discovery (global and local), relays, NAT traversal, STUN, usage and crash
/// reporting and upgrades are off, each device is told the other's `tcp://127.0.0.1:PORT`,
/// and the GUI/REST listens on a loopback port with an API key chosen here.
///
/// The configuration is written before start (options per syncthing-config(5) of Debian's
/// 1.19): a folder rescanned every 2 s with the file-system watcher on and a 1 s delay, so a
/// change file travels in a second or two. `stop()` kills both processes; `deinit` does too,
/// so a failing test leaves no syncthing behind (each runs as one process: `STMONITORED=1`).
final class SyncthingPair {
  struct Peer {
    let name: String
    let home: String
    let folder: String
    let deviceID: String
    let guiPort: Int
    let listenPort: Int
    let apiKey: String
  }

  static let folderID = "cloudy-sync"
  /// The longest wait for syncthing to start and for the two to connect: a safety net (they
  /// connect in a few seconds), not a measurement.
  static let deadline: TimeInterval = 45

  let root: String
  let peers: [Peer]
  private var processes: [Process] = []

  /// Nil when syncthing is not installed (`.ci/run` installs it).
  static var executable: String? {
    ["/usr/bin/syncthing", "/usr/local/bin/syncthing"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Generates two homes under `root` and writes their configuration; nothing runs yet.
  init(root: String, executable: String) throws {
    self.root = root
    var peers: [Peer] = []
    for name in ["laptop", "desktop"] {
      let home = "\(root)/syncthing-\(name)"
      let generated = try Self.run(
        executable, ["generate", "--home", home, "--no-default-folder", "--skip-port-probing"])
      guard let line = generated.split(separator: "\n").first(where: { $0.contains("Device ID:") }),
        let id = line.split(separator: " ").last
      else { throw SyncthingError.noDeviceID(generated) }
      peers.append(
        Peer(
          name: name, home: home, folder: "\(root)/\(name)-Sync", deviceID: String(id),
          guiPort: try freeLoopbackPort(), listenPort: try freeLoopbackPort(),
          apiKey: "cloudy-test-\(name)-\(UUID().uuidString)"))
    }
    self.peers = peers
    for peer in peers {
      try Self.configuration(for: peer, all: peers).write(
        toFile: "\(peer.home)/config.xml", atomically: true, encoding: .utf8)
    }
  }

  deinit { stop() }

  /// Starts both and waits until each says it is connected to the other.
  func start(executable: String) throws {
    for peer in peers {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = [
        "serve", "--home", peer.home, "--no-browser", "--no-restart", "--no-upgrade",
      ]
      var environment = ProcessInfo.processInfo.environment
      environment["STNOUPGRADE"] = "1"
      environment["STNORESTART"] = "1"
      // One process, not a monitor with syncthing as its child: killing the monitor would leave
      // the child running (and holding what Process watches for the exit).
      environment["STMONITORED"] = "1"
      process.environment = environment
      _ = FileManager.default.createFile(atPath: "\(peer.home)/syncthing.log", contents: nil)
      let log = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(peer.home)/syncthing.log"))
      process.standardOutput = log
      process.standardError = log
      process.standardInput = FileHandle.nullDevice
      try process.run()
      processes.append(process)
    }
    let deadline = Date().addingTimeInterval(Self.deadline)
    for (peer, other) in [(peers[0], peers[1]), (peers[1], peers[0])] {
      while (try? connected(peer, to: other)) != true {
        guard Date() < deadline, processes.allSatisfy(\.isRunning) else {
          throw SyncthingError.notConnected(log(of: peer))
        }
        Thread.sleep(forTimeInterval: 0.2)
      }
    }
  }

  /// Kills both syncthing processes and waits for them.
  func stop() {
    for process in processes where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
    for process in processes { process.waitUntilExit() }
    processes = []
  }

  /// What syncthing logged, for a failure's message.
  func log(of peer: Peer) -> String {
    (try? String(contentsOfFile: "\(peer.home)/syncthing.log", encoding: .utf8)) ?? ""
  }

  /// GET on `peer`'s REST API, authenticated with its API key.
  func rest(_ peer: Peer, _ path: String) throws -> [String: Any] {
    let reply = try TestHTTPClient.send(
      port: peer.guiPort, "GET", path, headers: [("X-API-Key", peer.apiKey)])
    guard reply.status == 200,
      let object = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
    else { throw SyncthingError.badReply(path, reply.status, reply.text) }
    return object
  }

  private func connected(_ peer: Peer, to other: Peer) throws -> Bool {
    let connections = try rest(peer, "/rest/system/connections")["connections"]
    let entry = (connections as? [String: Any])?[other.deviceID] as? [String: Any]
    return entry?["connected"] as? Bool == true
  }

  private static func configuration(for peer: Peer, all peers: [Peer]) -> String {
    let devices = peers.map {
      """
        <device id="\($0.deviceID)" name="\($0.name)" compression="metadata" introducer="false">
          <address>tcp://127.0.0.1:\($0.listenPort)</address>
          <autoAcceptFolders>false</autoAcceptFolders>
        </device>
      """
    }.joined(separator: "\n")
    let members = peers.map { "    <device id=\"\($0.deviceID)\"></device>" }
      .joined(separator: "\n")
    return """
      <configuration version="36">
        <folder id="\(folderID)" label="Cloudy" path="\(peer.folder)" type="sendreceive" \
      rescanIntervalS="2" fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false">
          <filesystemType>basic</filesystemType>
      \(members)
        </folder>
      \(devices)
        <gui enabled="true" tls="false">
          <address>127.0.0.1:\(peer.guiPort)</address>
          <apikey>\(peer.apiKey)</apikey>
        </gui>
        <options>
          <listenAddress>tcp://127.0.0.1:\(peer.listenPort)</listenAddress>
          <globalAnnounceEnabled>false</globalAnnounceEnabled>
          <localAnnounceEnabled>false</localAnnounceEnabled>
          <relaysEnabled>false</relaysEnabled>
          <natEnabled>false</natEnabled>
          <stunKeepaliveStartS>0</stunKeepaliveStartS>
          <urAccepted>-1</urAccepted>
          <crashReportingEnabled>false</crashReportingEnabled>
          <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
          <startBrowser>false</startBrowser>
          <setLowPriority>false</setLowPriority>
          <reconnectionIntervalS>1</reconnectionIntervalS>
        </options>
      </configuration>

      """
  }

  private static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

enum SyncthingError: Error, CustomStringConvertible {
  case noDeviceID(String)
  case notConnected(String)
  case badReply(String, Int, String)
  case toolFailed(String, Int32, String)

  var description: String {
    switch self {
    case .noDeviceID(let output): "syncthing generate printed no device ID: \(output)"
    case .notConnected(let log): "the two syncthing instances did not connect; log:\n\(log)"
    case .badReply(let path, let status, let text): "GET \(path): \(status) \(text)"
    case .toolFailed(let tool, let status, let error): "\(tool) exited \(status): \(error)"
    }
  }
}

/// A TCP port on 127.0.0.1 that nothing listens on now (the system's choice for port 0).
func freeLoopbackPort() throws -> Int {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
    }
  }
  guard bound else { throw CocoaError(.fileWriteUnknown) }
  return Int(UInt16(bigEndian: address.sin_port))
}
