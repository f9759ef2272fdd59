#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Ending the process, and its arguments as the kernel gave them.
public enum ProcessExit {
  /// Exits now with `status` (buffered output flushed by the C library).
  public static func now(_ status: Int32) -> Never { exit(status) }

  /// The bytes of argument `index` (argv), whatever their encoding.
  public static func argumentBytes(_ index: Int) -> [UInt8]? {
    guard index < Int(CommandLine.argc), let pointer = CommandLine.unsafeArgv[index] else {
      return nil
    }
    return UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map {
      UInt8(bitPattern: $0)
    }
  }
}
