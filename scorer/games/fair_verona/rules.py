"""The rules a Fair Verona game log is checked by: the rulebook's words and the rulings, each once.

The replay and the encounter checks quote these; rulebook.section and rulebook.ruling check every quote against
the shipped texts when this module is imported.
"""
from __future__ import annotations

from pnpkit.scorer.rulebook import alone, both, ruling, section

ID = "fair-verona"


def _s(sid: str, words: str):
    return section(ID, sid, words)


# ---- the rulebook
SETUP_OLD_TOWN = _s("Setup", "Find the “all city” Carcassonne tile–the Old Town, where Verona lives–and place it in "
                             "the center of your play surface.")
SETUP_RIVER = _s("Setup", "Randomize the River tiles, and prepare to start with them.")
PLAY_ORDER = _s("Play", "Play proceeds clockwise from the dealer.")
PHASES = _s("Play", "Each turn has three phases:")
ATTEMPT = _s("Tile Placement", "At the beginning of a turn, the player always attempts to place a tile–either a face "
                               "down tile, or an unplayed (face-up) tile.")
CARCASSONNE = _s("Tile Placement", "Tile placement rules are identical to normal Carcassonne (including the need to "
                                   "start with the River tiles)")
CARCASSONNE_SIDES = _s("Tile Placement", "Tile placement rules are identical to normal Carcassonne")
ADJACENT = _s("Tile Placement", "A tile must be placed on a space adjacent to the one your meeple currently occupies, "
                                "horizontally, vertically, or along a diagonal.")
FRIEND = _s("Tile Placement", "If you place a tile with a shield (pennant), or complete a city, you have made a Friend.")
MUST_PLAY = _s("Tile Placement", "If a tile can be played, it must be.")
FACE_UP = _s("Tile Placement", "You may not select a face-up tile that can not be played, but nothing requires you to "
                               "select a playable tile if face-down tiles remain.")
UNPLAYABLE = _s("Tile Placement", "If a tile can not be played, it is placed face-up beside your Identity card, and an "
                                  "Encounter is triggered for the next player: Draw a card from the deck and hand it "
                                  "to the next player.")
NO_MOVE = _s("Encounters", "You may not move until all your Encounters have been cleared.")
HELP = _s("Encounters", "If you are on the same tile as a player with an Encounter card, you may help clear one of "
                        "theirs.")
HARD_NO_FRIENDS = _s("Setup", "Hard Game: Put out 7 more Clue Tokens, for a total of 8. Deal no starting Friend cards.")
FRIEND_PLAY = _s("Friends", "In an Encounter, you may optionally call on a Friend if you have one available.")
CLUE_MATCH = _s("Clues", "If either the suit or face match, the Clue Token becomes the prize of the Encounter.")
HAND_OFF = _s("Clues", "Clue Tokens may be handed off from one player to another on the same tile at any time.")
RETURN = _s("Clues", "When the Clue Token is returned to Verona’s tile, stack it atop the others, draw a new Clue "
                     "Card, and place a Clue Token on it.")
TURN_OVER = _s("Cleared Encounters", "If you still have Encounters uncleared, your turn is over.")
MOVE_ONE_WAY = _s("Movement", "the player may move their meeple from tile to tile (horizontally or vertically) by one "
                              "of the three methods below.")
BARRIERS = _s("Movement", "In city or road movement, terrain barriers may not be crossed.")
RIVER_CROSSING = _s("Movement", "Rivers, likewise, may only be crossed at a bridge or at a River’s beginning or end "
                                "tile. (Be sure to place your meeple on the correct bank.)")
JOKER = _s("Jokers", "If at any time in play a Joker is drawn, all Clue hunting halts. Cover any Clue Card in play "
                     "with the Joker.")
LOSE = _s("End Game", "The conspirators are trying to box you in. Thus you lose if:")
WIN = _s("End Game", "You return the final Clue Token to Verona.")
UNIQUE = _s("The Identity Card", "Each card in play represents a unique person.")
FOUR = _s("Objective", "Four players cooperate")

# ---- this kit's rulings, each after the rulebook's own words on the same point (issue 36: the rulebook
# first); alone only where the rulebook has none
V5 = both(_s("Encounters", "You determine your total strength (value) in an Encounter as follows:"), ruling("V5"))
V8 = both(_s("Setup", "Deal each player an Identity card face up."), ruling("V8"))
V9 = both(JOKER, ruling("V9"))
V10 = alone(ruling("V10"), "the rulebook never says what is drawn when the deck is empty")
V11 = both(CARCASSONNE, ruling("V11"))
V12 = both(ADJACENT, ruling("V12"))
V12_SIDES = both(CARCASSONNE_SIDES, ruling("V12", "A tile goes on an empty space among the 8 around the player's meeple, "
                                                  "against at least one tile, every touching side matching: city to "
                                                  "city, road to road, field to field, river to river."))
V12_RIVER = both(CARCASSONNE, ruling("V12", "A River tile continues the river: exactly one of its river sides meets the "
                                            "river (the first one touches the Old Town), and two bends the same way in "
                                            "a row are not allowed."))
V13 = both(FACE_UP, ruling("V13"))
V14 = both(FRIEND, ruling("V14"))
V15 = both(_s("Encounters", "Clearing Encounters is the second phase of a turn."), ruling("V15"))
V16 = both(RETURN, ruling("V16"))
V17 = both(RIVER_CROSSING, ruling("V17"))
V18 = both(MOVE_ONE_WAY, ruling("V18"))
V19 = both(_s("End Game", "Every player is mired in an Encounter they can't clear"), ruling("V19"))
V20 = both(LOSE, ruling("V20"))
