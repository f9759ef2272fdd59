import CloudyJSON
import Testing

/// The one JSON writer: escapes, numbers and the three layouts, byte for byte (it writes UTF-8
/// bytes, not a `String`, since `show --hourly --json` of 384 hours spent most of its time
/// appending to one).
@Suite("JSON writer: escapes, numbers, layouts")
struct JSONWriterTests {
  static let tricky = "a\"b\\c\n\r\t\u{1}\u{1F}\u{7F}\u{2028}\u{2029} é · 😀 µg/m³"
  static let escaped = #""a\"b\\c\n\r\t\u0001\u001f\u007f\u2028\u2029 é · 😀 µg/m³""#

  @Test(
    "a string: quotes, backslashes and control characters escaped, U+2028/9 too, the rest as is")
  func escapes() {
    #expect(JSON.string(Self.tricky).rendered() == Self.escaped)
    #expect(JSON.string(Self.tricky).compact() == Self.escaped)
    #expect(JSON.string("").rendered() == #""""#)
    #expect(JSON.string("plain").compact() == #""plain""#)
  }

  @Test("numbers: whole as integers, the shortest form that reads back, decimals with a point")
  func numbers() {
    #expect(JSON.double(68).rendered() == "68")
    #expect(JSON.double(21.740000000000002).rendered() == "21.740000000000002")
    #expect(JSON.measurement(21.740000000000002).rendered() == "21.74")
    #expect(JSON.double(.nan).rendered() == "null")
    #expect(JSON.decimal(10).rendered() == "10.0")
    #expect(JSON.decimal(0).rendered() == "0.0")
    #expect(JSON.int(-3).rendered() == "-3")
  }

  @Test("pretty: a member a line; an inline object on one line; compact: no spaces")
  func layouts() {
    let value = JSON.object([
      ("name", .string("Berlin")), ("empty", .array([])), ("none", .object([])),
      (
        "quantities",
        .object([
          (
            "windSpeed",
            .inlineObject([
              ("value", .double(3.32)), ("unit", .string("mph")), ("text", .string("3 mph")),
            ])
          ),
          ("nested", .inlineObject([("list", .array([.int(1), .int(2)])), ("ok", .bool(true))])),
        ])
      ),
      ("list", .array([.int(1), .null])),
    ])
    #expect(
      value.rendered() == """
        {
          "name": "Berlin",
          "empty": [],
          "none": {},
          "quantities": {
            "windSpeed": {"value": 3.32, "unit": "mph", "text": "3 mph"},
            "nested": {"list": [1,2], "ok": true}
          },
          "list": [
            1,
            null
          ]
        }
        """)
    #expect(
      value.compact()
        == #"{"name":"Berlin","empty":[],"none":{},"quantities":{"windSpeed":{"value":3.32,"unit":"mph","text":"3 mph"},"nested":{"list":[1,2],"ok":true}},"list":[1,null]}"#
    )
    #expect(Array(value.rendered().utf8) == value.renderedBytes())
    var pieces: [[UInt8]] = []
    value.render { pieces.append($0) }
    #expect(pieces.joined().elementsEqual(Array((value.rendered() + "\n").utf8)))
    #expect(
      JSON.array([.decimal(174.76), .decimal(-36.85)]).exported()
        == Array("[174.76, -36.85]\n".utf8))
  }

  @Test(
    "a lazy array is the array of its elements, made as it is written; long documents in pieces")
  func lazyArrayAndPieces() {
    let hours = (0..<3000).map { JSON.object([("hour", .int(Int64($0))), ("text", .string("x"))]) }
    let lazy = JSON.object([
      ("hours", .lazyArray(count: hours.count) { hours[$0] }),
      ("none", .lazyArray(count: 0) { _ in .null }),
    ])
    let eager = JSON.object([("hours", .array(hours)), ("none", .array([]))])
    #expect(lazy.rendered() == eager.rendered())
    #expect(lazy.compact() == eager.compact())
    var pieces: [[UInt8]] = []
    lazy.render { pieces.append($0) }
    #expect(pieces.count > 1)  // about 64 KiB each
    #expect(pieces.dropLast().allSatisfy { $0.count >= 65_536 && $0.count < 70_000 })
    #expect(pieces.joined().elementsEqual(Array((eager.rendered() + "\n").utf8)))
  }
}
