"""Simulated games: seeded players play the rules engines, and the games are counted.

`pnpkit simulate` asks whether a game is fair and how it plays. The parts, each small:

    match.py    what a game gives the simulator (`Match`: whose decision, the legal moves, play one,
                the record so far) and how a game's simulation module is found
    players.py  random, greedy and search players, mixed by seat
    stats.py    the tally of many games (integers only, so batches add up the same in any order),
                Wilson intervals, means and spreads
    run.py      seeded batches of games, each game replayed by the scorer like a recorded one, over
                a process pool or any concurrent.futures executor

Each game's simulation lives beside its rules (scorer/games/<game>_sim.py) and uses them: the legal
moves are the rules' `legal_moves`, every move is the rules' `apply`, and the record it writes is the
one `pnpkit check` reads.
"""

KINDS = ("random", "greedy", "search")   # the players, as `--player` names them (players.py plays them)
