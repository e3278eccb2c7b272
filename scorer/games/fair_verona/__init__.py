"""Fair Verona (rulings V1-V20): a game log replayed turn by turn on the kit's Carcassonne tiles,
from the setup or from the table at the start of a turn (`start:`, start.py), or encounter checks
(record.py says which a record is)."""
from __future__ import annotations

from pnpkit.scorer.game import Game

GAME = Game(id="fair-verona", ruling_letter="V", rulebook="fair-verona.txt", records="either", cooperative=True,
            record=".fair_verona.record:Record", score=".fair_verona.score:score",
            start_problems=".fair_verona.start:start_problems", start_of=".fair_verona.start:start_of",
            table=".fair_verona.table:AtTable", opening=".fair_verona.opening", rules=".fair_verona.moves",
            sim=".fair_verona.sim",
            setups=".fair_verona.sim:setups", summary=".fair_verona.sim:summary")
