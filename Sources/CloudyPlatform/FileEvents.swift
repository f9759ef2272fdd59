#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Wakes a waiting loop when files in a folder change: Linux's inotify, non-blocking.
///
/// Only a hint that something may have changed — events can be coalesced, and some file
/// systems (network mounts) deliver none — so whoever waits on it also polls now and then.
/// Events reported: a file in a watched folder written, closed after writing, created, moved in
/// or out, deleted, or its attributes changed; the folder itself deleted or moved.
///
/// Threading: a plain, non-`Sendable` class; use it on one thread.
public final class FileEvents {
  /// What `poll(2)` waits on: readable when events are pending.
  public let descriptor: Int32
  private var watches: [Int32: String] = [:]

  private static let mask: UInt32 =
    0x0000_0002  // IN_MODIFY
    | 0x0000_0004  // IN_ATTRIB
    | 0x0000_0008  // IN_CLOSE_WRITE
    | 0x0000_0040  // IN_MOVED_FROM
    | 0x0000_0080  // IN_MOVED_TO
    | 0x0000_0100  // IN_CREATE
    | 0x0000_0200  // IN_DELETE
    | 0x0000_0400  // IN_DELETE_SELF
    | 0x0000_0800  // IN_MOVE_SELF
  private static let ignored: UInt32 = 0x0000_8000  // IN_IGNORED: the watch is gone

  /// nil when the kernel offers no inotify (or its instance limit is reached).
  public init?() {
    let descriptor = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Whether some folder is being watched.
  public var isWatching: Bool { !watches.isEmpty }

  /// Starts watching the files directly in `folder`; false when it cannot be watched (it does
  /// not exist yet, or the watch limit is reached).
  @discardableResult
  public func watchFolder(_ folder: String) -> Bool {
    let watch = inotify_add_watch(descriptor, folder, Self.mask)
    guard watch >= 0 else { return false }
    watches[watch] = folder
    return true
  }

  /// Reads every pending event without waiting. Returns the names of the files they were about
  /// ("" for an event about a watched folder itself). A folder deleted or moved away stops being
  /// watched (`isWatching` turns false when it was the last).
  public func drain() -> [String] {
    var names: [String] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return names }
      var offset = 0
      // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
      while offset + 16 <= count {
        let (watch, mask, length) = buffer.withUnsafeBytes { raw in
          (
            raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
            raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
            Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          )
        }
        let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
        names.append(String(decoding: nameBytes, as: UTF8.self))
        if mask & Self.ignored != 0 { watches[watch] = nil }
        offset += 16 + length
      }
    }
  }
}
