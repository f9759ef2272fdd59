/// One SQLite value, in the five storage classes SQLite has.
public enum DatabaseValue: Hashable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// A Swift value that can be bound to a statement parameter.
public protocol DatabaseValueConvertible {
  var databaseValue: DatabaseValue { get }
}

extension DatabaseValue: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self }
}
extension Int64: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self) }
}
extension Int: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}
extension Double: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .real(self) }
}
extension String: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .text(self) }
}
extension Bool: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
}
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}
extension RawRepresentable where RawValue == String {
  /// Notations and other text enums bind as their raw text.
  public var databaseValue: DatabaseValue { .text(rawValue) }
}
