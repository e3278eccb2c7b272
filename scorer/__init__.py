"""Records in, verdicts out: replay and check a record against the rules, then score it.

`scorer.api` is what the CLI calls; `scorer.core` holds the values every game returns;
`scorer.games.<game>` is one module per game (the record's `game` value, `-` as `_`).
"""
