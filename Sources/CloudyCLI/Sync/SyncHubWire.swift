public import CloudyJSON
import CloudyModels
public import CloudyStoring

/// The sync hub's wire, defined once for both ends: `cloudy-db sync http://…` (the client,
/// `HubSync`) and cloudy-web's `/api/sync` (the server, `SyncRoutes`) take the paths, the bodies
/// and their checks from here, and `WebSyncWireTests` hold openapi.json to the same names.
///
/// Three requests, each stateless on the hub's side:
/// - `GET /api/sync` → `{"device", "format", "have": {"ORIGIN": SEQ}}` (`stateAnswer`), what the
///   hub holds;
/// - `POST /api/sync/changes`, an envelope (`changesType`: a change file numbered 0, made and
///   read by the store's `DeviceSync`) → `{"applied", "conflicts"}` (`appliedAnswer`);
/// - `POST /api/sync/pull` `{"have": {"ORIGIN": SEQ}}` (`pullRequest`) → an envelope of what the
///   caller lacks.
///
/// One rule for a bad `have` entry, at both ends: the whole message is refused, naming the entry
/// (a key that is not a device id, a number that is not a whole number from 0 to 2^53 − 1).
/// Skipping it would make the other side resend or withhold changes without a word.
public enum SyncHubWire {
  /// The hub's state: `GET`.
  public static let statePath = "/api/sync"
  /// A device's changes for the hub: `POST`, an envelope.
  public static let changesPath = "/api/sync/changes"
  /// What a device lacks: `POST`, a have list; the answer is an envelope.
  public static let pullPath = "/api/sync/pull"
  /// The media type of an envelope, both ways.
  public static let changesType = "application/octet-stream"
  /// The media type of every other body.
  public static let jsonType = "application/json"

  /// The largest request body a hub takes (cloudy-web's limit for every request).
  public static let bodyLimit = 64 * 1024
  /// At most this many changes per envelope a device sends (about 100 bytes each) …
  public static let changesPerRequest = 400
  /// … and at most this many bytes: changes with long names (up to 200 characters, 800 bytes)
  /// would pass `bodyLimit` in a batch of 400; a batch over it is halved until it fits (one
  /// change is far below it), so no sync is refused whole for its size.
  public static let bytesPerRequest = 48 * 1024

  /// The members of the state answer, in order.
  public static let stateMembers = ["device", "format", "have"]
  /// The members of a pull request.
  public static let pullMembers = ["have"]
  /// The members of the answer to an envelope sent.
  public static let appliedMembers = ["applied", "conflicts"]

  // MARK: - GET /api/sync

  /// The hub's answer: its device id, the change format it writes, its have list.
  public static func stateAnswer(_ state: SyncState, format: Int) -> JSON {
    .object([
      ("device", .string(state.device)), ("format", .int(Int64(format))),
      ("have", haveObject(state.have)),
    ])
  }

  /// The hub's answer read back; `CommandError.unusableInput` naming what is wrong.
  public static func readState(_ bytes: [UInt8]) throws -> SyncState {
    let node = try object(bytes, "its state", refused: CommandError.unusableInput)
    guard case .string(let device)? = node["device"]?.value, SyncState.isDeviceID(device) else {
      throw CommandError.unusableInput("its state names no device id")
    }
    guard case .number(let format)? = node["format"]?.value, format.integer != nil else {
      throw CommandError.unusableInput("its state names no change format")
    }
    do throws(Refusal) {
      return SyncState(device: device, have: try have(node["have"]))
    } catch {
      throw CommandError.unusableInput("its state's \(error.message)")
    }
  }

  // MARK: - POST /api/sync/pull

  /// A device's pull: what it has.
  public static func pullRequest(_ have: [String: Int64]) -> [UInt8] {
    Array(JSON.object([("have", haveObject(have))]).rendered().utf8)
  }

  /// A pull read by the hub: `{"have": {…}}`, required (`{"have": {}}` for a device with
  /// nothing), nothing else; `CommandError.invalidRequest` naming what is wrong.
  public static func readPullRequest(_ bytes: [UInt8]) throws -> [String: Int64] {
    guard bytes.contains(where: { $0 > 0x20 }) else { throw CommandError.invalidRequest(sayHave) }
    let node = try object(bytes, "the body", refused: CommandError.invalidRequest)
    guard case .object(let members) = node.value else { return [:] }
    if let other = members.first(where: { !pullMembers.contains($0.key) }) {
      throw CommandError.invalidRequest(
        "\(MessageText.quoted(other.key)) is not a member of a pull: send only have")
    }
    guard node["have"] != nil else { throw CommandError.invalidRequest(sayHave) }
    do throws(Refusal) {
      return try have(node["have"])
    } catch {
      throw CommandError.invalidRequest(error.message)
    }
  }

  private static let sayHave =
    "send what you have: {\"have\": {\"DEVICE\": NUMBER, …}} ({\"have\": {}} for nothing)"

  // MARK: - POST /api/sync/changes

  /// The hub's answer to an envelope: how many changes were new there, and how many of those
  /// lost to newer ones.
  public static func appliedAnswer(_ report: SyncReport) -> JSON {
    .object([
      ("applied", .int(Int64(report.applied))), ("conflicts", .int(Int64(report.conflicts))),
    ])
  }

  // MARK: - The bodies

  /// `bytes` read as a JSON object (`what` names it in a refusal, made by `refused`).
  private static func object(
    _ bytes: [UInt8], _ what: String, refused: (String) -> CommandError
  ) throws -> JSONNode {
    let node: JSONNode
    do {
      node = try JSONReader.parse(bytes)
    } catch {
      throw refused("\(what) is not JSON: \(error)")
    }
    guard case .object = node.value else {
      throw refused("\(what) must be a JSON object, not \(node.kindName)")
    }
    return node
  }

  // MARK: - The have object

  private static func haveObject(_ have: [String: Int64]) -> JSON {
    .object(have.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
  }

  /// Why a have list was refused, in words that name the entry.
  struct Refusal: Error {
    let message: String
  }

  /// `{"ORIGIN": SEQ, …}`: every entry a device id and a whole number from 0 to 2^53 − 1, or
  /// the whole list is refused, naming the first bad entry.
  static func have(_ node: JSONNode?) throws(Refusal) -> [String: Int64] {
    guard let node, case .object(let members) = node.value else {
      throw Refusal(message: "have must be an object of device ids and numbers")
    }
    var have: [String: Int64] = [:]
    for member in members {
      guard SyncState.isDeviceID(member.key) else {
        throw Refusal(
          message:
            "have entry \(MessageText.quoted(member.key)) is not a device id (16 lower-case hex digits)"
        )
      }
      // Written as a whole number (`12`), or as a float that is one (`12.0`: JSON has one
      // number type, and some writers add the point).
      guard case .number(let number) = member.node.value,
        let seq = number.integer ?? Int64(exactly: number.value),
        (0...SyncState.greatestNumber).contains(seq)
      else {
        throw Refusal(
          message:
            "have entry \(member.key) is not a whole number from 0 to \(SyncState.greatestNumber)")
      }
      have[member.key] = seq
    }
    return have
  }
}
