/// One severe-weather message about one place, in CAP 1.2's terms (OASIS Common Alerting
/// Protocol, the format the NWS, MeteoAlarm's services, Environment Canada and DWD publish).
///
/// A message, not a verdict: an Update or a Cancel is an alert of its own naming in
/// `references` what it replaces or ends, and whether an alert is active is decided when it is
/// shown (`ActiveAlerts`, CloudyViewModels), against a clock, so an Update that arrives before
/// the alert it updates is still read right. Instants are unix seconds, UTC.
public struct WeatherAlert: Hashable, Sendable {
  /// The sender's id for this message, unique per sender (CAP `identifier`).
  public var identifier: String
  /// Who sent it, as an address (CAP `sender`, e.g. `w-nws.webmaster@noaa.gov`).
  public var sender: String
  /// When the message was sent.
  public var sent: Int64
  public var messageType: AlertMessageType
  /// The messages an Update replaces or a Cancel ends.
  public var references: [AlertReference]

  /// What it is about, e.g. "Winter Storm Warning".
  public var event: String
  public var severity: AlertSeverity
  public var urgency: AlertUrgency
  public var certainty: AlertCertainty
  public var headline: String?
  public var description: String?
  /// What to do.
  public var instruction: String?
  /// The sender's name for people, e.g. "NWS Sterling VA".
  public var senderName: String?
  /// The language of the text (CAP `language`, e.g. `en-US`), when given.
  public var language: String?
  /// The areas it names, in words.
  public var areas: [String]

  /// When the weather it warns of begins, when given.
  public var onset: Int64?
  /// When the message takes effect, when given (CAP: its `sent` otherwise).
  public var effective: Int64?
  /// When the message expires. For the NWS only when it will be reissued; `ends` says when the
  /// weather ends.
  public var expires: Int64?
  /// When the weather ends (the NWS's `ends`), when given.
  public var ends: Int64?

  public var source: AlertSource

  public init(
    identifier: String, sender: String, sent: Int64, messageType: AlertMessageType = .alert,
    references: [AlertReference] = [], event: String, severity: AlertSeverity,
    urgency: AlertUrgency = .unknown, certainty: AlertCertainty = .unknown,
    headline: String? = nil, description: String? = nil, instruction: String? = nil,
    senderName: String? = nil, language: String? = nil, areas: [String] = [],
    onset: Int64? = nil, effective: Int64? = nil, expires: Int64? = nil, ends: Int64? = nil,
    source: AlertSource
  ) {
    self.identifier = identifier
    self.sender = sender
    self.sent = sent
    self.messageType = messageType
    self.references = references
    self.event = event
    self.severity = severity
    self.urgency = urgency
    self.certainty = certainty
    self.headline = headline
    self.description = description
    self.instruction = instruction
    self.senderName = senderName
    self.language = language
    self.areas = areas
    self.onset = onset
    self.effective = effective
    self.expires = expires
    self.ends = ends
    self.source = source
  }

  /// When it begins: onset, else effective, else sent.
  public var begins: Int64 { onset ?? effective ?? sent }

  /// When it ends: the NWS's `ends` where given (its `expires` is only when the message will be
  /// reissued), else `expires`; nil when the message states no end (see `endsBy`).
  public var until: Int64? { ends ?? expires }

  /// How long an alert that states no end lasts after it was sent (or began, if later) unless a
  /// newer message renews it: a day. Senders that give no end (Macau's SMG, GDACS) send again
  /// while the weather lasts, at least daily; one not renewed in a day is old news, not a
  /// banner a year and a half later.
  public static let unstatedDuration: Int64 = 24 * 3600

  /// When it ends for a reader: `until` where the message states it, else
  /// `unstatedDuration` after it was sent or began, whichever is later.
  public var endsBy: Int64 { until ?? max(sent, begins) + Self.unstatedDuration }
}
