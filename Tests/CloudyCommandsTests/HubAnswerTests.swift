import Testing

@testable import CloudyDBCLI

/// `cloudy-db sync URL` reads the hub's HTTP/1.1 answers with its own small reader (cloudy-db
/// links no HTTP library): a whole answer, a chunked one, and one cut short.
@Suite struct HubAnswerTests {
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func anAnswerWithALengthIsReadToItsLength() throws {
    let answer = try #require(
      HTTPAnswer(
        Self.bytes(
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4\r\n\r\n{}\r\nextra"
        )
      ))
    #expect(answer.status == 200)
    #expect(answer.body == Self.bytes("{}\r\n"))
  }

  @Test func aChunkedAnswerIsJoined() throws {
    let answer = try #require(
      HTTPAnswer(
        Self.bytes(
          "HTTP/1.1 409 Conflict\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=x\r\n{\"det\r\n9\r\nail\":\"a\"}\r\n0\r\n\r\n")))
    #expect(answer.status == 409)
    #expect(answer.body == Self.bytes("{\"detail\":\"a\"}"))
    #expect(HubAnswer(status: answer.status, body: answer.body).problemDetail == "a")
  }

  @Test func anAnswerCutShortIsNoAnswer() {
    #expect(HTTPAnswer(Self.bytes("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort")) == nil)
    #expect(
      HTTPAnswer(Self.bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab")) == nil)
    #expect(HTTPAnswer(Self.bytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n")) == nil)
    #expect(HTTPAnswer(Self.bytes("not http\r\n\r\n")) == nil)
  }
}
