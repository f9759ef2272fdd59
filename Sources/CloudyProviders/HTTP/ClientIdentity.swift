public import Foundation

/// How Cloudy names itself to the services whose terms ask every client to (MET Norway
/// answers 403 without it; the NWS may block anonymous clients):
/// `User-Agent: Cloudy/VERSION (CONTACT)`, the contact from `CLOUDY_CONTACT` (an e-mail or a
/// URL where the person running Cloudy can be reached), else a reminder to set it.
public enum ClientIdentity {
  /// Who to tell when Cloudy misbehaves, sent in the `User-Agent`: an e-mail or URL.
  public static let contactVariable = "CLOUDY_CONTACT"

  /// "Cloudy/0.3.0 (you@example.com)".
  public static func userAgent(
    version: String, _ env: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let contact = env[contactVariable]?.trimmingCharacters(in: .whitespaces)
    let named = contact.flatMap { $0.isEmpty ? nil : $0 }
    return "Cloudy/\(version) (\(named ?? "weather app; set \(contactVariable) to your e-mail"))"
  }
}
