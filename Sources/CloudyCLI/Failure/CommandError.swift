public import CloudyPlatform
public import CloudyServices

/// What went wrong in a command itself (not in the store, a view model or a provider), stated
/// as a fact in the command's words. `FailureMap` decides its exit status, as for every other
/// error, so no command names a status.
public enum CommandError: Error, Equatable, Sendable {
  /// The request cannot be carried out as asked: a field or argument missing, or one that
  /// contradicts another (usage, 64).
  case invalidRequest(String)
  /// What the command was given cannot be used: an argument that is not UTF-8, a file that is
  /// not what it should be (bad data, 65).
  case unusableInput(String)
  /// What the user named is not there: no place matches, nothing cached yet (66).
  case notFound(String)
  /// A program Cloudy runs could not be started, or every place of a fetch failed (69).
  case unavailable(String)
  /// The command ran and found problems it listed (`cloudy-db check`: 1).
  case problemsFound(String)
  /// A file the command makes could not be made (73).
  case cannotCreate(String)
  /// A file given to read (`-`: standard input) that could not be; `purpose` names what it
  /// should hold ("an import", "a forecast response"), for the size limit's message.
  case unreadableFile(path: String, FileReadError, purpose: String)
  /// A saved provider response (`cloudy-forecast import`) that the decoder refused; `service`
  /// names the format it was read as ("Open-Meteo").
  case unusableResponse(file: String, service: String, ForecastError)
  /// A file to write (or standard output) that could not be written.
  case unwritableFile(path: String, FileWriteError)
  /// The command already told the user everything that was wrong (a report on standard output
  /// or error): only the status is left, that of input that cannot be used (65).
  case reportedUnusableInput
}
