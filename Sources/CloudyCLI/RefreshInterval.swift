public import ArgumentParser
import CloudyModels

/// `--refresh-after 30m`: seconds, minutes, hours or days.
public struct RefreshInterval: ExpressibleByArgument, Hashable, Sendable {
  public let seconds: Int64

  public init(seconds: Int64) {
    self.seconds = seconds
  }

  public init?(argument: String) {
    let text = argument.trimmingWhitespace().lowercased()
    let units: [(String, Int64)] = [("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400)]
    let (digits, unit) =
      units.first { text.hasSuffix($0.0) }.map { (String(text.dropLast()), $0.1) } ?? (text, 1)
    guard let value = Int64(digits), value >= 0, value <= 365 * 86_400 / unit else {
      return nil
    }
    seconds = value * unit
  }

  public var defaultValueDescription: String {
    seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
  }
}
