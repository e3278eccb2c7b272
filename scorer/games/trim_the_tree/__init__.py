"""Trim the Tree (texts/trim-the-tree.txt): a move log of rounds, one to five players."""
from pnpkit.scorer.game import Game

GAME = Game(id="trim-the-tree", ruling_letter="T", rulebook="trim-the-tree.txt", first_player="the starting player",
            record=".trim_the_tree.record:Record", score=".trim_the_tree.score:score",
            start_problems=".trim_the_tree.position:start_problems", table=".trim_the_tree.table:table",
            start_of=".trim_the_tree.position:start_of", rules=".trim_the_tree.moves", sim=".trim_the_tree.sim",
            form=".trim_the_tree.form")
