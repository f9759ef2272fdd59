import CloudyTestSupport
import Foundation
import Testing

/// Nested in `WebBrowserTests` (serialized): one Chromium at a time on the machine.
extension WebBrowserTests {
  /// One truth on a page while the file changes under it: another process selects, renames or
  /// adds the first place and every part of the open Weather page that depends on it (heading,
  /// title, forecast) follows, checked against `cloudy-locations list --json`; an update that
  /// arrives while the focus is inside a live region is applied around the focused control; and
  /// the confirmation pages act on the place they named, by id, after another process reorders
  /// the list.
  @Suite("cloudy-web in headless Chromium: one truth while it changes")
  struct LiveTruth {
    /// The selected place's name, as `cloudy-locations list --json` says.
    private static func selectedName(_ db: String) throws -> String? {
      let listed = try ToolRunner.run("cloudy-locations", ["list", "--json", "--db", db])
      let object = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8))
      let sections = ((object as? [String: Any])?["sections"] as? [[String: Any]]) ?? []
      let rows = sections.flatMap { ($0["rows"] as? [[String: Any]]) ?? [] }
      return rows.first { $0["selected"] as? Bool == true }?["name"] as? String
    }

    /// Waits until the open page's heading and title name `name`; false if they never do.
    private static func showsPlace(_ browser: BrowserSession, _ name: String) throws -> Bool {
      try browser.waitUntil(
        "return document.querySelector('main h1').innerText === arguments[0] && document.title.includes(arguments[0])",
        [name])
    }

    @Test(
      "the Weather page's heading, title and forecast follow a selection, a rename and a first place"
    )
    func weatherPageFollowsEveryChange() throws {
      let folder = try ToolTestFolder()
      let db = folder.file("cloudy.sqlite")
      let web = try WebServerProcess(database: db, ["--offline"])
      let base = "http://127.0.0.1:\(web.port)"
      let browser = try BrowserSession()
      try browser.open(base + "/")
      #expect(try browser.text("main h1") == "Weather")
      try browser.run("window.cloudyMarker = 1")

      // The first place, added from a terminal: the page names it (not "Weather").
      let added = try ToolRunner.run(
        "cloudy-locations",
        ["add", "--name", "Richmond", "--lat", "37.55", "--lon", "-77.46", "--db", db])
      #expect(added.status == 0, "\(added.standardError)")
      #expect(try Self.showsPlace(browser, "Richmond"), "\((try? browser.text("main")) ?? "")")
      #expect(try browser.text("#weather").contains("No forecast of Richmond is cached yet"))

      // Another device selects another place.
      _ = try ToolRunner.run(
        "cloudy-locations",
        ["add", "--name", "Oslo", "--lat", "59.91", "--lon", "10.75", "--db", db])
      let selected = try ToolRunner.run("cloudy-locations", ["select", "Oslo", "--db", db])
      #expect(selected.status == 0, "\(selected.standardError)")
      #expect(try Self.selectedName(db) == "Oslo")
      #expect(
        try Self.showsPlace(browser, "Oslo"), "heading \((try? browser.text("main h1")) ?? "")")
      #expect(try browser.text("#weather").contains("No forecast of Oslo is cached yet"))

      // The selected place renamed elsewhere.
      let renamed = try ToolRunner.run(
        "cloudy-locations", ["rename", "Oslo", "Oslo, home", "--db", db])
      #expect(renamed.status == 0, "\(renamed.standardError)")
      #expect(try Self.selectedName(db) == "Oslo, home")
      #expect(try Self.showsPlace(browser, "Oslo, home"))
      #expect(try browser.run("return window.cloudyMarker") as? Int == 1, "the page was reloaded")
      #expect(web.stop() == 0)
    }

    @Test("an update arriving while the focus is inside a live region is applied, the focus kept")
    func updateAroundTheFocus() throws {
      let folder = try ToolTestFolder()
      let db = try AppTerminalTests.database(
        folder, places: [AppTerminalTests.richmond, AppTerminalTests.oslo])
      let web = try WebServerProcess(database: db, ["--offline"])
      let browser = try BrowserSession()
      try browser.open("http://127.0.0.1:\(web.port)/places")
      try browser.run("document.querySelector(\"button[aria-label='Select Oslo']\").focus()")
      #expect(
        try browser.run("return document.activeElement.getAttribute('aria-label')") as? String
          == "Select Oslo")
      let renamed = try ToolRunner.run(
        "cloudy-locations", ["rename", "Richmond", "Richmond, Virginia", "--db", db])
      #expect(renamed.status == 0)
      #expect(
        try browser.waitUntil(
          "return document.querySelector('#places').innerText.includes('Richmond, Virginia')"),
        "the list under the focus was not updated")
      #expect(
        try browser.run("return document.activeElement.getAttribute('aria-label')") as? String
          == "Select Oslo")
      // And once the focus leaves, nothing is stale either.
      try browser.run("document.activeElement.blur()")
      #expect(!(try browser.text("#places").contains("Richmond\n")))
      #expect(web.stop() == 0)
    }

    @Test(
      "typing in the rename field while another process renames the place: applied, focus, text and caret kept"
    )
    func typingInALiveRegion() throws {
      let folder = try ToolTestFolder()
      let db = try AppTerminalTests.database(
        folder, places: [AppTerminalTests.richmond, AppTerminalTests.oslo])
      let web = try WebServerProcess(database: db, ["--offline"])
      let browser = try BrowserSession()
      let oslo = try sqlite3(db, "SELECT id FROM location WHERE name = 'Oslo'")
      try browser.open("http://127.0.0.1:\(web.port)/places/\(oslo)/rename")
      #expect(try browser.text("main h1") == "Rename Oslo")
      // The field is inside the live region; the user types a new name, caret after "Oslo".
      #expect(
        try browser.run("return !!document.querySelector('[data-live] #name')") as? Bool == true)
      try browser.run("document.querySelector('#name').value = ''")
      try browser.type("Oslo sentrum", into: "#name")
      try browser.run("document.querySelector('#name').setSelectionRange(4, 4)")
      let marker = try browser.run("return document.documentElement.getAttribute('data-updated')")
      let renamed = try ToolRunner.run(
        "cloudy-locations", ["rename", "Oslo", "Christiania", "--db", db])
      #expect(renamed.status == 0, "\(renamed.standardError)")
      // The update is applied under the focus: the heading and the title name the place as the
      // file now does, not as it was.
      #expect(
        try browser.waitUntil(
          "return document.querySelector('main h1').innerText === 'Rename Christiania' && document.title.includes('Christiania')"
        ), "heading \((try? browser.text("main h1")) ?? "")")
      #expect(
        try browser.run("return document.documentElement.getAttribute('data-updated')") as? String
          != marker as? String)
      #expect(try browser.run("return document.activeElement.id") as? String == "name")
      #expect(
        try browser.run("return document.querySelector('#name').value") as? String
          == "Oslo sentrum")
      #expect(
        try browser.run(
          "var f = document.querySelector('#name'); return [f.selectionStart, f.selectionEnd]")
          as? [Int] == [4, 4])
      // Typing goes on at the caret.
      try browser.type(" ", into: "#name")
      #expect(
        try browser.run("return document.querySelector('#name').value") as? String
          == "Oslo  sentrum")
      // Focus leaves; another change arrives: the region is current, the typed text stays.
      try browser.run("document.activeElement.blur()")
      #expect(
        try ToolRunner.run(
          "cloudy-locations", ["rename", "Christiania", "Kristiania", "--db", db]
        ).status == 0)
      #expect(
        try browser.waitUntil(
          "return document.querySelector('main h1').innerText === 'Rename Kristiania'"))
      #expect(
        try browser.run("return document.querySelector('#name').value") as? String
          == "Oslo  sentrum")
      // And what was typed is what the form saves, on the place the page names.
      try browser.run("document.querySelector('#name').value = 'Oslo sentrum'")
      try browser.click("main form button[type='submit']")
      #expect(try browser.waitUntil("return location.pathname === '/places'"))
      #expect(try AppTerminalTests.names(db) == "Richmond|Oslo sentrum")

      // The place removed elsewhere while its rename page is open and focused: the page says
      // it is gone rather than keep offering a form for it.
      let richmond = try sqlite3(db, "SELECT id FROM location WHERE name = 'Richmond'")
      try browser.open("http://127.0.0.1:\(web.port)/places/\(richmond)/rename")
      try browser.type("Richmond, VA", into: "#name")
      #expect(
        try ToolRunner.run("cloudy-locations", ["remove", "Richmond", "--db", db]).status == 0)
      #expect(
        try browser.waitUntil(
          "return document.querySelector('main').innerText.includes('no saved place') && !document.querySelector('#name')"
        ), "\((try? browser.text("main")) ?? "")")
      #expect(web.stop() == 0)
    }

    @Test("the remove and rename pages act on the place they named after another process reorders")
    func confirmationsActById() throws {
      let folder = try ToolTestFolder()
      let db = try AppTerminalTests.database(
        folder,
        places: [AppTerminalTests.richmond, AppTerminalTests.auckland, AppTerminalTests.oslo])
      let web = try WebServerProcess(database: db, ["--offline"])
      let base = "http://127.0.0.1:\(web.port)"
      let browser = try BrowserSession()
      let auckland = try sqlite3(db, "SELECT id FROM location WHERE name = 'Auckland'")

      // Remove: the page names Auckland; Oslo takes its row; the button removes Auckland.
      try browser.open(base + "/places/\(auckland)/remove")
      #expect(try browser.text("h1") == "Remove Auckland?")
      #expect(
        try ToolRunner.run("cloudy-locations", ["move", "Oslo", "2", "--db", db]).status == 0)
      #expect(try AppTerminalTests.names(db) == "Richmond|Oslo|Auckland")
      try browser.click("main form button[type='submit']")
      #expect(try browser.waitUntil("return location.pathname === '/places'"))
      #expect(try AppTerminalTests.names(db) == "Richmond|Oslo")
      #expect(try browser.text("#banner").contains("Removed Auckland."))

      // Rename: the form names Oslo; Richmond takes its row; the new name lands on Oslo.
      let oslo = try sqlite3(db, "SELECT id FROM location WHERE name = 'Oslo'")
      try browser.open(base + "/places/\(oslo)/rename")
      #expect(
        try ToolRunner.run("cloudy-locations", ["move", "Richmond", "2", "--db", db]).status == 0)
      try browser.run("document.querySelector('#name').value = ''")
      try browser.type("Oslo, home", into: "#name")
      try browser.click("main form button[type='submit']")
      #expect(try browser.waitUntil("return location.pathname === '/places'"))
      #expect(try AppTerminalTests.names(db) == "Oslo, home|Richmond")

      // Gone meanwhile: the confirmation says so and removes nothing else.
      let richmond = try sqlite3(db, "SELECT id FROM location WHERE name = 'Richmond'")
      try browser.open(base + "/places/\(richmond)/remove")
      #expect(
        try ToolRunner.run("cloudy-locations", ["remove", "Richmond", "--db", db]).status == 0)
      try browser.click("main form button[type='submit']")
      #expect(
        try browser.waitUntil(
          "return document.querySelector('main').innerText.includes('no saved place')"))
      #expect(try AppTerminalTests.names(db) == "Oslo, home")
      #expect(web.stop() == 0)
    }
  }
}
