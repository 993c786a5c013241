"""The full runs of cardchess-setups.ipynb (see run.py); their games are played by
tablegames.analysis.questions.cardchess."""

from __future__ import annotations

from tablegames.analysis.questions import cardchess as q
from tablegames.analysis.runs import RunContext, register

NOTEBOOK = "cardchess-setups.ipynb"
Rows = list[dict[str, object]]
GREEDY = ("greedy", "greedy")


@register("cardchess-first-mover", notebook=NOTEBOOK, about="first mover's share, until decided")
def first_mover(ctx: RunContext) -> Rows:
    return q.first_mover(ctx, GREEDY, "fixed", True) + q.first_mover(
        ctx, GREEDY, "progressive", True
    )


@register("cardchess-bare", notebook=NOTEBOOK, about="first mover's share on a bare surface")
def bare(ctx: RunContext) -> Rows:
    return q.first_mover(ctx, GREEDY, "fixed", False, max_games=1200) + q.first_mover(
        ctx, GREEDY, "progressive", False, max_games=1200
    )


@register("cardchess-lengths", notebook=NOTEBOOK, about="lengths and caps by set-up, random")
def lengths(ctx: RunContext) -> Rows:
    return q.lengths(ctx, ("random", "random"), 400)


@register("cardchess-deals", notebook=NOTEBOOK, about="each deal played twice: does it decide?")
def deals(ctx: RunContext) -> Rows:
    return q.deals(ctx, GREEDY, 600)


@register("cardchess-duels", notebook=NOTEBOOK, about="skill v luck: rung against rung")
def duels(ctx: RunContext) -> Rows:
    return q.duels(ctx, [("greedy", "random"), ("mcts:100", "greedy")], 200) + q.duels(
        ctx, [("mcts:100", "greedy")], 200, setup="progressive"
    )


@register(
    "cardchess-placement", notebook=NOTEBOOK, about="greedy's placement heuristic v random placing"
)
def placement(ctx: RunContext) -> Rows:
    return q.duels(ctx, [("greedy", "greedy-unplanned")], 400, setup="progressive")
