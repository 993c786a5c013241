"""The full runs of fellowship-balance.ipynb (see run.py); their games are played by
tablegames.analysis.questions.fellowship."""

from __future__ import annotations

from tablegames.analysis.questions import fellowship as q
from tablegames.analysis.runs import RunContext, register

NOTEBOOK = "fellowship-balance.ipynb"
Rows = list[dict[str, object]]


@register("fellowship-colours", notebook=NOTEBOOK, about="black v red, 2p greedy, until decided")
def colours(ctx: RunContext) -> Rows:
    return q.colours(ctx, ("greedy", "greedy"), 4000)


@register(
    "fellowship-colours-mcts", notebook=NOTEBOOK, about="black v red, 2p mcts:30, until decided"
)
def colours_mcts(ctx: RunContext) -> Rows:
    # mcts:30 costs about 0.8 CPU s a game (greedy 0.06): 200 games fit the shared machine.
    return q.colours(ctx, ("mcts:30", "mcts:30"), 200)


@register("fellowship-seats", notebook=NOTEBOOK, about="player 0's share, 3p greedy")
def seats(ctx: RunContext) -> Rows:
    return q.seats(ctx, 3, max_games=2400)


@register("fellowship-seats-4p", notebook=NOTEBOOK, about="player 0's share, 4p greedy")
def seats_4p(ctx: RunContext) -> Rows:
    return q.seats(ctx, 4, max_games=2400)


@register("fellowship-commit", notebook=NOTEBOOK, about="commit to red at K cards left v greedy")
def commit(ctx: RunContext) -> Rows:
    return q.commit(ctx, 300)


@register("fellowship-duels", notebook=NOTEBOOK, about="skill v luck: rung against rung")
def duels(ctx: RunContext) -> Rows:
    return q.duels(ctx, [("greedy", "random")], 300) + q.duels(ctx, [("mcts:30", "greedy")], 100)
