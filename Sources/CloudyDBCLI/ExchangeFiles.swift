import ArgumentParser
import CloudyCLI
import CloudyExchange
import CloudyPlatform

/// `--format json|csv|geojson` on the command line.
enum FormatOption: String, CaseIterable, ExpressibleByArgument {
  case json, csv, geojson

  var exchange: ExchangeFormat {
    switch self {
    case .json: .json
    case .csv: .csv
    case .geojson: .geojson
    }
  }
}

/// `import --format`: the formats `export` writes, and GPX and KML, which are only read.
enum ImportFormatOption: String, CaseIterable, ExpressibleByArgument {
  case json, csv, geojson, gpx, kml

  var exchange: ExchangeFormat {
    switch self {
    case .json: .json
    case .csv: .csv
    case .geojson: .geojson
    case .gpx: .gpx
    case .kml: .kml
    }
  }
}

/// The files `export` writes and `import` reads, and their failures as the user sees them.
enum ExchangeFiles {
  /// The whole of `path` (`-`: standard input), refusing a file over the import limit before
  /// reading it all.
  static func contents(of path: String) throws(CommandError) -> [UInt8] {
    let limit = ExchangeLimits.maximumBytes
    do {
      return path == "-"
        ? try FileContents.readStandardInput(limit: limit)
        : try FileContents.read(path, limit: limit)
    } catch {
      throw .unreadableFile(path: path, error, purpose: "an import")
    }
  }

  /// `bytes` at `path`, whole or not at all.
  static func write(_ bytes: [UInt8], to path: String) throws(CommandError) {
    do {
      try FileOutput.writeAtomically(bytes, to: path)
    } catch {
      throw .unwritableFile(path: path, error)
    }
  }

  static func writeStandardOutput(_ bytes: [UInt8]) throws(CommandError) {
    do {
      try FileOutput.writeStandardOutput(bytes)
    } catch {
      throw .unwritableFile(path: "standard output", error)
    }
  }

  /// True when `path` is the database or one of its -wal/-shm files: exporting onto them would
  /// destroy the places being exported.
  static func isDatabase(_ path: String, database: String) -> Bool {
    FileStatus.isSameFile(path, asAnyOf: [database, database + "-wal", database + "-shm"])
  }
}
