"""pnpkit: print board-game kits at home, and score the games played with them.

This package is the command line only; the work is done in `generator` (kit -> PDF/SVG) and
`scorer` (record -> verdict), which both read kit files through `kitfile`.
"""
__version__ = "0.1.0"
