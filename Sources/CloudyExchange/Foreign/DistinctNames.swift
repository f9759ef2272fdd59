import CloudyModels

/// Names a foreign file has more than once, made distinct the way a person would tell them
/// apart: with what the file says about each place ("Black Bear Diner (Redding)"), else with a
/// number ("Pho 2 (2)"). Google Takeout lists every branch of a chain under the chain's name,
/// and Cloudy stores each name once (the schema's `UNIQUE COLLATE NOCASE`).
///
/// The first place of a name keeps it when no qualifier tells the places apart; with
/// qualifiers every place of the group gets its own, so none of them is "the" one.
enum DistinctNames {
  static func apply(
    _ places: inout [PlacesDocument.Place], qualifiers: [String?], leftOut: inout LeftOut,
    itemLabel: String?
  ) {
    // Most files repeat no name: count first, and group only the names that repeat.
    let keys = places.map { PlaceName.uniquenessKey($0.name) }
    var counts: [String: Int] = [:]
    counts.reserveCapacity(keys.count)
    for key in keys { counts[key, default: 0] += 1 }
    guard counts.count < keys.count else { return }
    var groups: [String: [Int]] = [:]
    var order: [String] = []
    for (index, key) in keys.enumerated() where counts[key]! > 1 {
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(index)
    }
    var taken = Set(keys)
    for key in order {
      guard let members = groups[key], members.count > 1 else { continue }
      let labels = members.map { qualifiers.indices.contains($0) ? qualifiers[$0] : nil }
      let distinctLabels =
        labels.allSatisfy { $0 != nil }
        && Set(labels.map { PlaceName.uniquenessKey($0!) }).count == labels.count
      for (position, index) in members.enumerated() {
        let original = places[index].name
        var candidate: String?
        if distinctLabels, let label = labels[position] {
          candidate = "\(original) (\(label))"
        } else if position > 0 {
          var number = position + 1
          repeat {
            candidate = "\(original) (\(number))"
            number += 1
          } while taken.contains(PlaceName.uniquenessKey(candidate!))
        }
        guard var name = candidate else { continue }
        if (try? PlaceName.validated(name)) == nil { name = numbered(original, &taken) }
        taken.insert(PlaceName.uniquenessKey(name))
        places[index].name = name
        let origin = places[index].origin.map { origin in
          origin.item.flatMap { item in itemLabel.map { "\($0) \(item), line \(origin.line)" } }
            ?? "line \(origin.line)"
        }
        leftOut.renamed.append(.init(original: original, name: name, origin: origin ?? ""))
      }
    }
  }

  private static func numbered(_ original: String, _ taken: inout Set<String>) -> String {
    var number = 2
    while true {
      let suffix = " (\(number))"
      let room = PlaceName.maximumLength - suffix.unicodeScalars.count
      let stem = String(String.UnicodeScalarView(original.unicodeScalars.prefix(room)))
      let name = stem + suffix
      if !taken.contains(PlaceName.uniquenessKey(name)) { return name }
      number += 1
    }
  }

  /// The locality in a postal address as Google writes them: "2195 Hilltop Dr, Redding, CA
  /// 96002, USA" → "Redding"; "Rue de Rivoli 5, 75001 Paris, France" → "Paris". The part before
  /// a "ST 12345" part, else a part that starts or ends with a postal code, without it; else the
  /// first part that is not the place's own name and does not start with a house number.
  static func locality(in address: String, name: String) -> String? {
    var parts = address.split(separator: ",").map { String($0).trimmingWhitespace() }
      .filter { !$0.isEmpty }
    if parts.count >= 3 { parts.removeLast() }  // the country
    let nameKey = PlaceName.uniquenessKey(name)
    func isPostal(_ word: Substring) -> Bool {
      word.count >= 3 && word.allSatisfy { $0.isNumber || $0 == "-" } && word.first!.isNumber
    }
    for (index, part) in parts.enumerated() {
      // "CA 96002": a state code and a ZIP; the locality is the part before.
      let words = part.split(separator: " ")
      if index > 0, words.count == 2, words[0].count == 2, words[0].allSatisfy(\.isUppercase),
        isPostal(words[1])
      {
        return parts[index - 1]
      }
    }
    // "75001 Paris", "Paris 75001": past the first part, which is the street.
    for part in parts.dropFirst() {
      let words = part.split(separator: " ")
      guard words.count >= 2 else { continue }
      if isPostal(words[0]) { return words.dropFirst().joined(separator: " ") }
      if isPostal(words[words.count - 1]) { return words.dropLast().joined(separator: " ") }
    }
    return parts.first { part in
      PlaceName.uniquenessKey(part) != nameKey && !(part.first?.isNumber ?? true)
    }
  }
}
