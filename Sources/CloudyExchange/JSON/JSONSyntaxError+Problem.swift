import CloudyJSON

extension JSONSyntaxError {
  /// The syntax error as an import problem, naming its line and column.
  var problem: ExchangeProblem {
    ExchangeProblem(
      line: line, field: nil, message: "not valid JSON at column \(column): \(message)")
  }
}
