"""Chestnuts Roasting on an Open Fire (texts/chestnuts-roasting.txt): a move log, two players."""
from pnpkit.scorer.game import Game

GAME = Game(id="chestnuts", ruling_letter="C", rulebook="chestnuts-roasting.txt",
            record=".chestnuts.record:Record", score=".chestnuts.score:score",
            start_problems=".chestnuts.position:start_problems", table=".chestnuts.table:table",
            start_of=".chestnuts.position:start_of", rules=".chestnuts.moves", sim=".chestnuts.sim",
            form=".chestnuts.form")
