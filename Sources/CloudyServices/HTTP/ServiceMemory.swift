/// The conditional-request memory of one exchange with a service: what its last answer said
/// about asking again. Kept between runs (with a cached forecast, in an alert fetch state) so
/// the service is not asked before `freshUntil`, and after it only with `If-None-Match` /
/// `If-Modified-Since`, as MET Norway's and the NWS's terms ask.
public struct ServiceMemory: Hashable, Sendable {
  /// The `ETag` it sent, for `If-None-Match`.
  public var etag: String?
  /// The `Last-Modified` it sent, as sent, for `If-Modified-Since`.
  public var lastModified: String?
  /// Until when (unix seconds) the answer is fresh; nil when the service did not say.
  public var freshUntil: Int64?

  public init(etag: String? = nil, lastModified: String? = nil, freshUntil: Int64? = nil) {
    self.etag = etag
    self.lastModified = lastModified
    self.freshUntil = freshUntil
  }

  /// Whether the service asked not to be asked again before a moment after `now`.
  public func isFresh(at now: Int64) -> Bool {
    freshUntil.map { $0 > now } ?? false
  }
}
