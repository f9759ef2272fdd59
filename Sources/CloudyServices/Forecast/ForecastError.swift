public import CloudyModels

/// Why a forecast could not be fetched or read.
///
/// Every case renders as one user-facing line (`description`, or `description(for:)` to name the
/// service). A provider that throws has changed nothing: callers store a forecast only after it
/// was fully decoded and validated.
public enum ForecastError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No network, DNS failure, connection refused, TLS failure: the service could not be reached.
  case unreachable(String)
  /// No answer (or no complete answer) within the time-out.
  case timedOut(seconds: Double)
  /// HTTP 4xx/5xx: the status and a short reason taken from the body when there was one.
  case httpStatus(Int, String)
  /// Not the expected JSON: malformed, truncated, a missing or wrongly typed field, an
  /// impossible value. The text says what was wrong and where.
  case invalidResponse(String)
  /// The body was larger than the limit (by its Content-Length or by what arrived).
  case tooLarge(limitBytes: Int)
  /// The selected provider needs a key and the environment variable holding it is unset.
  case missingAPIKey(variable: String)
  /// The service redirected to another host (or scheme or port), or kept redirecting; the
  /// redirect was not followed. The text is where it pointed (without its query).
  case redirected(String)
  /// A setting (an environment variable such as a base URL or the time-out) is not usable.
  case invalidConfiguration(String)

  public var description: String { message(service: "the forecast service") }

  /// The same line, naming the service ("Open-Meteo did not answer within 10 s; …").
  public func description(for kind: ForecastProviderKind) -> String {
    message(service: kind.serviceName, keyless: kind.isKeyless)
  }

  /// Every message starts with a capital, whichever service it names first.
  private func message(service: String, keyless: Bool = false) -> String {
    line(service: service, keyless: keyless).capitalizingFirst
  }

  private func line(service: String, keyless: Bool) -> String {
    switch self {
    case .unreachable(let detail):
      return "could not reach \(service): \(Self.oneLine(detail)); check the network connection"
    case .timedOut(let seconds):
      return "\(service) did not answer within \(Self.format(seconds: seconds)) s; try again later"
    case .httpStatus(let status, let reason):
      let why = Self.oneLine(reason)
      var line = "\(service) answered HTTP \(status)"
      if !why.isEmpty { line += " (\(why))" }
      switch status {
      case 401, 403:
        line +=
          keyless
          ? "; it refuses requests whose User-Agent does not name the application and a contact (set CLOUDY_CONTACT to your e-mail), or it has blocked this address"
          : "; check the API key"
      case 404: line += "; check the base URL"
      case 429: line += "; too many requests, try again later"
      case 500...599: line += "; try again later"
      default: break
      }
      return line
    case .invalidResponse(let detail):
      return "\(service) sent an unexpected response: \(Self.oneLine(detail))"
    case .tooLarge(let limit):
      return
        "the response from \(service) is larger than the limit of \(Self.format(bytes: limit)); refused"
    case .missingAPIKey(let variable):
      return "\(service) needs an API key: set \(variable)"
    case .redirected(let location):
      return
        "\(service) answered with a redirect to \(Self.oneLine(location)) that was not followed; check the base URL"
    case .invalidConfiguration(let detail):
      return Self.oneLine(detail)
    }
  }

  /// Keeps a message on one line and short: control characters become spaces.
  static func oneLine(_ text: String, limit: Int = 200) -> String {
    var result = ""
    var count = 0
    var lastWasSpace = false
    for scalar in text.unicodeScalars {
      let isSpace = scalar.value < 0x20 || scalar.value == 0x7F || scalar == " "
      if isSpace {
        if lastWasSpace || result.isEmpty { continue }
        result.unicodeScalars.append(" ")
        lastWasSpace = true
      } else {
        result.unicodeScalars.append(scalar)
        lastWasSpace = false
      }
      count += 1
      if count >= limit {
        result += "…"
        break
      }
    }
    while result.hasSuffix(" ") { result.removeLast() }
    return result
  }

  static func format(seconds: Double) -> String {
    guard seconds.isFinite else { return "\(seconds)" }
    if seconds == seconds.rounded(), abs(seconds) < 1e15 { return "\(Int64(seconds))" }
    return "\((seconds * 10).rounded() / 10)"
  }

  static func format(bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}

extension String {
  fileprivate var capitalizingFirst: String {
    guard let first = unicodeScalars.first, ("a"..."z").contains(first) else { return self }
    return first.properties.uppercaseMapping + String(unicodeScalars.dropFirst())
  }
}
