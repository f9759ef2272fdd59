import CloudyExchange
import Foundation
import ZIPFoundation

/// A KMZ, the zipped KML that Google Earth and Google My Maps hand out, opened in memory with
/// ZIPFoundation so that `cloudy-db import places.kmz` reads it as it reads the KML inside.
///
/// Why here and not in CloudyExchange: ZIPFoundation is built on Foundation, which the formats
/// target does without; only `cloudy-db` links this file (the cost is in the README).
enum KMZArchive {
  /// A zip file's first bytes (a local file header).
  static func isZip(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
  }

  /// The KML document in a KMZ: the first `.kml` entry at the archive's root (Google names it
  /// `doc.kml`), else the first one anywhere. Refused: a zip that cannot be read, one that holds
  /// no KML (an Excel workbook is named as one), and a KML larger than the import limit.
  static func kml(in bytes: [UInt8]) throws(ImportRefusal) -> [UInt8] {
    let archive: Archive
    do {
      archive = try Archive(data: Data(bytes), accessMode: .read)
    } catch {
      throw refusal("this is a zip file, but it cannot be read as a KMZ (\(error))")
    }
    let files = archive.filter { $0.type == .file }
    let kmls = files.filter { $0.path.lowercased().hasSuffix(".kml") }
    guard let entry = kmls.first(where: { !$0.path.contains("/") }) ?? kmls.first else {
      if files.contains(where: { $0.path.hasPrefix("xl/") }) {
        throw refusal(
          "this is an Excel workbook (.xlsx), not a KMZ; save it as CSV UTF-8 and import that")
      }
      let names = files.prefix(5).map(\.path).joined(separator: ", ")
      throw refusal("this zip file holds no .kml file, so it is not a KMZ (it holds \(names))")
    }
    let limit = ExchangeLimits.maximumBytes
    guard entry.uncompressedSize <= UInt64(limit) else {
      throw refusal(
        "\(entry.path) in this KMZ has \(entry.uncompressedSize) bytes, over the import limit of \(limit / 1_048_576) MiB"
      )
    }
    var contents: [UInt8] = []
    do {
      _ = try archive.extract(entry) { chunk in
        // The header's size is the zip's word; the data decides.
        guard contents.count + chunk.count <= limit else { throw OverLimit() }
        contents.append(contentsOf: chunk)
      }
    } catch is OverLimit {
      throw refusal(
        "\(entry.path) in this KMZ is over the import limit of \(limit / 1_048_576) MiB")
    } catch {
      throw refusal("\(entry.path) in this KMZ cannot be unzipped (\(error))")
    }
    return contents
  }

  private struct OverLimit: Error {}

  private static func refusal(_ message: String) -> ImportRefusal {
    ImportRefusal(problems: [ExchangeProblem(line: nil, field: nil, message: message)])
  }
}
