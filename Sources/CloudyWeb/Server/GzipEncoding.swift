import CDeflate
import NIOCore

/// gzip (RFC 1952) through zlib's deflate, in one call: an answer is compressed once per
/// change (see `MadeAnswer`) and the copy served to every client that accepts it. zlib is a
/// system library (`CDeflate`; not named CZlib, which ZIPFoundation's own zlib module is called), so this adds no package to the build.
enum GzipEncoding {
  /// `input` gzipped at `level` (6: zlib's default, most of level 9's gain at a third of its
  /// time); nil if zlib refuses, and the answer then goes plain.
  static func compress(_ input: ByteBuffer, level: Int32 = 6) -> ByteBuffer? {
    var stream = z_stream()
    // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
    guard
      deflateInit2_(
        &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    var bytes = Array(input.readableBytesView)
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
    let status = bytes.withUnsafeMutableBufferPointer { input in
      output.withUnsafeMutableBufferPointer { output in
        stream.next_in = input.baseAddress
        stream.avail_in = uInt(input.count)
        stream.next_out = output.baseAddress
        stream.avail_out = uInt(output.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    return ByteBuffer(bytes: output[0..<Int(stream.total_out)])
  }
}
