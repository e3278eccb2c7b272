"""NUTS (texts/nuts-factory.txt): the final score sheets, scored; no move log, no table, no
simulator (a file absent where the game has nothing of that kind: no state, moves, notation,
replay, table or sim)."""
from pnpkit.scorer.game import Game

GAME = Game(id="nuts", ruling_letter="U", rulebook="nuts-factory.txt", records="sheets",
            record=".nuts.record:Record", score=".nuts.score:score", pictures=".nuts.position:pictures")
