"""In the Nuts!: every rule the scorer cites, quoted from the rulebook or the rulings, in one place.

`section` checks each quote against the shipped rulebook when this module is imported, so a quote
cannot drift from the words it cites. The names say what the rule is about; the move rules
(moves.py), the final-storage checks and the storage scoring (storage.py) share them.
"""
from __future__ import annotations

from pnpkit.scorer.rulebook import alone, both, ruling, section

GAME = "in-the-nuts"


def _rule(where: str, words: str):
    return section(GAME, where, words)


MUST_STEAL = ("the rulebook's \"you get to pick ... one additional nut that you steal\" could read as a choice; this kit "
              "reads it as a must whenever a nut can be stolen (ruling N10): the theft is what the raccoon field "
              "gives, as every other section gives its nut, and a record that leaves it out has left out a move")

# ---- Components and Preparation
PLAYER_COUNT = _rule("In the Nuts!", "Spieler: 2-4 Personen")
EIGHT_CARDS = _rule("Preparation", "8 nut storage cards with the same motif")
FACE_UP = _rule("Preparation", "Turn over the top four cards and put them below bottom of the game board, so that "
                "they each line up with one of the sections")
REMOVED = {2: _rule("Preparation", "For 2 players, take two walnuts, two hazelnuts, two beechnuts and two acorns "
                    "out of the deck and put them back in the box."),
           3: _rule("Preparation", "For 3 players, take one walnut, one hazelnut, one beechnut and one acorn out "
                    "of the deck and put them back in the box.")}
FIRST_NUT = _rule("Preparation", "Take one nut each. This card immediately goes on a storage card of your choice.")
SETUP_SQUIRRELS = _rule("Preparation", "The player to the starting player's left puts one squirrel in any section "
                        "of the 2-squirrel-areas. The next player to the left (if you are three or four players) "
                        "puts two squirrels in the 2-squirrel-area, and the last player (if you are four) puts "
                        "three of them there.")
SETUP_ONE_EACH = _rule("Preparation", "no player can put more than one of his or her squirrels in any one section "
                       "and that you can't put squirrels in the raccoon field.")

# ---- Playing the Game
ROLL = _rule("Playing the Game", "At the start of your turn, roll all three dice. Then, put one of your squirrels on "
             "the space of the starting track that corresponds to the sum of one of the white dice and the green die.")
ONE_A_SPACE = _rule("Playing the Game", "Important: There can be only one squirrel in each of the spaces of the "
                    "starting track.")
AGAIN = _rule("Playing the Game", "Every time you have put a squirrel on the starting track, you can choose to end "
              "your turn or roll again.")
BAD_ROLL = _rule("Bad Roll", "If you roll a number that prevents you from putting any squirrels on the starting "
                 "track, because all corresponding spaces already have squirrels in them, your turn ends immediately "
                 "and you have to take all of your squirrels from the starting track back into your supply.")

# ---- Collecting nuts
CHECK_ORDER = _rule("Collecting Nuts", "First, check the 2-squirrel-area, then the 3-squirrel-area and finally the "
                    "4-squirrel-area. Check each area from left to right.")
# who picks first where several collect: the rulebook's words, and ruling N6 on "closest ... clockwise"
TAKER = both(_rule("Checking the 3-Squirrel-Area", "the first player to pick a nut is the one closest to the player "
                   "whose turn it is, counting clockwise."),
             ruling("N6", '"Closest to the player whose turn it is, counting clockwise" starts with the next player; '
                          'the player whose turn it is comes last.'))
ROW_2 = _rule("Checking the 2-Squirrel-Area", "Finally, take the nut below the starting spaces of the section you "
              "have taken your squirrels from.")
DOUBLE_NUT = _rule("Checking the 2-Squirrel-Area", "If that's the case, take the first nut from this section for "
                   "your first two squirrels, and then immediately take the new nut from the draw pile for the "
                   "other two.")
ROW_3 = _rule("Checking the 3-Squirrel-Area", "Then, take one of the two nuts below the starting spaces of the "
              "section of the 3-squirrel-area you're checking.")
