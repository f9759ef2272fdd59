import CloudyModels

/// A failure as the user sees it: one line and an exit status. Every error a command meets
/// becomes one of these in `FailureMap`, the only place that decides a status.
public struct CommandFailure: Error, Equatable, Sendable {
  public let status: ExitStatus
  public let message: String

  /// Control characters in `message` (a name from a hand-made file, quoted in it) are escaped:
  /// the message is one line on a terminal, and moves or recolours nothing.
  public init(_ status: ExitStatus, _ message: String) {
    self.status = status
    self.message = MessageText.visible(message)
  }

  /// Any error from Cloudy's layers, as `FailureMap` maps it.
  public init(describing error: any Error) {
    self = FailureMap.failure(for: error)
  }
}
