"""NUTS (texts/nuts-factory.txt): the final score sheets, or the whole factory game as a move log
(docs/records/nuts.md), checked action by action and scored through the final sheets it ends with."""
from pnpkit.scorer.game import Game

GAME = Game(id="nuts", ruling_letter="U", rulebook="nuts-factory.txt", records="either",
            record=".nuts.record:Record", score=".nuts.replay:score",
            sheets=".nuts.score:score", pictures=".nuts.position:pictures",
            rules=".nuts.moves", table=".nuts.table:table", opening=".nuts.opening",
            sim=".nuts.sim", summary=".nuts.figures:summary", start_problems=".nuts.start:problems",
            start_of=".nuts.start:start_of",
            form=".nuts.form")
