import CloudyCLI

#if TLS
  import HummingbirdTLS
  import NIOSSL
#endif

/// HTTPS for cloudy-web (`--tls-cert FILE --tls-key FILE`): the certificate chain and its key,
/// PEM, read once at start. A phone reaches the household's Cloudy over https, and only then
/// does its browser run the service worker that keeps the last forecast (docs/web.md, "Offline
/// on a phone"). A file that cannot be read or is not PEM is one line and no server.
///
/// Only with the package's `TLS` trait (`swift build --traits TLS`; .ci/run builds so): without
/// it no BoringSSL is compiled, and `--tls-cert` is refused in one line that says how to build
/// cloudy-web with HTTPS (69, unavailable), before anything is served.
enum TLSFiles {
  /// Whether this cloudy-web was built with HTTPS.
  static var isBuilt: Bool {
    #if TLS
      true
    #else
      false
    #endif
  }

  static func configuration(certificate: String, key: String) throws -> ServerTLS {
    #if TLS
      let chain: [NIOSSLCertificate]
      do {
        chain = try NIOSSLCertificate.fromPEMFile(certificate)
      } catch {
        throw CommandError.unusableInput(
          "--tls-cert \(certificate) is not a readable PEM certificate (\(error))")
      }
      guard !chain.isEmpty else {
        throw CommandError.unusableInput("--tls-cert \(certificate) holds no certificate")
      }
      let privateKey: NIOSSLPrivateKey
      do {
        privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
      } catch {
        throw CommandError.unusableInput(
          "--tls-key \(key) is not a readable PEM private key (\(error))")
      }
      return ServerTLS(
        configuration: TLSConfiguration.makeServerConfiguration(
          certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey)))
    #else
      throw CommandError.unavailable(
        "this cloudy-web was built without HTTPS; build it with `swift build --traits TLS` to serve --tls-cert"
      )
    #endif
  }
}

/// What HTTPS needs once the files are read: NIOSSL's configuration with the TLS trait, and
/// nothing (never made) without it.
struct ServerTLS {
  #if TLS
    let configuration: TLSConfiguration
  #endif
}