ROW_4 = _rule("Checking the 4-Squirrel-Area", "If you have enough squirrels in the area, take four of them back in "
              "your supply and pick one of the four face-up cards.")
REPLACED = _rule("Checking the 2-Squirrel-Area", "The nut you've collected is immediately replaced with a new card "
                 "from the draw pile.")
RACCOON = _rule("The Raccoon Fields", "However, you get to pick any one of the face-up nuts as well as one additional "
                "nut that you steal from one of the other players.")
NOT_FULL = _rule("The Raccoon Fields", "You can only steal nuts from storage cards that haven't been filled "
                 "completely, and you can't steal any jokers ever.")
DAVID = _rule("The Raccoon Fields", "David the thieving raccoon moves to the player who has had the nut stolen. This "
              "player's nuts are safe until David moves to another player: You can't steal from him or her.")

# ---- Putting nuts in storage
STORE_AT_ONCE = _rule("Putting Nuts in Storage", "Each time you get one or more nuts, you'll have to put them in "
                      "storage immediately, on a card of your choice.")
ONE_KIND = _rule("Putting Nuts in Storage", "You can't put nuts of more than one type on the same storage card.")
FULL = _rule("Putting Nuts in Storage", "Once you've filled one of your storage cards completely, turn it over so "
             "the back shows and put the nuts back in the box.")
JOKER_KEPT = _rule("Jokers", "Unlike other nuts, jokers don't have to be stored immediately. You can keep them until "
                   "the end of the game.")
JOKER_KIND = _rule("Jokers", "Jokers always count as one of the two nuts shown on them")

# ---- The End of the Game
LAST_PICKS = _rule("The End of the Game", "Now, all players get one of the four face-up cards for any four squirrels "
                   "they have on the board, beginning with the player closest to the one whose turn it is in a "
                   "clockwise direction.")
FOUR_SQUIRRELS = _rule("The End of the Game", "all players get one of the four face-up cards for any four squirrels "
                       "they have on the board")
STORED_AWAY = _rule("The End of the Game", "As soon as all nuts and any jokers you might still have are stored away "
                    "on the storage cards, start scoring")


# ---- the rulings (scorer/texts/RULINGS.md; docs/rulings.md gives the reasons), each after the
# rulebook's own words on the same point (issue 36: the rulebook first)
N1 = both(ONE_KIND, ruling("N1"))
N1_ONCE = both(FULL, ruling("N1", "Each of a player's cards is used once."))
N2 = both(JOKER_KIND, ruling("N2"))
N3 = both(_rule("The End of the Game", "Each filled storage card is worth as many victory points as shown in its bottom "
                "right corner."), ruling("N3"))
N4 = both(_rule("The End of the Game", "If there is a tie, the player with the most valuable filled nut storage card "
                "wins. If there is another tie there, the players share their victory."), ruling("N4"))
N5 = both(_rule("Components", "60 nut cards (12 each of walnuts, hazelnuts, beechnuts, acorns and 12 jokers)"), ruling("N5"))
N6 = both(SETUP_SQUIRRELS, ruling("N6"))
N7 = both(_rule("Components", "60 Ewooden squirrels (15 each in colours black, red, blue and white)"), ruling("N7"))
N8 = both(_rule("Checking the 3-Squirrel-Area", "If more than one player has at least three squirrels in a section of "
                "the 3-squirrel-area, the first player to pick a nut is the one closest to the player whose turn it "
                "is, counting clockwise."), ruling("N8"))
N9 = both(ROW_2, ruling("N9"))
N10 = both(RACCOON, ruling("N10"))
# The rulebook says the player "gets to" steal; that the theft is compulsory is this kit's reading,
# and a violation for a theft left out says so, with the reason (docs/rulings.md, N10).
N10_MUST = both(RACCOON, ruling("N10", "The player takes the face-up nut first, then steals, and must steal when a nut "
                                       "can be stolen"))
N11 = both(STORE_AT_ONCE, ruling("N11"))
N12 = both(_rule("The End of the Game", "The end of the game draws near as soon as you've used up the draw pile while "
                 "collecting nuts."), ruling("N12"))
N13 = both(FACE_UP, ruling("N13"))
