"""The rules a Forest Fire record is checked by: the rulebook's words and the rulings F1-F8, each
once. rulebook.section and rulebook.ruling check every quote against the shipped texts when this
module is imported.
"""
from __future__ import annotations

from pnpkit.scorer.core import Rule
from pnpkit.scorer.rulebook import alone, both, ruling, section

ID = "forest-fire"


def _ff(section_id: str, words: str) -> Rule:
    return section(ID, section_id, words)


R_PLAYERS = _ff("Introduction", "Forest Fire is a simple Pandemic-like (or Pandemic-lite) game for 2-4 kids")
R_SQUARES = _ff("Setup", "Make a 6×6 grid. Number the rows and columns 1-6. These are the Forest Squares.")
R_START = _ff("Setup", "Place a player piece for each kid around the outer edge of the grid, next to any square they choose.")
R_FIREBREAKS = _ff("Difficulty", "For an easier game, roll up to one Firebreak per player.")
R_SETUP_FIRES = _ff("Hotshot", "Add 2 rounds' worth of fires to the board (one roll for each player x2)")
R_OUT = _ff("End of round", "If at the end of a round anyone is still on a square with a Fire, they're out of the game.")
R_MOVE = _ff("Hotshot", "Moving 1 square N, S, E or W. Moving one square off the board, like at the beginning, is allowed.")
R_PILOT_TURNS = _ff("Pilots", "Every other turn, they must leave the board to refill their water tanks.")
R_PILOT_LINE = _ff("Pilots", "they can put out all the fire on any 3 squares in a row (N, S, E, W or diagonally)")
R_ACTIONS = {"hotshot": _ff("Hotshot", "A Hotshot gets 2 moves per round."),
             "smoke-jumper": _ff("Smoke Jumpers", "A Smoke Jumper gets 2 moves per round.")}
R_EXTINGUISH = {
    "hotshot": _ff("Hotshot", "Putting out the Fires (removing all Fire counters) from their own or an adjacent "
                              "square (N, S, E, W or diagonally)"),
    "smoke-jumper": _ff("Smoke Jumpers", "Putting out 1 fire (removing only 1 counter) from their own or an "
                                         "adjacent square (N, S, E, W or diagonally)")}
# Each ruling is cited after the rulebook's own words on the same point (issue 36: the rulebook first);
# alone only where the rulebook has none.
F1 = both(_ff("Setup", "Number the rows and columns 1-6. These are the Forest Squares."), ruling("F1"))
F3 = both(_ff("Fire Dice", "Now explain that when there's a non-burning (empty) square between a new Fire and an "
                           "existing Fire, the Fire spreads to the square inbetween–horizontally, vertically, or "
                           "diagonally."), ruling("F3"))
F4 = both(_ff("End of round", "If at the end of a round anyone is still on a square with a Fire, they're out of the "
                              "game. Disaster! If all forest squares are burning, it's game over."), ruling("F4"))
F5 = both(_ff("End of round", "When the kids put out all the Fires, they win!"), ruling("F5"))
_HOTSHOT = _ff("Hotshot", "A Hotshot gets 2 moves per round. Each move can be either: 1) Putting out the Fires "
                          "(removing all Fire counters) from their own or an adjacent square (N, S, E, W or "
                          "diagonally), or 2) Moving 1 square N, S, E or W.")
F6 = both(_HOTSHOT, ruling("F6"))
F7 = both(_ff("Smoke Jumpers", "They also have a special ability: Upon moving off the board, they can \"jump\" to any "
                               "square on the board. (Moving off the board and jumping count as a single action.)"),
          ruling("F7"))
F8 = both(R_PILOT_TURNS, ruling("F8"))
# F6 holds two decisions; a violation quotes the one that decides it (the id leads to the whole).
F6_NO_FIRE = alone(ruling("F6", "Extinguishing a square with no fire is an error."),
                   "the rulebook never says what putting out a square with no Fire does")
F6_ACTIONS = both(_HOTSHOT, ruling("F6", "Up to 2 actions a round: move N|S|E|W one square (onto or off the board's "
                                         "edge is allowed), or extinguish R C on their own or one of the 8 "
                                         "neighbouring squares, removing all its counters."))
