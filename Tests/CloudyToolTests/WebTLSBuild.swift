import Foundation
import Testing

/// Whether the tools were built with the package's `TLS` trait (cloudy-web's HTTPS): `swift test
/// --traits TLS`, as .ci/run runs. Without it the HTTPS tests are skipped with that reason, except
/// under CI, where they must run and so fail.
enum WebTLSBuild {
  static var isBuilt: Bool {
    #if TLS
      true
    #else
      false
    #endif
  }

  /// Run the HTTPS tests: built with TLS, or under CI (where a missing trait must fail).
  static var shouldTest: Bool {
    isBuilt || ProcessInfo.processInfo.environment["CI"] != nil
  }

  static let skipReason: Comment = "cloudy-web was built without HTTPS: swift test --traits TLS"
}
