import CloudyViewModels

/// Settings (`/settings`): Time Notation, Units Notation and Temperature Notation, one
/// checkmark each; choosing a row is a form post. Titles, rows and marks are
/// `SettingsViewModel`'s.
enum SettingsPage {
  struct Row: Sendable {
    var text: String
    var value: String
    var checked: Bool
  }

  struct Model: Sendable {
    var sections: [(title: String, setting: String, rows: [Row])]

    init(_ model: SettingsViewModel) {
      sections = SettingsSection.allCases.map { section in
        let rows = model.rows(in: section).map {
          Row(text: $0.text, value: $0.value, checked: $0.accessory == .checkmark)
        }
        return (section.title, section.settingName, rows)
      }
    }
  }

  static func body(_ model: Model, csrf: CSRFToken) -> HTML {
    let sections = model.sections.map { section -> HTML in
      let rows = section.rows.map { row -> HTML in
        let mark: HTML =
          row.checked
          ? "<span class=\"mark\" aria-hidden=\"true\">✓</span>"
          : "<span class=\"mark\" aria-hidden=\"true\"></span>"
        // Typed HTML: a String here would be escaped into `class=&quot;selected&quot;`.
        let selected: HTML = row.checked ? " class=\"selected\"" : ""
        return """
          <li\(selected)><form method="post" action="/settings" class="row"><input type="hidden" name="\(CSRFToken.field)" value="\(csrf.value)"><input type="hidden" name="setting" value="\(section.setting)"><input type="hidden" name="value" value="\(row.value)"><button type="submit" aria-pressed="\(row.checked ? "true" : "false")">\(mark)\(row.text)</button></form></li>
          """
      }
      return """
        <section aria-labelledby="setting-\(section.setting)"><h2 id="setting-\(section.setting)">\(section.title)</h2>
        <ul class="choices">\(rows)</ul></section>
        """
    }
    return """
      <h1>Settings</h1>
      <div id="settings" data-live>\(sections)</div>
      """
  }
}
