import CloudyServices
import CloudyViewModels

/// Add Location (`/places/new?q=…`): the gazetteer's candidates for what was typed, each saying
/// how it matched ("matched “Wien”", "begins with", "spelled nearly so") and whether it is
/// saved already. Saving the name as typed saves only a place named so whole; otherwise nothing
/// is saved and the closest are offered, to be chosen on purpose. The live search (app.js)
/// fetches this page as the user types and replaces the results.
enum AddPlacePage {
  struct Model: Sendable {
    var query = ""
    var state: AddLocationViewModel.State = .idle
    var rows: [PlaceCandidateRowViewModel] = []
    var saved: Set<String> = []

    init() {}

    init(_ search: AddLocationViewModel, savedNames: Set<String>) {
      query = search.query.value
      state = search.state.value
      rows = (0..<search.numberOfRows).compactMap(search.viewModel(at:))
      saved = savedNames
    }
  }

  static func body(_ model: Model, csrf: CSRFToken, error: String? = nil) -> HTML {
    let problem: HTML = error.map { "<p class=\"problem\" role=\"alert\">\($0)</p>" } ?? ""
    return """
      <h1>Add Location</h1>
      \(problem)
      <form method="get" action="/places/new" role="search" id="search-form">
      <label for="q">Place name</label>
      <div class="search"><input id="q" name="q" type="search" value="\(model.query)" autocomplete="off" autofocus placeholder="Richmond, VA" aria-describedby="search-help" aria-controls="results"><button type="submit">Search</button></div>
      <p id="search-help" class="dim">A town, then optionally its region or country: “Richmond, VA”, “Wien”, “São Paulo, BR”.</p>
      </form>
      \(results(model, csrf: csrf))
      """
  }

  static func results(_ model: Model, csrf: CSRFToken) -> HTML {
    let status: HTML
    switch model.state {
    case .idle: status = "Type a place's name."
    case .searching: status = "Searching…"
    case .results: status = "Places named “\(model.query)”:"
    case .closeMatches:
      status = "No place is named “\(model.query)”. The closest — choose one on purpose:"
    case .noResults: status = "No place is named like “\(model.query)”."
    case .failed(let error): status = "\(error.description)"
    }
    let rows = model.rows.map { row -> HTML in
      let how: HTML = row.matchText.map { "<small class=\"match\">\($0)</small>" } ?? ""
      let isSaved = model.saved.contains(row.text)
      let action: HTML =
        isSaved
        ? "<span class=\"saved\">Saved</span>"
        : Layout.actionForm(
          "/places/new", csrf: csrf, button: "Save",
          fields: [("q", model.query), ("pick", String(row.number))],
          label: "Save \(row.text)")
      return """
        <li><span class="name">\(HTML.name(row.text))<small>\(row.detailText)</small>\(how)</span><span class="actions">\(action)</span></li>
        """
    }
    return """
      <section id="results" aria-live="polite" data-live>
      <p class="status">\(status)</p>
      <ul class="places">\(rows)</ul>
      </section>
      """
  }
}
