import CloudyWebAssets
import Hummingbird
import NIOCore

/// The built-in files: `/static/NAME` for the script, stylesheet and icon, `/openapi.json` for
/// the API's document. Only names in the embedded set answer (a path with `..`, encoded or
/// not, names none of them): nothing is read from disk.
extension WebApp {
  func addStaticRoutes(to router: Router<WebContext>) {
    router.get("/static/{name}") { request, context -> Response in
      guard let name = context.parameters.get("name"), let asset = EmbeddedAssets.named(name),
        !EmbeddedAssets.atTheRoot.contains(name)
      else {
        return Refusal.response(
          .notFound, api: false, title: "Not found", detail: "no such file")
      }
      return asset.response(to: request)
    }
    // Liveness for scripts and supervisors, and the benchmark's floor (the framework and the
    // access checks, no store): "ok".
    router.get("/healthz") { _, _ -> Response in
      Response(
        status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n")))
    }
    // At the root, where they must be: the API's document, the web app manifest, and the
    // service worker (a worker controls only the paths under its own).
    for name in EmbeddedAssets.atTheRoot {
      router.get(RouterPath("/" + name)) { request, _ -> Response in
        EmbeddedAssets.named(name)!.response(to: request)
      }
    }
  }
}

/// The embedded files, read once from the C table.
enum EmbeddedAssets {
  /// A file, gzipped once, tagged by its bytes (the same file in another build, the same tag).
  struct Asset: Sendable {
    let made: MadeAnswer

    func response(to request: Request) -> Response {
      made.response(to: request, varyCookie: false)
    }
  }

  static let all: [String: Asset] = {
    var assets: [String: Asset] = [:]
    for index in 0..<cloudy_web_asset_count() {
      guard let entry = cloudy_web_asset_at(index)?.pointee else { continue }
      let bytes = UnsafeBufferPointer(start: entry.bytes, count: entry.size)
      assets[String(cString: entry.name)] = Asset(
        made: MadeAnswer(
          version: 0, madeAt: 0, tag: "f" + String(fnv1a(bytes), radix: 16),
          contentType: String(cString: entry.media_type), plain: ByteBuffer(bytes: bytes)))
    }
    return assets
  }()

  /// FNV-1a, 64 bits: enough to tell one build's file from another's.
  private static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }

  static func named(_ name: String) -> Asset? { all[name] }

  /// The files served at `/NAME` rather than `/static/NAME`.
  static let atTheRoot = ["openapi.json", "manifest.webmanifest", "sw.js"]
}
