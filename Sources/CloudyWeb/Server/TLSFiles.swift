import CloudyCLI
import HummingbirdTLS
import NIOSSL

/// HTTPS for cloudy-web (`--tls-cert FILE --tls-key FILE`): the certificate chain and its key,
/// PEM, read once at start. A phone reaches the household's Cloudy over https, and only then
/// does its browser run the service worker that keeps the last forecast (README, "Offline on a
/// phone"). A file that cannot be read or is not PEM is one line and no server.
enum TLSFiles {
  static func configuration(certificate: String, key: String) throws -> TLSConfiguration {
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
    return TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
  }
}
