"""The shipped Poohsticks set has puzzles that make a player think (issue 28): at least
three that only the strongest solver solves, rated by the solvers now, not by the label
stored with them."""

from __future__ import annotations

from tablegames.puzzles import load_set
from tablegames.puzzles.stats import solved_by

#: Greedy and MCTS 300 miss the line, MCTS 3,000 plays it: what "hard" means here.
ONLY_THE_STRONGEST = {"greedy": False, "mcts300": False, "mcts3000": True}


def test_shipped_poohsticks_set_has_three_puzzles_only_the_strongest_solver_solves() -> None:
    hard = [p for p in load_set("poohsticks")["puzzles"] if p["difficulty"]["label"] == "hard"]
    assert len(hard) >= 3
    for puzzle in hard:
        assert solved_by(puzzle) == puzzle["difficulty"]["solved_by"] == ONLY_THE_STRONGEST
