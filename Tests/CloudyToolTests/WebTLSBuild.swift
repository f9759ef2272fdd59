import Foundation
import Testing

/// Whether the tools were built with the package's `TLS` trait (cloudy-web's HTTPS). The README's
/// `swift test` builds without it (no BoringSSL), so there the HTTPS tests are skipped with that
/// reason; .ci/run then runs them in a second step, `swift test --traits TLS` with
/// `CLOUDY_REQUIRE_TLS=1`, where a build without the trait must fail rather than skip.
enum WebTLSBuild {
  static var isBuilt: Bool {
    #if TLS
      true
    #else
      false
    #endif
  }

  /// Run the HTTPS tests: built with TLS, or when they are required (where a missing trait must
  /// fail).
  static var shouldTest: Bool {
    isBuilt || ProcessInfo.processInfo.environment["CLOUDY_REQUIRE_TLS"] != nil
  }

  static let skipReason: Comment = "cloudy-web was built without HTTPS: swift test --traits TLS"
}
