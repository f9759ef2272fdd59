// swift-tools-version: 6.1
import PackageDescription

// Layers follow DESIGN.md; docs/architecture.md draws them and says why each edge exists:
//   executables → CloudyCLI → CloudyViewModels → CloudyStoring | CloudyServices → CloudyModels
//   CloudyStore (CSQLite) implements CloudyStoring; CloudyGazetteer implements the Geocoder
//   (linked by cloudy-locations and cloudy); CloudyProviders (Foundation networking) is linked by
//   cloudy-forecast-fetch only; CloudyPlatform gathers the C library's calls.
let argumentParser = Target.Dependency.product(
  name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
  name: "Cloudy",
  products: [
    .executable(name: "cloudy-db", targets: ["cloudy-db"]),
    .executable(name: "cloudy-locations", targets: ["cloudy-locations"]),
    .executable(name: "cloudy-settings", targets: ["cloudy-settings"]),
    .executable(name: "cloudy-forecast", targets: ["cloudy-forecast"]),
    .executable(name: "cloudy-forecast-fetch", targets: ["cloudy-forecast-fetch"]),
    .executable(name: "cloudy", targets: ["cloudy"]),
    .executable(name: "cloudy-web", targets: ["cloudy-web"]),
    .library(name: "CloudyViewModels", targets: ["CloudyViewModels"]),
    .library(name: "CloudyStoring", targets: ["CloudyStoring"]),
    .library(name: "CloudyStore", targets: ["CloudyStore"]),
    .library(name: "CloudyServices", targets: ["CloudyServices"]),
    .library(name: "CloudyGazetteer", targets: ["CloudyGazetteer"]),
    .library(name: "CloudyDecoding", targets: ["CloudyDecoding"]),
    .library(name: "CloudyProviders", targets: ["CloudyProviders"]),
    .library(name: "CloudyModels", targets: ["CloudyModels"]),
  ],
  // cloudy-web's HTTPS (`--tls-cert`) needs NIOSSL and BoringSSL's 406 C files, about a quarter
  // of a whole debug build here: off unless asked for (`swift build --traits TLS`), so
  // `swift build` and `swift test` compile none of it (the HTTPS tests skip, saying why). .ci/run
  // runs them after `swift test` with `--traits TLS`; without it cloudy-web refuses --tls-cert
  // in one line saying how to build it.
  traits: [
    .trait(
      name: "TLS",
      description:
        "cloudy-web serves HTTPS (--tls-cert, --tls-key) through NIOSSL and BoringSSL")
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // cloudy-web's HTTP server (SwiftNIO underneath), linked by cloudy-web alone. Its default
    // traits (swift-configuration, full Foundation) are off: cloudy-web reads its options with
    // ArgumentParser like every tool.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    // Hummingbird's own dependencies, named because cloudy-web uses their types directly.
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // KMZ (zipped KML) for `cloudy-db import`, linked by cloudy-db alone: it brings Foundation
    // and zlib into that one tool (the cost is measured in the README).
    .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    // cloudy-web's HTTPS (`--tls-cert`), through Hummingbird's TLS product: BoringSSL, built for
    // cloudy-web alone and only with the TLS trait.
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
  ],
  targets: [
    // MARK: Bottom layer
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // ncurses (wide characters) for the `cloudy` app's terminal layer; nothing else imports it.
    // No pkgConfig: ncursesw.pc's cflags (-D_XOPEN_SOURCE=600) are flags SwiftPM refuses with a
    // warning on every build; the header is on the default path and the module map links it.
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    // zlib's deflate for cloudy-web's gzip copies of its answers; nothing else imports it.
    .systemLibrary(name: "CDeflate", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // libdbus-1 for desktop notifications (CloudyDesktopBus alone imports it).
    .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
    // printf's fixed-point formatting without Swift's CVarArg boxing (see DecimalText).
    .target(name: "CNumberFormat"),
    .target(name: "CloudyModels", dependencies: ["CNumberFormat"]),
    // The C library's clock, time zones and files, gathered: one place per concern.
    .target(name: "CloudyPlatform", dependencies: ["CloudyModels"]),
    // The session D-Bus and the freedesktop Notifications interface, wrapped over libdbus-1:
    // the platform layer's second part, beside CloudyPlatform, so only the tools that link the
    // cloudy-forecast command tree load libdbus.
    .target(name: "CloudyDesktopBus", dependencies: ["CDBus"]),
    // The GeoNames extract, embedded in the binary with C23 #embed (see scripts/build-gazetteer).
    .target(name: "CloudyGazetteerData", exclude: ["places.tsv", "README.md"]),

    // MARK: Interfaces the view models own (no SQLite, no I/O)
    .target(name: "CloudyStoring", dependencies: ["CloudyModels"]),

    // MARK: Persistence and services
    .target(
      name: "CloudyStore",
      dependencies: ["CSQLite", "CloudyStoring", "CloudyModels", "CloudyPlatform"],
      plugins: ["EmbedMigrations"]
    ),
    .target(name: "CloudyServices", dependencies: ["CloudyModels"]),
    // Offline geocoding over the embedded GeoNames extract: linked only by tools that geocode,
    // so the 14.8 MB of place data stays out of cloudy-settings, cloudy-db and cloudy-forecast.
    .target(
      name: "CloudyGazetteer",
      dependencies: ["CloudyServices", "CloudyModels", "CloudyGazetteerData"]),
    // Reading and writing the export/import formats (Cloudy JSON, CSV, GeoJSON): bytes in and
    // out of PlacesDocument, no SQL and no Foundation. Only cloudy-db links it.
    .target(
      name: "CloudyExchange", dependencies: ["CloudyJSON", "CloudyModels", "CloudyXML"],
      exclude: ["README.md"]),
    // The small strict XML reader: place files (GPX, KML) and CAP alerts read XML one way.
    .target(name: "CloudyXML"),
    // The one JSON module: the ordered writer every `--json` and export uses, and the strict
    // reader (line-aware, no Foundation) of the exchange formats and the fetcher wire.
    .target(name: "CloudyJSON"),
    .target(
      name: "CloudyDecoding",
      dependencies: ["CloudyJSON", "CloudyServices", "CloudyModels", "CloudyPlatform", "CloudyXML"]),
    // libcurl's easy interface, for the one executable that uses the network (see HTTPFetcher:
    // URLSession busy-loops on Linux while a server is slow). Headers: libcurl4-openssl-dev.
    .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
    .target(
      name: "CloudyProviders",
      dependencies: ["CCurl", "CloudyDecoding", "CloudyServices", "CloudyModels"]),

    // MARK: Presentation
    .target(
      name: "CloudyViewModels",
      dependencies: ["CloudyModels", "CloudyStoring", "CloudyServices"]),
    .target(
      name: "CloudyCLI",
      dependencies: [
        "CloudyJSON", "CloudyViewModels", "CloudyStoring", "CloudyStore", "CloudyServices",
        "CloudyPlatform",
        "CloudyModels", argumentParser,
      ]
    ),
    // The `cloudy` app's screens as lines, and keys as state changes: view models in, text out.
    // No terminal library, so every screen and key is unit-tested.
    .target(
      name: "CloudyTerminalUI",
      dependencies: ["CloudyViewModels", "CloudyStoring", "CloudyServices", "CloudyModels"]),

    // MARK: Executables
    // Each tool's command tree in a library, so its shapes and statuses can be tested in-process;
    // the executables are one call each.
    .target(
      name: "CloudyDBCLI",
      dependencies: [
        "CloudyCLI", "CloudyJSON", "CloudyStore", "CloudyStoring", "CloudyExchange",
        "CloudyModels", "CloudyPlatform",
        argumentParser, .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]),
    .executableTarget(name: "cloudy-db", dependencies: ["CloudyDBCLI", "CloudyCLI"]),
    .target(
      name: "CloudyLocationsCLI",
      dependencies: [
        "CloudyCLI", "CloudyJSON", "CloudyViewModels", "CloudyServices", "CloudyGazetteer",
        "CloudyStoring",
        "CloudyModels", argumentParser,
      ]
    ),
    .executableTarget(
      name: "cloudy-locations", dependencies: ["CloudyLocationsCLI", "CloudyCLI"]),
    .target(
      name: "CloudySettingsCLI",
      dependencies: ["CloudyCLI", "CloudyJSON", "CloudyViewModels", "CloudyModels", argumentParser]
    ),
    .executableTarget(name: "cloudy-settings", dependencies: ["CloudySettingsCLI", "CloudyCLI"]),
    // The cloudy-forecast command tree, shared by the two executables below.
    .target(
      name: "CloudyForecastCLI",
      dependencies: [
        "CloudyCLI", "CloudyJSON", "CloudyViewModels", "CloudyDecoding", "CloudyServices",
        "CloudyStoring",
        "CloudyStore", "CloudyPlatform", "CloudyModels", "CloudyDesktopBus",
        argumentParser,
      ]
    ),
    // The full-screen app: CloudyTerminalUI drawn with ncurses; fetching runs
    // cloudy-forecast-fetch as a child, so the app links no networking.
    .target(
      name: "CloudyAppCLI",
      dependencies: [
        "CNcurses", "CloudyTerminalUI", "CloudyCLI", "CloudyGazetteer", "CloudyStore",
        "CloudyPlatform", "CloudyModels", argumentParser,
      ]
    ),
    .executableTarget(name: "cloudy", dependencies: ["CloudyAppCLI", "CloudyCLI"]),
    .executableTarget(name: "cloudy-forecast", dependencies: ["CloudyForecastCLI", "CloudyCLI"]),
    // The app in the browser: pages and a JSON API rendered from the view models, live over
    // Server-Sent Events from the database watcher. The only target that links Hummingbird
    // (and so SwiftNIO); fetching runs cloudy-forecast-fetch as a child, as the app does.
    .target(
      name: "CloudyWeb",
      dependencies: [
        "CloudyCLI", "CloudyLocationsCLI", "CloudySettingsCLI", "CloudyForecastCLI",
        "CloudyViewModels", "CloudyStoring", "CloudyStore", "CloudyServices", "CloudyGazetteer",
        "CloudyPlatform", "CloudyModels", "CloudyJSON",
        "CloudyWebAssets", "CDeflate",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(
          name: "HummingbirdTLS", package: "hummingbird", condition: .when(traits: ["TLS"])),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["TLS"])),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ],
      exclude: ["README.md"]
    ),
    // cloudy-web's script, stylesheet, icon and OpenAPI document, embedded with C23 #embed:
    // the only files it serves.
    .target(
      name: "CloudyWebAssets",
      exclude: [
        "app.js", "style.css", "openapi.json", "icon.svg", "weather", "sw.js",
        "manifest.webmanifest", "apple-touch-icon.png",
      ]),
    .executableTarget(
      name: "cloudy-web", dependencies: ["CloudyWeb", "CloudyCLI"]),
    // `cloudy-forecast fetch` itself, the one command that uses the network: only the
    // executable below links it (and so CloudyProviders).
    .target(
      name: "CloudyFetchCLI",
      dependencies: [
        "CloudyForecastCLI", "CloudyCLI", "CloudyJSON", "CloudyProviders", "CloudyViewModels",
        "CloudyServices", "CloudyStoring", "CloudyPlatform", "CloudyModels", argumentParser,
      ]
    ),
    .executableTarget(
      name: "cloudy-forecast-fetch", dependencies: ["CloudyFetchCLI", "CloudyCLI"]),

    // MARK: Build tools
    // Turns migrations/*.sql into a Swift file so a copied binary still migrates.
    .executableTarget(name: "MigrationEmbedder"),
    .plugin(
      name: "EmbedMigrations",
      capability: .buildTool(),
      dependencies: ["MigrationEmbedder"]
    ),

    // MARK: Tests
    .testTarget(name: "CloudyPlatformTests", dependencies: ["CloudyPlatform"]),
    .testTarget(
      name: "CloudyStoreTests",
      dependencies: [
        "CloudyStore", "CloudyStoring", "CloudyModels", "CloudyPlatform", "CloudyTestSupport",
      ]),
    .testTarget(name: "CloudyModelsTests", dependencies: ["CloudyModels", "CloudyTestFakes"]),
    .testTarget(
      name: "CloudyGazetteerTests",
      dependencies: ["CloudyGazetteer", "CloudyServices", "CloudyModels", "CloudyTestFakes"]),
    .testTarget(name: "CloudyExchangeTests", dependencies: ["CloudyExchange", "CloudyModels"]),
    // In-memory stores and a geocoder with the store's rules, shared by the view-model and app
    // tests (the storing contract suite runs them beside SQLite).
    .target(
      name: "CloudyTestFakes", dependencies: ["CloudyStoring", "CloudyServices", "CloudyModels"],
      path: "Tests/CloudyTestFakes"),
    // A loopback HTTP server that replays provider responses, shared by the test targets.
    .target(name: "CloudyTestSupport", path: "Tests/CloudyTestSupport"),
    .testTarget(
      name: "CloudyProvidersTests",
      dependencies: [
        "CloudyProviders", "CloudyDecoding", "CloudyServices", "CloudyPlatform", "CloudyModels",
        "CloudyTestSupport",
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "CloudyViewModelsTests",
      dependencies: [
        "CloudyViewModels", "CloudyStoring", "CloudyStore", "CloudyServices", "CloudyGazetteer",
        "CloudyPlatform", "CloudyModels", "CloudyTestFakes",
      ]
    ),
    .testTarget(
      name: "CloudyTerminalUITests",
      dependencies: [
        "CloudyTerminalUI", "CloudyViewModels", "CloudyStoring", "CloudyServices", "CloudyPlatform",
        "CloudyModels", "CloudyTestFakes",
      ]
    ),
    // The command libraries in-process: JSON shapes, parsing and exit statuses.
    .testTarget(
      name: "CloudyCommandsTests",
      dependencies: [
        "CloudyDBCLI", "CloudyLocationsCLI", "CloudySettingsCLI", "CloudyAppCLI", "CloudyFetchCLI",
        "CloudyForecastCLI", "CloudyCLI", "CloudyJSON", "CloudyPlatform",
        "CloudyModels",
        "CloudyServices",
        "CloudyStore", "CloudyStoring", "CloudyTestFakes", "CloudyViewModels", argumentParser,
      ]),
    // cloudy-web's routes in-process: requests through its router and middlewares, as
    // HummingbirdTesting's `.router` mode runs them, without its AsyncHTTPClient and BoringSSL.
    .testTarget(
      name: "CloudyWebTests",
      dependencies: [
        "CloudyWeb", "CloudyModels", "CloudyStoring", "CloudyStore", "CloudyViewModels",
        // The hub wire's client (cloudy-db sync URL), run against the routes in-process.
        "CloudyCLI", "CloudyDBCLI", "CloudyJSON",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]),
    // End-to-end: runs the built executables as processes against temporary databases.
    .testTarget(
      name: "CloudyToolTests",
      dependencies: ["CloudyStore", "CloudyTestSupport", "CloudyTestFakes"],
      resources: [.copy("Fixtures")]
    ),
  ],
  swiftLanguageModes: [.v6],
  cLanguageStandard: .c2x
)

