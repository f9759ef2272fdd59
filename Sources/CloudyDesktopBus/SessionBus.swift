import CDBus

/// Why the session bus could not be used, in words for the error line.
public enum DesktopBusError: Error, Hashable, Sendable {
  /// There is no session bus to connect to (no desktop session: `DBUS_SESSION_BUS_ADDRESS`
  /// unset or dead); libdbus's own message.
  case noSessionBus(String)
  /// A call on the bus failed: the service is missing, answered with an error or did not
  /// answer; the method and libdbus's message.
  case callFailed(method: String, String)
}

/// A private connection to the user's session D-Bus (libdbus-1), used on one thread.
///
/// Private (`dbus_bus_get_private`), so closing it touches no connection anything else in the
/// process shares, and libdbus is told not to exit the process when the bus goes away: a lost
/// bus is an error the caller reports.
public final class SessionBus {
  let connection: OpaquePointer

  /// Connects to the session bus; throws `noSessionBus` when there is none.
  public init() throws(DesktopBusError) {
    var error = DBusError()
    dbus_error_init(&error)
    guard let connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error) else {
      let message = Self.message(&error) ?? "libdbus gave no reason"
      throw .noSessionBus(message)
    }
    dbus_connection_set_exit_on_disconnect(connection, 0)
    self.connection = connection
  }

  deinit {
    dbus_connection_close(connection)
    dbus_connection_unref(connection)
  }

  /// Calls `method` and waits up to `timeoutMilliseconds` for the reply; `arguments` appends
  /// the call's arguments, `reply` reads the answer's.
  func call<Result>(
    destination: String, path: String, interface: String, method: String,
    timeoutMilliseconds: Int32 = 5_000,
    arguments: (inout DBusMessageIter) -> Bool,
    reply: (inout DBusMessageIter) -> Result?
  ) throws(DesktopBusError) -> Result {
    guard let message = dbus_message_new_method_call(destination, path, interface, method) else {
      throw .callFailed(method: method, "out of memory")
    }
    defer { dbus_message_unref(message) }
    var iterator = DBusMessageIter()
    dbus_message_iter_init_append(message, &iterator)
    guard arguments(&iterator) else { throw .callFailed(method: method, "out of memory") }
    var error = DBusError()
    dbus_error_init(&error)
    guard
      let answer = dbus_connection_send_with_reply_and_block(
        connection, message, timeoutMilliseconds, &error)
    else {
      throw .callFailed(method: method, Self.message(&error) ?? "no reply")
    }
    defer { dbus_message_unref(answer) }
    var reading = DBusMessageIter()
    if dbus_message_iter_init(answer, &reading) == 0 {
      // No arguments: a method that returns nothing.
      if let empty = reply(&reading) { return empty }
      throw .callFailed(method: method, "the reply had no value")
    }
    guard let result = reply(&reading) else {
      throw .callFailed(method: method, "the reply was not of the documented type")
    }
    return result
  }

  /// libdbus's message, and the error freed.
  private static func message(_ error: inout DBusError) -> String? {
    defer { dbus_error_free(&error) }
    guard dbus_error_is_set(&error) != 0, let text = error.message else { return nil }
    return String(cString: text)
  }
}

/// Appending D-Bus values (the type codes of the D-Bus specification's signatures).
enum BusValue {
  static let string = Int32(UInt8(ascii: "s"))
  static let uint32 = Int32(UInt8(ascii: "u"))
  static let int32 = Int32(UInt8(ascii: "i"))
  static let byte = Int32(UInt8(ascii: "y"))
  static let array = Int32(UInt8(ascii: "a"))
  static let variant = Int32(UInt8(ascii: "v"))
  static let dictEntry = Int32(UInt8(ascii: "e"))

  /// A string: UTF-8 without NUL (D-Bus refuses NUL; Swift strings are valid UTF-8).
  static func append(_ text: String, to iterator: inout DBusMessageIter) -> Bool {
    let clean = text.contains("\0") ? String(text.filter { $0 != "\0" }) : text
    return clean.withCString { pointer in
      var value: UnsafePointer<CChar>? = pointer
      return dbus_message_iter_append_basic(&iterator, string, &value) != 0
    }
  }

  static func append(_ value: UInt32, to iterator: inout DBusMessageIter) -> Bool {
    var value = value
    return dbus_message_iter_append_basic(&iterator, uint32, &value) != 0
  }

  static func append(_ value: Int32, to iterator: inout DBusMessageIter) -> Bool {
    var value = value
    return dbus_message_iter_append_basic(&iterator, int32, &value) != 0
  }

  /// A container (`a`, `e`, `v`) of the given signature, filled by `body`.
  static func container(
    _ type: Int32, signature: String?, in iterator: inout DBusMessageIter,
    _ body: (inout DBusMessageIter) -> Bool
  ) -> Bool {
    var inner = DBusMessageIter()
    let opened =
      if let signature {
        dbus_message_iter_open_container(&iterator, type, signature, &inner)
      } else {
        dbus_message_iter_open_container(&iterator, type, nil, &inner)
      }
    guard opened != 0 else { return false }
    let filled = body(&inner)
    guard dbus_message_iter_close_container(&iterator, &inner) != 0 else { return false }
    return filled
  }

  /// A `{sv}` entry whose variant holds a byte.
  static func byteEntry(_ key: String, _ value: UInt8, in dictionary: inout DBusMessageIter)
    -> Bool
  {
    container(dictEntry, signature: nil, in: &dictionary) { entry in
      guard append(key, to: &entry) else { return false }
      return container(variant, signature: "y", in: &entry) { inner in
        var value = value
        return dbus_message_iter_append_basic(&inner, byte, &value) != 0
      }
    }
  }

  /// The current argument as a uint32, nil when it is of another type.
  static func readUInt32(_ iterator: inout DBusMessageIter) -> UInt32? {
    guard dbus_message_iter_get_arg_type(&iterator) == uint32 else { return nil }
    var value: UInt32 = 0
    dbus_message_iter_get_basic(&iterator, &value)
    return value
  }
}
