public import CloudyModels

/// Why a change to the saved places was refused; nothing was written.
public enum LocationError: Error, Equatable, Sendable, CustomStringConvertible {
  case duplicateName(String)
  case notFound(String)
  case invalidName(PlaceNameError)
  case positionOutOfRange(Int, count: Int)
  case noCurrentLocation

  public var description: String {
    switch self {
    case .duplicateName(let name): "a place named \"\(name)\" is already saved; rename one of them"
    case .notFound(let what): "no saved place \(what)"
    case .invalidName(let error): error.description
    case .positionOutOfRange(let position, let count):
      count == 0
        ? "there are no saved places to move"
        : "cannot move to row \(position): saved places are numbered 1…\(count)"
    case .noCurrentLocation: "no current location is set"
    }
  }
}
