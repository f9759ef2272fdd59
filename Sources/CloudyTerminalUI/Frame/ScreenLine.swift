public import CloudyModels

/// What a line of the screen is, so the terminal layer can choose its look (bold, reverse,
/// colour) while the screens decide only the text.
public enum LineStyle: Hashable, Sendable {
  case normal
  /// The top line: app, place, and the forecast's age.
  case header
  /// The bottom line: the keys that apply.
  case footer
  /// "Saved Locations", "Time Notation"…
  case sectionTitle
  /// The row the cursor is on.
  case cursor
  /// A failure or refusal, one line.
  case error
  /// A question waiting for y/n, or a text being typed.
  case prompt
  /// Hints and secondary text.
  case dim
  /// An alert's banner or title, coloured by its severity where colour is on; its text names
  /// the severity too, so nothing depends on the colour.
  case alert(AlertSeverity)
}

/// One line of a frame: exactly as many columns as the terminal is wide.
public struct ScreenLine: Hashable, Sendable, CustomStringConvertible {
  public var text: String
  public var style: LineStyle

  public init(_ text: String, _ style: LineStyle = .normal) {
    self.text = text
    self.style = style
  }

  public var description: String { text }
}

/// The terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// Below this the screens do not fit; the app says so instead of drawing garbage.
  public static let minimum = TerminalSize(columns: 40, rows: 12)

  public var isTooSmall: Bool { columns < Self.minimum.columns || rows < Self.minimum.rows }
}

/// How a line style looks on a terminal. Colour only when allowed (`NO_COLOR` unset and the
/// terminal has colours); without colour, bold and reverse video still mark the header, the
/// cursor and errors, so nothing depends on colour alone.
public struct LineLook: Hashable, Sendable {
  public var bold = false
  public var reverse = false
  public var dim = false
  /// 1: header/footer, 2: error and severe alerts, 3: section title and minor alerts,
  /// 4: moderate alerts, 5: extreme alerts; nil for the terminal's own colours.
  public var colorPair: Int?

  public init(bold: Bool = false, reverse: Bool = false, dim: Bool = false, colorPair: Int? = nil) {
    self.bold = bold
    self.reverse = reverse
    self.dim = dim
    self.colorPair = colorPair
  }

  public static func of(_ style: LineStyle, color: Bool) -> LineLook {
    switch style {
    case .normal: LineLook()
    case .header, .footer: LineLook(reverse: !color, colorPair: color ? 1 : nil)
    case .sectionTitle: LineLook(bold: true, colorPair: color ? 3 : nil)
    case .cursor: LineLook(reverse: true)
    case .error: LineLook(bold: true, colorPair: color ? 2 : nil)
    case .prompt: LineLook(bold: true)
    case .dim: LineLook(dim: true)
    case .alert(let severity):
      LineLook(bold: true, colorPair: color ? Self.alertPair(severity) : nil)
    }
  }

  /// 5: extreme (white on red), 2: severe (red), 4: moderate (yellow), 3: minor and unknown.
  static func alertPair(_ severity: AlertSeverity) -> Int {
    switch severity {
    case .extreme: 5
    case .severe: 2
    case .moderate: 4
    case .minor, .unknown: 3
    }
  }
}
