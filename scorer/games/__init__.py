"""One module per game; see scorer.api for the shape each module has."""
