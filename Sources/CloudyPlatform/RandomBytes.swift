#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Random bytes from the kernel (/dev/urandom), for secrets. Throws when it cannot be read
/// (a chroot without /dev, no descriptor left): no secret is then made.
public enum RandomBytes {
  /// `count` bytes from the kernel's generator, read whole (a short read is read on).
  public static func bytes(count: Int) throws(SystemCallError) -> [UInt8] {
    let descriptor = try SystemCall.run("open /dev/urandom") {
      open("/dev/urandom", O_RDONLY | O_CLOEXEC)
    }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = try SystemCall.run("read /dev/urandom") {
        buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
      }
      guard got > 0 else { throw SystemCallError(call: "read /dev/urandom", reason: "it ended") }
      filled += got
    }
    return buffer
  }

  /// `count` random bytes as lowercase hex (twice as many characters).
  public static func hex(count: Int) throws(SystemCallError) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in try bytes(count: count) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
