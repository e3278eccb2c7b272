"""Forest Fire (rulings F1-F8): a cooperative move log replayed round by round, from the setup's
rolls or a `start:` position."""
from __future__ import annotations

from pnpkit.scorer.game import Game

GAME = Game(id="forest-fire", ruling_letter="F", rulebook="forest-fire.txt", cooperative=True,
            record=".forest_fire.record:Record", score=".forest_fire.score:score",
            start_problems=".forest_fire.position:start_problems",
            start_of=".forest_fire.position:start_of", table=".forest_fire.table:AtTable",
            opening=".forest_fire.opening",
            rules=".forest_fire.moves", sim=".forest_fire.sim", roles=".forest_fire.sim:roles",
            setups=".forest_fire.sim:setups", summary=".forest_fire.sim:summary",
            form=".forest_fire.form")
