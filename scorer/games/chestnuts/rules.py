"""Chestnuts Roasting on an Open Fire: the rules the game cites, each with the rulebook's words
(checked against texts/chestnuts-roasting.txt when this module is imported) or a ruling's.
"""
from __future__ import annotations

from pnpkit.scorer.core import Rule
from pnpkit.scorer.rulebook import alone, both, ruling, section

G = "chestnuts"

R_END = section(G, "GAME END", "The game ends when all of one player's Chestnuts are burnt or have been eaten.")
R_SPEND = section(G, "PLAY 4", "He must spend all his points, if possible")
R_ONCE_AD = section(G, "PLAY 4", "he may perform actions a) and d) below only once per turn")
R_NOTES1 = section(G, "Notes 1", "If you must and/or want to add a Flame to the Fire, this must always be the first "
                   "action of your turn, unless you have the Tongs in your hands. In this case, putting the Tongs "
                   "down must be your first action, and adding the Flames to the Fire your second.")
R_NOTES3 = section(G, "Notes 3", "If you must put an opponents' Chestnut on the Fire, and you don't have your Tongs "
                   "in your hands, you are forced to take your Tongs first.")
# Each ruling is cited after the rulebook's own words on the same point (issue 36: the rulebook first);
# alone only where the rulebook has none.
R_C5 = both(R_ONCE_AD, ruling("C5", "a), d), h), i), j) and k) at most once a turn;"))
R_C5_FLAME = both(section(G, "PLAY 4(b)", "Increase the Fire by adding one (only!) Flame to it."),
                  ruling("C5", "at most one Flame a turn, whether chosen (b) or forced (l): on a roll of 4-6 the Flame "
                               "is l) and b) is not available."))
R_C8 = both(section(G, "PLAY 4(k)", "Take up one or two of your opponents' Chestnuts from the Basket and put them on "
                                    "the Fire."), ruling("C8"))
# C7 holds three decisions; a violation quotes the one that decides it (the id leads to the whole).
R_C7_FORCED = both(section(G, "PLAY 4(j)", "What you must do when you roll a 3:"),
                   ruling("C7", "On a 3, j) must be taken; on 4-6, l) must be taken."))
R_C7_WAIVED = alone(ruling("C7", "j) is waived when the opponent's Basket is empty."),
                    "the rulebook's j) takes a chestnut from the opponent's Basket and never says what happens when it is empty")
R_C4 = both(R_SPEND, ruling("C4", "After the recorded actions, if points remain and some legal action is affordable, "
                                  "the turn is illegal."))
ROLL_WORDS = {((1, 2), False): "What you may do when you roll a 1 or 2:",
               ((3,), True): "What you must do when you roll a 3:",
               ((3,), False): "What you may do when you roll a 3:",
               ((4, 5, 6), True): "What you must do when you roll a 4, 5 or 6:"}
FORCED_WORDS = {"j": "What you must do when you roll a 3: With the Tongs in your hands - j) Take up one of your "
                      "opponents' Chestnuts from the Basket and put it on the Fire.",
                 "l": "What you must do when you roll a 4, 5 or 6: With the Tongs put down - l) Increase the Fire "
                      "by adding a Flame to it."}
R_ROLL = section(G, "PLAY 4", "The player now rolls the die.")
R_C12 = both(section(G, "GAME END", "The player with the most points is the winner."), ruling("C12"))


def rule_or(sid: str, words: str, fallback: str) -> Rule:
    """The rulebook's words if this edition's table matches them, else the table's own line."""
    try:
        return section(G, sid, words)
    except ValueError:
        return Rule(sid, fallback)
