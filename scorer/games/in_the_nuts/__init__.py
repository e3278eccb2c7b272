"""In the Nuts! (scorer/games/in_the_nuts/): the descriptor, and nothing else (scorer/game.py)."""
from pnpkit.scorer.game import Game

GAME = Game(
    id="in-the-nuts", ruling_letter="N", rulebook="in-the-nuts.txt", records="either",
    record=".in_the_nuts.record:Record", score=".in_the_nuts.score:score",
    start_problems=".in_the_nuts.position:start_problems",
    start_of=".in_the_nuts.position:start_of", table=".in_the_nuts.table:table",
    opening=".in_the_nuts.opening",
    pictures=".in_the_nuts.position:pictures", rules=".in_the_nuts.moves", sim=".in_the_nuts.sim",
    form=".in_the_nuts.form",
)
