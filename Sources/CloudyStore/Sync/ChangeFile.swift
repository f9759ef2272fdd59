/// One file of changes in a sync folder: a one-line text header, then a session changeset.
///
///     cloudy-changes 1 WRITER NUMBER LENGTH CRC32 NAME
///
/// `1` is the format; WRITER the device that wrote the file (its subfolder's name), NUMBER the
/// file's place in that device's sequence of files, LENGTH and CRC32 (hex) those of the
/// changeset that follows, NAME the writer's host name or `-`. The header is readable with
/// `head -1`; the length and checksum tell a file still being copied (Syncthing, a USB stick
/// pulled out) from a whole one, so a partial file is skipped and tried again, never half
/// applied.
struct ChangeFile: Equatable, Sendable {
  static let format = 1
  /// No changeset Cloudy writes comes near this; a larger file is refused unread.
  static let sizeLimit: Int64 = 16 << 20

  var writer: String
  var number: Int64
  var writerName: String?
  var changeset: [UInt8]

  init(writer: String, number: Int64, writerName: String?, changeset: [UInt8]) {
    self.writer = writer
    self.number = number
    self.writerName = writerName
    self.changeset = changeset
  }

  /// The file's name in its writer's subfolder: the number, zero-padded so names sort.
  static func fileName(number: Int64) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".changes"
  }

  /// The greatest number a change file may have: a device writing a file every second would
  /// reach it in thirty million years, and one more is still far from overflowing, so a file
  /// named with a huge number (damaged, or made to crash a sync) is simply not a change file.
  static let greatestNumber: Int64 = 999_999_999_999_999

  /// The number in a change file's name; nil for any other name (a temporary, a stray file, a
  /// number over `greatestNumber`).
  ///
  /// Read from the name's bytes as the folder holds them (no string made): a sync reads every
  /// name in a folder that may hold 100,000 files, at every sync.
  static func number(inFileName bytes: some Collection<UInt8>) -> Int64? {
    let suffix = ".changes".utf8
    guard bytes.count > suffix.count, bytes.count - suffix.count <= 15,
      bytes.suffix(suffix.count).elementsEqual(suffix)
    else { return nil }
    var number: Int64 = 0
    for byte in bytes.prefix(bytes.count - suffix.count) {
      guard (0x30...0x39).contains(byte) else { return nil }
      number = number * 10 + Int64(byte - 0x30)  // at most 15 digits: no overflow
    }
    return (1...greatestNumber).contains(number) ? number : nil
  }

  var bytes: [UInt8] {
    let name = writerName.flatMap { Self.isPlainName($0) ? $0 : nil } ?? "-"
    let header =
      "cloudy-changes \(Self.format) \(writer) \(number) \(changeset.count) "
      + "\(CRC32.hex(of: changeset)) \(name)\n"
    return Array(header.utf8) + changeset
  }

  /// Reads a change file's bytes; `path` is for messages.
  static func read(_ bytes: [UInt8], path: String) throws(SyncError) -> ChangeFile {
    guard let newline = bytes.prefix(512).firstIndex(of: 0x0A) else {
      throw SyncError.incompleteFile(path: path)
    }
    let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
    guard fields.count == 7, fields[0] == "cloudy-changes", let format = Int(fields[1]) else {
      throw SyncError.badChangeset("\(path) is not a Cloudy change file")
    }
    guard format <= Self.format else {
      throw SyncError.newerFormat(path: path, found: format, known: Self.format)
    }
    // Every field is checked before it is used or shown: the header is anyone's text.
    guard SyncFolder.isDeviceID(String(fields[2])), let number = Int64(fields[3]),
      (0...greatestNumber).contains(number), let length = Int(fields[4]), length >= 0
    else {
      throw SyncError.badChangeset("\(path) has a damaged header")
    }
    let changeset = Array(bytes[(newline + 1)...])
    guard changeset.count == length, CRC32.hex(of: changeset) == fields[5] else {
      throw SyncError.incompleteFile(path: path)
    }
    // A name that is not plain (escape sequences, anything a terminal would act on) is dropped.
    let name = String(fields[6])
    return ChangeFile(
      writer: String(fields[2]), number: number,
      writerName: name != "-" && isPlainName(name) ? name : nil, changeset: changeset)
  }

  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 64
      && name.unicodeScalars.allSatisfy {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
            || $0 == "_")
      }
  }
}

/// CRC-32 (IEEE 802.3, the one of zip and PNG): catches a file cut short or changed in transit.
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  static func checksum(of bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  static func hex(of bytes: [UInt8]) -> String {
    let digits = String(checksum(of: bytes), radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
