import Foundation
import HTTPTypes
import Testing

/// The small defects of issue 32, each as a user or a script meets it, through the router in
/// this process (`InProcessWeb`).
@Suite("cloudy-web in-process: what a page and the API say")
struct WebDefectTests {
  @Test("the chosen setting's row carries class=\"selected\", not an escaped attribute")
  func settingsMarkTheChosenRow() async throws {
    let web = try InProcessWeb()
    let page = try await web.get("/settings").text
    #expect(!page.contains("&quot;selected&quot;"), "the class was escaped into the tag")
    // One chosen row per section: time, units, temperature, which alerts to show, and the
    // unit of wind, pressure, precipitation, distance and the air-quality scale.
    #expect(page.components(separatedBy: "<li class=\"selected\">").count - 1 == 9, "\(page)")
  }

  @Test("?notice= shows only notices this server made; made-up text from the address is not shown")
  func noticesOnlyFromTheServer() async throws {
    let web = try InProcessWeb()
    for path in [
      "/settings?notice=Your+password+expired%3A+log+in+at+evil.example",
      "/?notice=Your+password+expired", "/places?notice=n1",
    ] {
      let page = try await web.get(path).text
      #expect(!page.contains("class=\"notice\""), "\(path) showed a notice")
      #expect(!page.contains("evil.example") && !page.contains("password"), "\(path)")
    }
    // An action's own notice still shows after its redirect.
    let posted = try await web.postForm("/settings", [("setting", "time"), ("value", "24h")])
    #expect(posted.status == 303)
    let location = try #require(posted.header("location"))
    #expect(location.hasPrefix("/settings?notice="))
    let page = try await web.get(location).text
    #expect(page.contains("<p class=\"notice\" role=\"status\">Time Notation: "), "\(page)")
  }

  @Test("an unknown API path is 404 problem+json; an unknown page is a 404 page")
  func unknownPaths() async throws {
    let web = try InProcessWeb()
    let api = try await web.get("/api/nope")
    #expect(api.status == 404)
    #expect(api.header("Content-Type") == "application/problem+json")
    let problem = try #require(
      try JSONSerialization.jsonObject(with: Data(api.body)) as? [String: Any])
    #expect(problem["status"] as? Int == 404)
    #expect((problem["detail"] as? String)?.contains("/api/nope") == true)
    let page = try await web.get("/nope")
    #expect(page.status == 404)
    #expect(page.header("Content-Type") == "text/html; charset=utf-8")
    #expect(page.text.contains("Not found"))
    // A known API path asked with a method it lacks is still 405 with Allow.
    let wrong = try await web.send(.put, "/api/places")
    #expect(wrong.status == 405)
    #expect(wrong.header("Allow") == "GET, POST, HEAD")
  }

  @Test("HEAD answers as GET does, without the body")
  func headAnswersAsGet() async throws {
    let web = try InProcessWeb()
    for path in ["/", "/places", "/settings", "/api/places", "/static/style.css"] {
      let get = try await web.get(path)
      let head = try await web.send(.head, path)
      #expect(head.status == 200, "HEAD \(path)")
      #expect(head.body.isEmpty, "HEAD \(path) has a body")
      #expect(head.header("Content-Type") == get.header("Content-Type"), "HEAD \(path)")
      #expect(head.header("Content-Length") == String(get.body.count), "HEAD \(path)")
    }
    #expect(try await web.send(.head, "/nope").status == 404)
  }

  @Test("a name with a right-to-left override is isolated wherever a page shows it")
  func rightToLeftOverrideIsolated() async throws {
    let web = try InProcessWeb()
    let name = "Oslo \u{202E}olsO"
    let id = try await web.addPlace(name)
    let places = try await web.get("/places").text
    #expect(places.contains("<span class=\"name\"><bdi>\(name)</bdi>"), "\(places)")
    let weather = try await web.get("/").text
    #expect(weather.contains("<h1><bdi>\(name)</bdi></h1>"), "\(weather)")
    #expect(weather.contains("<title>\u{2068}\(name)\u{2069} · Cloudy</title>"))
    let remove = try await web.get("/places/\(id)/remove").text
    #expect(remove.contains("<h1>Remove <bdi>\(name)</bdi>?</h1>"))
    // The notice after an action names the place isolated too.
    let posted = try await web.postForm("/places/\(id)/remove", [])
    let notice = try await web.get(try #require(posted.header("location"))).text
    #expect(notice.contains("Removed <bdi>\(name)</bdi>."), "\(notice)")
  }

  @Test("POST /api/places with a body that is not declared JSON is refused with 415")
  func nonJSONBodyRefused() async throws {
    let web = try InProcessWeb()
    let body = "{\"name\":\"Oslo\",\"latitude\":59.91,\"longitude\":10.75}"
    for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"] {
      let reply = try await web.send(
        .post, "/api/places", headers: [.contentType: type], body: body)
      #expect(reply.status == 415, "\(type): \(reply.text)")
      #expect(reply.header("Content-Type") == "application/problem+json")
    }
    let missing = try await web.send(.post, "/api/places", body: body)
    #expect(missing.status == 415)
    let list = try await web.get("/api/places").text
    #expect(!list.contains("Oslo"), "a refused body wrote a place: \(list)")
    // Declared JSON (with a charset) is accepted.
    let accepted = try await web.send(
      .post, "/api/places", headers: [.contentType: "application/json; charset=utf-8"],
      body: body)
    #expect(accepted.status == 201, "\(accepted.text)")
  }

  @Test("the login page does not load the script that would then be refused on /events")
  func loginPageWithoutScript() async throws {
    let web = try InProcessWeb(token: "household-secret")
    let login = try await web.get("/")
    #expect(login.status == 401)
    #expect(login.text.contains("Log in to Cloudy"))
    #expect(!login.text.contains("app.js"), "\(login.text)")
    let page = try await web.get("/", headers: [.authorization: "Bearer household-secret"])
    #expect(page.status == 200)
    #expect(page.text.contains("<script src=\"/static/app.js\" defer></script>"))
  }
}

/// Behind a reverse proxy with the household's certificate, the pages are https while
/// cloudy-web hears http: a form from its own origin by https is its own, another is not.
@Suite("cloudy-web in-process: its own origin by https")
struct WebOwnOriginTests {
  @Test("a form posted from https://its-own-host is accepted; from another host it is refused")
  func ownOriginByHTTPS() async throws {
    let web = try InProcessWeb()
    let body = "csrf=test-csrf-token&setting=time&value=24h"
    let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    var own = form
    own[.origin] = "https://\(web.host)"
    #expect(try await web.send(.post, "/settings", headers: own, body: body).status == 303)
    var other = form
    other[.origin] = "https://evil.example"
    #expect(try await web.send(.post, "/settings", headers: other, body: body).status == 403)
  }
}
