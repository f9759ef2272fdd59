public import ArgumentParser
import CloudyCLI
import CloudyGazetteer
import CloudyServices

/// `cloudy-locations`: the locations list — the current location and the saved places.
public struct CloudyLocations: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "cloudy-locations",
    abstract: "List, add, search, remove, select, rename and reorder Cloudy's places.",
    discussion: """
      The list has two sections: Current Location (the device's position, set here with \
      `current --lat X --lon Y`) and Saved Locations, in your order. One place is selected: \
      the one the forecast shows (marked * in `list`).

      PLACE is a row number as `list` prints it (1 = the first saved place) or a name, \
      matched ignoring case; a unique beginning is enough ("rich" for "Richmond, Virginia, \
      US"). A place whose name is all digits is reached with --name NAME instead.

      `add NAME` looks NAME up in the built-in gazetteer ("Richmond, VA", "richmond va", \
      "Paris, France", "Wien", "Москва", "St Paul, MN") and saves only a place named so, by \
      its name or another name it goes by. When several places are, it adds the best one \
      (the most populous, its own name first unless another name belongs to a far bigger \
      place), says which, and lists the others: choose another with --pick N, or see them \
      first with `search NAME`. When none is (a beginning such as "Springf", a misspelling), \
      it saves nothing, exits 66 and lists the closest places for --pick N. \
      `add --name NAME --lat X --lon Y` saves exact coordinates.

      Names are stored exactly as typed, without surrounding spaces: quotes, emoji and \
      right-to-left text are kept; empty names, names over 200 characters and control \
      characters are refused.

      `list`, `search` and `current` without options never create the database.

      Exit status: 0 ok, 64 usage, 65 invalid name, coordinate or value, a duplicate, or not \
      a Cloudy database, 66 no such place (or no place matches), 69 the place list is \
      unavailable, 74 I/O or permission, 75 busy (try again), 78 written by a newer Cloudy. \
      A refused command changes nothing and creates no file.

      \(GazetteerGeocoder.attribution)
      """,
    version: CloudyVersion.string,
    subcommands: [
      List.self, Add.self, Search.self, Remove.self, Select.self, Rename.self, Move.self,
      Current.self,
    ],
    defaultSubcommand: List.self
  )

  public static let tool = "cloudy-locations"

  public init() {}
}
