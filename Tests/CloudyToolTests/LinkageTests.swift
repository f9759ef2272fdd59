import Foundation
import Testing

/// What each built executable carries, read from the files themselves, so that two promises of
/// Package.swift cannot regress unnoticed:
/// - only `cloudy-forecast-fetch` needs networking (libcurl, through CCurl; none FoundationNetworking),
///   so every other tool starts without ~35 shared libraries;
/// - only the tools that search places (`cloudy-locations`, the app `cloudy` and `cloudy-web`)
///   carry the 14.8 MB gazetteer;
/// - only `cloudy-web` carries SwiftNIO (Hummingbird's event loops), so the other tools neither
///   build nor load it;
/// - only the tools linking the cloudy-forecast command tree load libdbus-1 (notifications);
/// - only `cloudy-db` carries ZIPFoundation (KMZ import), and with the fetcher it is the only
///   tool that loads the whole of Foundation (and its ICU data); the others start with
///   FoundationEssentials at most.
///
/// Libraries are the transitive `DT_NEEDED` entries of each ELF file, resolved through its
/// `RUNPATH` (the toolchain's libraries); a library outside it is checked by name only. The
/// gazetteer is checked by its bytes: a slice of `places.tsv`, which `#embed` copies verbatim.
@Suite("Linkage: networking and the gazetteer stay in the tools that need them")
struct LinkageTests {
  static let tools = [
    "cloudy", "cloudy-locations", "cloudy-settings", "cloudy-forecast", "cloudy-forecast-fetch",
    "cloudy-db", "cloudy-web",
  ]
  static let networkingTools: Set = ["cloudy-forecast-fetch"]
  static let gazetteerTools: Set = ["cloudy-locations", "cloudy", "cloudy-web"]
  static let serverTools: Set = ["cloudy-web"]
  static let zipTools: Set = ["cloudy-db"]
  static let foundationTools: Set = ["cloudy-db", "cloudy-forecast-fetch"]
  /// libdbus-1 (desktop notifications, `alerts --watch --notify`) comes with the cloudy-forecast
  /// command tree: the tools that link it carry it; the app and the other tools do not.
  static let desktopBusTools: Set = ["cloudy-forecast", "cloudy-forecast-fetch", "cloudy-web"]

  @Test(
    "only cloudy-forecast-fetch needs libcurl (and none FoundationNetworking)", arguments: tools)
  func networking(tool: String) throws {
    let needed = try ELFFile.neededClosure(of: ToolRunner.executable(tool).path)
    let networking = needed.filter {
      $0.hasPrefix("libFoundationNetworking") || $0.hasPrefix("libcurl")
    }
    if Self.networkingTools.contains(tool) {
      // libcurl directly (HTTPFetcher: URLSession busy-loops on Linux while a server is slow).
      #expect(networking.contains { $0.hasPrefix("libcurl") }, "\(needed.sorted())")
      #expect(
        !networking.contains { $0.hasPrefix("libFoundationNetworking") }, "\(needed.sorted())")
    } else {
      #expect(networking.isEmpty, "\(tool) needs \(networking.sorted())")
    }
  }

  @Test("only the tools that search places carry the gazetteer data", arguments: tools)
  func gazetteer(tool: String) throws {
    let binary = try Data(contentsOf: ToolRunner.executable(tool))
    let carries = try Self.gazetteerSlices().contains { slice in ELFFile.contains(binary, slice) }
    #expect(
      carries == Self.gazetteerTools.contains(tool), "\(tool) carries the gazetteer: \(carries)")
  }

  @Test(
    "only cloudy-web carries TLS (NIOSSL over BoringSSL, for --tls-cert), and only with the TLS trait",
    arguments: tools)
  func tls(tool: String) throws {
    let binary = try Data(contentsOf: ToolRunner.executable(tool))
    // NIOSSL's module name is in every symbol of its handlers (mangled as 6NIOSSL).
    let carries = ELFFile.contains(binary, Data("6NIOSSL".utf8))
    #expect(
      carries == (WebTLSBuild.isBuilt && Self.serverTools.contains(tool)),
      "\(tool) carries NIOSSL: \(carries)")
  }

  @Test("only cloudy-web carries SwiftNIO", arguments: tools)
  func swiftNIO(tool: String) throws {
    let binary = try Data(contentsOf: ToolRunner.executable(tool))
    // NIOPosix's module name is in every symbol of its event loops (mangled as 8NIOPosix).
    let carries = ELFFile.contains(binary, Data("8NIOPosix".utf8))
    #expect(carries == Self.serverTools.contains(tool), "\(tool) carries SwiftNIO: \(carries)")
  }

  @Test(
    "only cloudy-db carries ZIPFoundation, and only it and the fetcher load Foundation",
    arguments: tools)
  func zipFoundation(tool: String) throws {
    let binary = try Data(contentsOf: ToolRunner.executable(tool))
    let carries = ELFFile.contains(binary, Data("13ZIPFoundation".utf8))
    #expect(carries == Self.zipTools.contains(tool), "\(tool) carries ZIPFoundation: \(carries)")
    let needed = try ELFFile.neededClosure(of: ToolRunner.executable(tool).path)
    #expect(
      needed.contains("libFoundation.so") == Self.foundationTools.contains(tool),
      "\(tool) needs \(needed.sorted())")
  }

  @Test("only the tools with the cloudy-forecast command tree load libdbus", arguments: tools)
  func desktopBus(tool: String) throws {
    let needed = try ELFFile.neededClosure(of: ToolRunner.executable(tool).path)
    let carries = needed.contains { $0.hasPrefix("libdbus-1") }
    #expect(
      carries == Self.desktopBusTools.contains(tool), "\(tool) needs \(needed.sorted())")
  }

  /// Three 256-byte slices of the embedded file (its middle and two quarters): any one found
  /// means the data was linked in.
  static func gazetteerSlices() throws -> [Data] {
    let source = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/CloudyGazetteerData/places.tsv")
    let places = try Data(contentsOf: source)
    try #require(places.count > 1 << 20, "places.tsv looks too small: \(places.count) bytes")
    return [places.count / 4, places.count / 2, places.count * 3 / 4].map { start in
      places.subdata(in: start..<start + 256)
    }
  }
}

