import CloudyGazetteer
import CloudyModels
import CloudyServices

/// libFuzzer target: the gazetteer's query parser, search and suggestions (what
/// `cloudy-locations add NAME` and `search NAME` run on user text).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGazetteer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  // Arguments reach the tools as valid UTF-8 only (invalid argv is refused before parsing).
  guard let query = String(validating: bytes, as: UTF8.self) else { return 0 }
  let geocoder = GazetteerGeocoder()
  if let found = try? geocoder.search(query, limit: 5) {
    precondition(found.count <= 5, "limit")
  }
  if size < 64 {
    // Suggestions scan every place (edit distance): keep the inputs short so runs stay fast.
    precondition(geocoder.suggestions(for: query, limit: 3).count <= 3, "limit")
  }
  return 0
}
