import Foundation
import Testing

/// Runs `tool` on the database `db` and expects it to succeed, as a user's command would.
@discardableResult
func runSucceeding(_ tool: String, _ arguments: [String], _ db: String) throws -> ToolRunner.Result
{
  let result = try ToolRunner.run(tool, arguments + ["--db", db])
  #expect(result.status == 0, "\(tool) \(arguments): \(result.standardError)")
  return result
}

/// Polls `condition` until it holds or 30 s pass (a safety net, not a measurement).
func eventually(_ condition: () throws -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(30)
  while Date() < deadline {
    if (try? condition()) == true { return true }
    Thread.sleep(forTimeInterval: 0.1)
  }
  return false
}