// One list of compiler settings for every Swift target, tests included (a target added later
// gets it too): imports stay honest (a member is visible only where its module is imported, an
// import is internal unless a public API needs it) and existentials are spelled `any`.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("ExistentialAny"),
]
for target in package.targets where target.type != .system && target.type != .plugin {
  target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}

// The command tree a tool start runs through builds concrete generic types (each command's
// `KeyedDecodingContainer<CodingKeys>`, its argument wrappers, the store's and the view models'
// collections) through their metadata accessors, not by demangling their names at run time,
// which checks each conformance they need by scanning every conformance record of the process
// (about 4,300): `cloudy-forecast show --week` 0.37 M instructions less at every start, an
// eighth of what it does beyond `--version` (issue 40, Benchmarks/README.md). Code generation
// only: nothing behaves differently.
//
// Only on the command libraries, which no library product contains: SwiftPM refuses a package
// fetched by URL whose product holds a target with unsafe flags ("the target 'X' in product 'Y'
// contains unsafe build flags"), and an app that depends on `CloudyStore` or `CloudyViewModels`
// must keep building. (On the lower targets too it saved 0.09 M more: not worth that.)
let metadataAccessors = SwiftSetting.unsafeFlags([
  "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
])
let productTargets = Set(
  package.products.compactMap { $0 as? Product.Library }.flatMap(\.targets))
for target in package.targets
where ["CloudyForecastCLI", "CloudyCLI"].contains(target.name) {
  precondition(!productTargets.contains(target.name), "unsafe flags in a library product")
  target.swiftSettings = (target.swiftSettings ?? []) + [metadataAccessors]
}
