/// The version every tool and the app print for `--version`: one number for the whole package,
/// raised with each release (the database's own version is its schema's, `cloudy-db info`).
public enum CloudyVersion {
  public static let string = "0.3.0"
}
