/// How the app ended.
enum SessionEnding {
  /// `q` or Ctrl-C (also a SIGINT from elsewhere).
  case quit
  /// SIGTERM or SIGHUP, or the terminal went away; exits 128 + the signal's number.
  case signal(Int32)

  var exitCode: Int32? {
    switch self {
    case .quit: nil
    case .signal(let number): 128 + number
    }
  }
}
