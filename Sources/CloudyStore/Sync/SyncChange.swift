/// One change of one synced field: a row of `sync_change`, the unit of sync.
///
/// Its clock (`wall`, `counter`, `origin`) orders it against every other change of the same
/// field on every device: the greatest wins. `(origin, seq)` names it everywhere, so applying it
/// twice is applying it once.
struct SyncChange: Hashable, Sendable {
  /// The device that made the change.
  var origin: String
  /// Its place in that device's sequence of changes (1, 2, …).
  var seq: Int64
  /// Hybrid logical clock: unix milliseconds, never behind any clock the device had seen …
  var wall: Int64
  /// … and a counter that orders changes within one millisecond.
  var counter: Int64
  /// `place` or `setting`.
  var entity: String
  /// The place's global id, or `settings`.
  var key: String
  /// The column (or `removed`, `merged_into`).
  var field: String
  var value: DatabaseValue

  init(
    origin: String, seq: Int64, wall: Int64, counter: Int64, entity: String, key: String,
    field: String, value: DatabaseValue
  ) {
    self.origin = origin
    self.seq = seq
    self.wall = wall
    self.counter = counter
    self.entity = entity
    self.key = key
    self.field = field
    self.value = value
  }

  /// The columns of `sync_change`, in the order changesets carry them.
  static let columns = "origin, seq, wall, counter, entity, key, field, value"

  /// Reads a row selected with `columns`.
  static func read(_ row: Statement) -> SyncChange {
    SyncChange(
      origin: row.string(0), seq: row.int64(1), wall: row.int64(2), counter: row.int64(3),
      entity: row.string(4), key: row.string(5), field: row.string(6), value: row.value(7))
  }

  var arguments: [any DatabaseValueConvertible] {
    [origin, seq, wall, counter, entity, key, field, value]
  }
}
