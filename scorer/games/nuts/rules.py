"""NUTS: the rules the scoring cites, each with the rulebook's words (checked against
texts/nuts-factory.txt when this module is imported) or a ruling's (U1-U7).
"""
from __future__ import annotations

from pnpkit.scorer.core import Rule
from pnpkit.scorer.rulebook import alone, both, ruling, section

G = "nuts"

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

# The move log's rules (docs/records/nuts.md, "The move log"): the rulebook's words where they decide,
# the ruling (U8-U22) where the rulebook is silent.
ONE_PATH = section(G, "One Matching Path", "Actions that configure the floor (marked in blue in the table above: "
                   "Build, Salt, Reposition, and Swap) must all be along a single Matching Path!!")
ONE_PATH_END = section(G, "One Matching Path", "At the end of your turn, there must be a single Matching Path that "
                       "is somehow affected by each of these moves.")
AFFORD = section(G, "Playing", "He may perform as many Actions as he can afford, and he may do the same Action more "
                 "than once (but he must pay for it each time)")
TURN_ORDER = section(G, "Playing a Round", "Players take turns starting with the Starting Player and proceeding "
                     "clockwise.")
ROUND_END = section(G, "Ending a Round", "A Round ends when no Players want to (or can) play anymore.")
GAME_END = section(G, "Ending a Round", "if any Player has two or more rows in the Score Sheet filled, the game is "
                   "over: proceed to Final Scoring.")
HUNGER = section(G, "Starting a Round", "Roll a D4 to set the Squirrel Hunger for the round.")
FILL = section(G, "Filling Order Slots", "4. Repeat until all slots are full.")
FILL_MATCH = section(G, "Filling Order Slots", "If that Order Card would create a match in the given slot, discard "
                     "it, otherwise place it in the slot.")
PLAN = section(G, "Plan", "Draw 2 bonus cards, keep at least one.")
REFILL = section(G, "Refill", "Fill the leftmost 2 empty Order Slots, using the procedure described above")
BUILD = section(G, "Build", "A Cross tile must fit completely within the Factory, and cannot overlap another Cross "
                "Tile.")
BUILD_WHAT = section(G, "Build", "Add or remove a Cross Tile.")
SALT_HOP = section(G, "Salt", "Move a Salter one space to the right or left. Note you cannot \"Hop\"")
SALT_TELEPORT = section(G, "Salt", "Also you cannot \"Teleport\": a Salter in column 1 cannot move to the left and "
                        "show up on the far right.")
REPO = section(G, "Reposition", "Move an Order to an empty Order Slot.")
SWAP = section(G, "Swap", "Switch the locations of two Dispensers.")
MUST_RUN = section(G, "Run the Factory", "If the Player has configured the Factory Floor so that at least one "
                   "Matching Path was created, he must Run the Factory.")
SQ_STOP = section(G, "Move the Squirrel", "2-5 Stop The squirrel stays where he is.")
SQ_FED = section(G, "Move the Squirrel", "If the \"Feed Squirrel\" action was taken, the Squirrel is content, and "
                 "this step can be skipped.")
SQ_ROLL = section(G, "Move the Squirrel", "Otherwise, the Active Player rolls a D6 and adds the current Hunger Level.")
SQ_SCAMPER = section(G, "Move the Squirrel", "6 Scamper The squirrel moves to a random location on his row.")
SQ_HUNT = section(G, "Move the Squirrel", "(if there's a tie, the current Player chooses right or left)")
CLAIM = section(G, "Claim Goal Cards", "The active Player may now claim any unclaimed Goal cards for which he has met "
                "the requirements.")
SETUP_SQUIRREL = section(G, "Squirrel", "Randomly place the squirrel in a space on the Squirrel Row")
THEN_RUN = section(G, "Playing", "A Player spends Action Tokens to do Actions, and then he may \"run the factory\" "
                   "to collect Nuts.")


def order_cards(n: int) -> Rule:
    """How many Order cards of each nut the deck holds: the rulebook's COMPONENTS list lost its
    counts with its picture, so this kit's edition decides (kits/nuts.yaml `orders_per_nut`, the
    cards it prints), quoted as the kit's, not the rulebook's, words."""
    return Rule("COMPONENTS", f"Order cards: {n} of each nut, {4 * n} in all (this kit's edition, "
                              f"orders_per_nut: {n}; the rulebook's list of components gives no counts)")


# ---- the rulings, each after the rulebook's own words on the same point (issue 36: the rulebook first);
# alone only where the rulebook has none
def _final(words: str):
    return section(G, "FINAL SCORING", words)


CLAIM = section(G, "Claim Goal Cards", "The active Player may now claim any unclaimed Goal cards for which he has met "
                "the requirements.")
U1 = both(_final("For each complete ROW of the Score Sheet: add 7 Points."), ruling("U1"))
U2 = both(_final("For each column of the Score Sheet: add Points based on the number to the far left odff the bottom "
                 "most Nut in each column."), ruling("U2"))
U3 = both(_final("For each Marker in the Salt box: add 2 points."), ruling("U3"))
U4 = both(CLAIM, ruling("U4"))
U5 = both(_final("REMEMBER: a Nut cannot be used for more than one Bonus Card!"), ruling("U5"))
U6 = both(_final("Highest total wins. If there is a tie, resolve using the following rules, in order:"), ruling("U6"))
U7 = both(GAME_END, ruling("U7"))
U8 = both(section(G, "Build", "Cross Tiles must go in \"Conveyor\" rows, aligned so that the belts on the Tile line up "
                  "with the belts on the Factory Floor."), ruling("U8"))
U9 = both(section(G, "Build", "Add or remove a Cross Tile."), ruling("U9"))
U10 = alone(ruling("U10"), "the rulebook draws the Splitter/Joiner faces but never says in words how a belt passes them")
U11 = both(section(G, "SUMMARY", "creating Matching Paths connecting Nut Dispensers to Orders of the same Nut type."),
           ruling("U11"))
U12 = both(ONE_PATH_END, ruling("U12"))
U13 = both(section(G, "Run the Factory", "If the Player has configured the Factory Floor so that at least one Matching "
                   "Path was created, he must Run the Factory."), ruling("U13"))
U14 = both(section(G, "Move the Squirrel", "Otherwise, the Active Player rolls a D6 and adds the current Hunger Level."),
           ruling("U14"))
U15 = alone(ruling("U15"), "the rulebook never says what becomes of a nut whose column of the Score Sheet is full")
U16 = both(FILL_MATCH, ruling("U16"))
U17 = both(PLAN, ruling("U17"))
U18 = both(ROUND_END, ruling("U18"))
U19 = both(CLAIM, ruling("U19"))
U20 = alone(ruling("U20"), "the rulebook lists the Roaster, the Warehouse and the Box Robots among the components and "
                           "gives them no rule")
U21 = both(section(G, "Swap", "Switch the locations of two Dispensers."), ruling("U21"))
U22 = both(PLAYER_COUNT, ruling("U22"))
