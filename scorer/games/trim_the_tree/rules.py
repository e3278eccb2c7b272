"""Trim the Tree: the rules the game cites, each with the rulebook's words (checked against
texts/trim-the-tree.txt when this module is imported) or a ruling's (T1-T4).
"""
from __future__ import annotations

from pnpkit.scorer.rulebook import both, ruling, section

G = "trim-the-tree"

R_ORDER = section(G, "2) Trimming the Tree", "starting with the starting player and continuing clockwise, each player chooses an "
                  "Ornament from the Box")
# the rulebook's words first, then the ruling that reads them (issue 36)
R_ROTATION = both(section(G, "Passing the Bag", "After the last Ornament is taken from the Box, pass the Bag to the "
                  "player on the left."), ruling("T3", "Players take in seat order from the round's first player, who is one "
                                                       "seat further left each round"))
R_FROM_BOX = section(G, "2) Trimming the Tree", "each player chooses an Ornament from the Box and places it on an empty space on her Tree")
R_SPACE = section(G, "2) Trimming the Tree", "A space is represented by the intersection of 2 or 3 lines on the Tree.")
R_EMPTY = section(G, "2) Trimming the Tree", "places it on an empty space on her Tree")
R_ADJ = section(G, "2) Trimming the Tree", "After the first Ornament is placed, players must place each new Ornament on a space "
                "adjacent to an Ornament already on her Tree.")
R_BOX = section(G, "1) Open a box", "the starting player draws as many Ornaments from the Bag as the number of players and "
                "places them on the Box.")
R_MUST = section(G, "Note", "a player must always place an Ornament from the Box.")
R_END = section(G, "Game end", "When all the Christmas Trees are filled with Ornaments, the game ends.")
R_KINDS = section(G, "Components", "80 Ornament counters (in 4 different shapes and 4 different colors)")
R_T3 = both(R_BOX, ruling("T3"))
R_T4 = both(section(G, "Game end", "The player with the highest score places her Star on the Tree and wins the game. If "
                    "there is more than one player tied for the highest score, the tied players share the victory."),
            ruling("T4", "The game ends when every tree is full; equal scores share the win."))
R_T4_SUPPLY = both(R_KINDS, ruling("T4", "no ornament can be drawn more often than the bag holds it."))
SETUP_WORDS = {1: "If playing solataire, take out 3 sets (or 4 sets for a more calculating version).",
          2: "With only 2 players, take out two sets (32 Ornaments total).",
          3: "With only 3 players, take one set of 16 Ornaments out of the game."}
R_SETUP = {n: section(G, "Setup", w) for n, w in SETUP_WORDS.items()}