/// Just enough of ELF64 (little-endian) to list a file's needed libraries and run path.
enum ELFFile {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  struct Dynamic {
    var needed: [String] = []
    var runPaths: [String] = []
  }

  /// The needed libraries of `path` and of every library they need that lies in a run path.
  static func neededClosure(of path: String) throws -> Set<String> {
    let top = try dynamic(of: path)
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let searchPaths = top.runPaths.map { $0.replacingOccurrences(of: "$ORIGIN", with: folder) }
    var seen = Set<String>()
    var queue = top.needed
    while let name = queue.popLast() {
      guard seen.insert(name).inserted else { continue }
      let candidates = searchPaths.map { $0 + "/" + name }
      if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
        queue += try dynamic(of: found).needed
      }
    }
    return seen
  }

  /// `DT_NEEDED` and `DT_RUNPATH`/`DT_RPATH` entries, from the section headers.
  static func dynamic(of path: String) throws -> Dynamic {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try data.withUnsafeBytes { bytes -> Dynamic in
      func read<T: FixedWidthInteger>(_ offset: Int, as _: T.Type) throws -> T {
        guard offset >= 0, offset + MemoryLayout<T>.size <= bytes.count else {
          throw Failure(description: "\(path): truncated at \(offset)")
        }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
      }
      func string(_ offset: Int) throws -> String {
        guard offset >= 0, offset < bytes.count else {
          throw Failure(description: "\(path): string outside the file")
        }
        let rest = bytes[offset...]
        let end = rest.firstIndex(of: 0) ?? bytes.endIndex
        return String(decoding: bytes[offset..<end], as: UTF8.self)
      }
      guard bytes.count > 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C,
        bytes[3] == 0x46
      else { throw Failure(description: "\(path) is not an ELF file") }
      guard bytes[4] == 2, bytes[5] == 1 else {
        throw Failure(description: "\(path) is not 64-bit little-endian ELF")
      }
      let sectionsAt = Int(try read(0x28, as: UInt64.self))
      let sectionSize = Int(try read(0x3A, as: UInt16.self))
      let sectionCount = Int(try read(0x3C, as: UInt16.self))
      func section(_ index: Int) -> Int { sectionsAt + index * sectionSize }
      var result = Dynamic()
      for index in 0..<sectionCount where try read(section(index) + 4, as: UInt32.self) == 6 {
        // SHT_DYNAMIC: entries of (tag, value); sh_link names the string table.
        let start = Int(try read(section(index) + 0x18, as: UInt64.self))
        let size = Int(try read(section(index) + 0x20, as: UInt64.self))
        let link = Int(try read(section(index) + 0x28, as: UInt32.self))
        let strings = Int(try read(section(link) + 0x18, as: UInt64.self))
        entries: for entry in stride(from: start, to: start + size, by: 16) {
          let tag = try read(entry, as: UInt64.self)
          let value = Int(try read(entry + 8, as: UInt64.self))
          switch tag {
          case 0: break entries  // DT_NULL
          case 1: result.needed.append(try string(strings + value))  // DT_NEEDED
          case 15, 29:  // DT_RPATH, DT_RUNPATH
            result.runPaths += try string(strings + value).split(separator: ":").map(String.init)
          default: continue
          }
        }
      }
      return result
    }
  }

  /// Whether `needle` occurs in `haystack` (memchr for its first byte, then memcmp).
  static func contains(_ haystack: Data, _ needle: Data) -> Bool {
    haystack.withUnsafeBytes { h in
      needle.withUnsafeBytes { n in
        guard let base = h.baseAddress, let bytes = n.baseAddress, let first = n.first,
          h.count >= n.count
        else {
          return n.isEmpty
        }
        var offset = 0
        let last = h.count - n.count
        while offset <= last {
          guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else {
            return false
          }
          let at = base.distance(to: UnsafeRawPointer(hit))
          if memcmp(base + at, bytes, n.count) == 0 { return true }
          offset = at + 1
        }
        return false
      }
    }
  }
}
