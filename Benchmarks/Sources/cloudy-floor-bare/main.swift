// The floor of a Swift process: a `main` that does nothing, built like the tools.
