/// One CSV record: its fields and the line it starts on.
struct CSVRecord: Sendable {
  let line: Int
  let fields: [String]
}

/// Reads CSV as RFC 4180 describes it and as spreadsheets actually write it.
///
/// Accepted: fields quoted or not, `""` for a quote inside a quoted field, line breaks inside
/// quoted fields, CRLF, LF or lone CR (old Mac Excel) line ends, a missing last line end, blank
/// lines (skipped), and `,`, `;` or tab as the separator (spreadsheets in locales with a decimal
/// comma write `;`). Refused, naming the line: a quoted field that never closes, text right
/// after a closing quote, and bytes that are not UTF-8.
enum CSVReader {
  /// The separator used by the first line: whichever of `,`, `;` and tab occurs most often
  /// outside quotes (`,` when none does).
  static func detectSeparator(_ bytes: [UInt8]) -> UInt8 {
    var counts = (comma: 0, semicolon: 0, tab: 0)
    var quoted = false
    for byte in bytes {
      if byte == 0x22 { quoted.toggle() }
      guard !quoted else { continue }
      if byte == 0x0A || byte == 0x0D { break }
      switch byte {
      case 0x2C: counts.comma += 1
      case 0x3B: counts.semicolon += 1
      case 0x09: counts.tab += 1
      default: break
      }
    }
    if counts.semicolon > counts.comma && counts.semicolon >= counts.tab { return 0x3B }
    if counts.tab > counts.comma && counts.tab > counts.semicolon { return 0x09 }
    return 0x2C
  }

  static func records(_ bytes: [UInt8], separator: UInt8) throws(ExchangeProblem) -> [CSVRecord] {
    var scan = CSVScan(bytes: bytes, separator: separator)
    while scan.index < bytes.count {
      scan.startRecordIfNeeded()
      if bytes[scan.index] == 0x22 && scan.field.isEmpty {
        try scan.readQuotedField()
      } else {
        try scan.readUnquotedByte()
      }
    }
    if !scan.atRecordStart {
      try scan.finishField()
      scan.finishRecord()
    }
    return scan.records
  }
}

/// One pass of `CSVReader.records` over the bytes: where it is, the line it is on, and the
/// record and field being built.
private struct CSVScan {
  let bytes: [UInt8]
  let separator: UInt8
  var records: [CSVRecord] = []
  var fields: [String] = []
  var field: [UInt8] = []
  var line = 1
  var recordLine = 1
  var index = 0
  var atRecordStart = true

  init(bytes: [UInt8], separator: UInt8) {
    self.bytes = bytes
    self.separator = separator
  }

  /// A record's problems name the line it starts on.
  mutating func startRecordIfNeeded() {
    if atRecordStart {
      recordLine = line
      atRecordStart = false
    }
  }

  mutating func finishField() throws(ExchangeProblem) {
    guard let text = String(validating: field, as: UTF8.self) else {
      throw ExchangeProblem(
        line: recordLine, field: nil,
        message:
          "field \(fields.count + 1) is not UTF-8 text; save the file as \"CSV UTF-8\"")
    }
    fields.append(text)
    field.removeAll(keepingCapacity: true)
  }

  mutating func finishRecord() {
    // A blank line is one empty field: skip it.
    if !(fields.count == 1 && fields[0].isEmpty) {
      records.append(CSVRecord(line: recordLine, fields: fields))
    }
    fields.removeAll(keepingCapacity: true)
    atRecordStart = true
  }

  /// A byte outside quotes: it ends the field, ends the record, or belongs to the field.
  mutating func readUnquotedByte() throws(ExchangeProblem) {
    let byte = bytes[index]
    if byte == separator {
      try finishField()
      index += 1
    } else if byte == 0x0A || byte == 0x0D {
      try finishField()
      finishRecord()
      index += (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
      line += 1
    } else {
      field.append(byte)
      index += 1
    }
  }

  /// A quoted field, from its opening quote to what follows the closing one.
  mutating func readQuotedField() throws(ExchangeProblem) {
    let openedOn = line
    index += 1
    try readQuotedText(openedOn: openedOn)
    skipSpacesAfterClosingQuote()
    try requireFieldEndAfterClosingQuote()
  }

  /// The text of a quoted field, up to the quote that is not doubled (consumed).
  private mutating func readQuotedText(openedOn: Int) throws(ExchangeProblem) {
    while true {
      guard index < bytes.count else {
        throw ExchangeProblem(
          line: openedOn, field: nil,
          message: "a quoted field that never closes (a \" is missing)")
      }
      let byte = bytes[index]
      if byte == 0x22 {
        if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
          field.append(0x22)
          index += 2
          continue
        }
        index += 1
        return
      }
      if byte == 0x0A
        || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A))
      {
        line += 1
      }
      field.append(byte)
      index += 1
    }
  }

  /// Spaces between the closing quote and the separator are tolerated.
  private mutating func skipSpacesAfterClosingQuote() {
    while index < bytes.count,
      bytes[index] == 0x20 || (bytes[index] == 0x09 && separator != 0x09)
    {
      index += 1
    }
  }

  private func requireFieldEndAfterClosingQuote() throws(ExchangeProblem) {
    if index < bytes.count, bytes[index] != separator, bytes[index] != 0x0A,
      bytes[index] != 0x0D
    {
      throw ExchangeProblem(
        line: line, field: nil,
        message:
          "text right after the closing quote of field \(fields.count + 1) (quotes inside a quoted field are written \"\")"
      )
    }
  }
}
