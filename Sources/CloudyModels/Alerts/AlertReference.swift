/// One earlier message an Update replaces or a Cancel ends: CAP's "sender,identifier,sent"
/// triple. Messages are matched by identifier, which CAP makes unique per sender, so a triple
/// whose `sent` is spelled differently (another offset) still finds its message.
public struct AlertReference: Hashable, Sendable {
  public var sender: String
  public var identifier: String
  /// As the referencing message wrote it.
  public var sent: String

  public init(sender: String, identifier: String, sent: String) {
    self.sender = sender
    self.identifier = identifier
    self.sent = sent
  }

  /// CAP's form: "sender,identifier,sent".
  public var capText: String { "\(sender),\(identifier),\(sent)" }

  /// Reads CAP's space-separated list of triples; a piece that is not a triple is skipped (the
  /// NWS has published references with stray whitespace and trailing spaces).
  public static func list(capText text: String) -> [AlertReference] {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
      .compactMap { piece in
        let parts = piece.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[1].isEmpty else { return nil }
        return AlertReference(
          sender: String(parts[0]), identifier: String(parts[1]), sent: String(parts[2]))
      }
  }

  /// The list in CAP's form, as stored.
  public static func capText(_ references: [AlertReference]) -> String {
    references.map(\.capText).joined(separator: " ")
  }
}
