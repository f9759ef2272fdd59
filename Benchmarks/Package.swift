// swift-tools-version: 6.0
// Cloudy's benchmark helpers: its own package so the root `swift build` / `swift test` never
// build or run them. Build with
//   swift build -c release --package-path Benchmarks --scratch-path .build-bench
// (scripts/benchmark does this). See Benchmarks/README.md.
import Foundation  // manifest only: to name the root package, whose identity is its folder name
import PackageDescription

let rootFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent()
let root = rootFolder.lastPathComponent.lowercased()

let package = Package(
  name: "CloudyBenchmarks",
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // Only for the GRDB peer below; the root package never sees it.
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
  ],
  targets: [
    // Saves N forecasts with ForecastRepository.save, one transaction each, and reports rows/s.
    .executableTarget(
      name: "cloudy-bench-bulk",
      dependencies: [
        .product(name: "CloudyStore", package: root),
        .product(name: "CloudyModels", package: root),
      ]
    ),
    // The stack's floors, timed beside every command: an empty swift-argument-parser tool with
    // one subcommand, and a Swift `main` that does nothing.
    .executableTarget(
      name: "cloudy-floor-parser",
      dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .executableTarget(name: "cloudy-floor-bare"),
    // The same write commands (and `list`) written on GRDB, on the same Cloudy file: the peer
    // the issue compares Cloudy's writes with. See Benchmarks/README.md, "A GRDB peer".
    .executableTarget(
      name: "cloudy-grdb-peer",
      dependencies: [
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
