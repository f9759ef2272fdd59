/// The exit codes every Cloudy tool uses (documented in the README). Based on BSD sysexits.h so
/// scripts can tell "try again later" (75) from "fix your input" (64/65).
public enum ExitStatus: Int32, CaseIterable, Sendable {
  case success = 0
  /// `cloudy-db check` found damage or violations.
  case problemsFound = 1
  /// Unknown command, option or flag; a missing argument.
  case usage = 64
  /// Invalid input (name, coordinate, setting value), a duplicate, or a file that is not a
  /// usable Cloudy database (foreign, damaged, edited migration).
  case badData = 65
  /// No database yet where one is needed, or no such place.
  case notFound = 66
  /// A weather provider could not be reached or answered badly.
  case unavailable = 69
  /// The destination exists (backup without --force).
  case cannotCreate = 73
  /// The operating system refused: permissions, read-only folder, full disk, not a regular file.
  case ioError = 74
  /// Another process held the database longer than the busy timeout; try again.
  case busy = 75
  /// The database was written by a newer Cloudy, or lacks tables a migration adds (sync's).
  case newerSchema = 78

}
