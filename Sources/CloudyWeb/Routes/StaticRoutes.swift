import CloudyWebAssets
import Hummingbird
import NIOCore

/// The built-in files: `/static/NAME` for the script, stylesheet and icon, `/openapi.json` for
/// the API's document. Only names in the embedded set answer (a path with `..`, encoded or
/// not, names none of them): nothing is read from disk.
extension WebApp {
  func addStaticRoutes(to router: Router<WebContext>) {
    router.get("/static/{name}") { _, context -> Response in
      guard let name = context.parameters.get("name"), let asset = EmbeddedAssets.named(name),
        name != "openapi.json"
      else {
        return Refusal.response(
          .notFound, api: false, title: "Not found", detail: "no such file")
      }
      return asset.response
    }
    // Liveness for scripts and supervisors, and the benchmark's floor (the framework and the
    // access checks, no store): "ok".
    router.get("/healthz") { _, _ -> Response in
      Response(
        status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n")))
    }
    router.get("/openapi.json") { _, _ -> Response in
      EmbeddedAssets.named("openapi.json")!.response
    }
  }
}

/// The embedded files, read once from the C table.
enum EmbeddedAssets {
  struct Asset: Sendable {
    let mediaType: String
    let bytes: ByteBuffer

    var response: Response {
      Response(
        status: .ok, headers: [.contentType: mediaType, .cacheControl: "no-cache"],
        body: ResponseBody(byteBuffer: bytes))
    }
  }

  static let all: [String: Asset] = {
    var assets: [String: Asset] = [:]
    for index in 0..<cloudy_web_asset_count() {
      guard let entry = cloudy_web_asset_at(index)?.pointee else { continue }
      let bytes = UnsafeBufferPointer(start: entry.bytes, count: entry.size)
      assets[String(cString: entry.name)] = Asset(
        mediaType: String(cString: entry.media_type), bytes: ByteBuffer(bytes: bytes))
    }
    return assets
  }()

  static func named(_ name: String) -> Asset? { all[name] }
}
