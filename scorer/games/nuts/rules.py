"""NUTS: the rules the scoring cites, each with the rulebook's words (checked against
texts/nuts-factory.txt when this module is imported) or a ruling's (U1-U7).
"""
from __future__ import annotations

from pnpkit.scorer.rulebook import ruling, section

G = "nuts"

U1, U2, U3, U4, U5, U6, U7 = (ruling(f"U{i}") for i in range(1, 8))
TOKEN = section(G, "Score Nuts from matched Orders",
                "He adds a Score Token on his Score Sheet, placing it in the highest open space of the column")
SALT_TOKEN = section(G, "Score Nuts from matched Orders",
                     "he also places a Score Token in the Salt box of his Score sheet")
SQUIRREL_TOKEN = section(G, "Move the Squirrel",
                         "The Active Player places a Score Token on in the Squirrel box of his Score Sheet")
DECK = section(G, "PLAYER SETUP", "Each Player draws 3 Bonus Cards. He must keep at least one")
DRAW = section(G, "PLAYER SETUP", "Each Player draws 3 Bonus Cards.")
ONE_OF_A_TYPE = section(G, "Claim Goal Cards", "He may not have more than one Goal card of the same type.")
PLAYER_COUNT = section(G, "THE FACTORY", "For a 2-4 Player game, use 12 columns. For a 5-6 Player game")
