import HTTPTypes

/// The headers on every response: scripts and styles only from this server's own files (no
/// inline script, so an injected `<script>` would not run even if escaping failed), no framing,
/// no MIME sniffing, no Referer leaving the page (a login link carries the token); the service
/// worker and the manifest from this server too (`worker-src`, `manifest-src`), nothing more.
enum SecurityHeaders {
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

  /// Adds them, unless they are there already: an answer made once carries them from the
  /// start (`MadeAnswer`), and its prepared headers are then handed on untouched (not copied).
  static func apply(to headers: inout HTTPFields) {
    guard !headers.contains(.contentSecurityPolicy) else { return }
    headers[.contentSecurityPolicy] = contentSecurityPolicy
    headers[.xContentTypeOptions] = "nosniff"
    headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
    headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
  }
}
