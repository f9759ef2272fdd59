import Foundation
import PackagePlugin

/// Embeds the top-level `migrations/NNNN_name.sql` files into the target as generated Swift,
/// so the SQL files stay the single source of truth and a copied binary can still migrate.
@main
struct EmbedMigrations: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "migrations")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".sql") }
      .sorted()
    let inputs = names.map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count) migration(s) into \(target.name)",
        executable: try context.tool(named: "MigrationEmbedder").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
