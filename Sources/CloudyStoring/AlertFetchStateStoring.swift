public import CloudyModels

/// What a place's last answer from an alert source said about asking again: its HTTP
/// validators and how long it stays fresh. Kept so that `fetch --alerts`, meant to run every
/// few minutes, asks a service only when its `Cache-Control`/`Expires` allow, and then
/// conditionally.
public struct AlertFetchState: Hashable, Sendable {
  /// The `ETag` the source sent, for `If-None-Match`.
  public var etag: String?
  /// The `Last-Modified` the source sent, as it sent it, for `If-Modified-Since`.
  public var lastModified: String?
  /// Until when (unix seconds) the answer is fresh by `Cache-Control: max-age` or `Expires`.
  public var freshUntil: Int64?
  /// When the source was last asked (unix seconds).
  public var checkedAt: Int64

  public init(etag: String?, lastModified: String?, freshUntil: Int64?, checkedAt: Int64) {
    self.etag = etag
    self.lastModified = lastModified
    self.freshUntil = freshUntil
    self.checkedAt = checkedAt
  }
}

/// Where the fetcher keeps `AlertFetchState`, per place and source (`alert_fetch`).
public protocol AlertFetchStateStoring {
  func fetchState(for place: Place, source: AlertSource) throws -> AlertFetchState?
  /// Replaces the place's state for `source`.
  func recordFetchState(_ state: AlertFetchState, for place: Place, source: AlertSource) throws
}
