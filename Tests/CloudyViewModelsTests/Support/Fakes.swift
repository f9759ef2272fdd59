import CloudyModels
import CloudyServices
import CloudyStore
import CloudyStoring
import CloudyTestFakes
import CloudyViewModels
import Foundation

/// Collects every value an observable announces.
final class Recorder<Value> {
  private(set) var values: [Value] = []
  private var token: ObservationToken?

  init(_ observable: Observable<Value>) {
    token = observable.bind { [weak self] in self?.values.append($0) }
  }
}

/// A fresh folder under /tmp, removed when the test is done with it.
final class TemporaryFolder {
  let path: String

  init() throws {
    var template = Array("/tmp/cloudy-viewmodels-test-XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    path = String(cString: result)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { "\(path)/\(name)" }
}
