"""The full runs of poohsticks-variants.ipynb (see run.py); their games are played by
tablegames.analysis.questions.poohsticks."""

from __future__ import annotations

from tablegames.analysis.questions import poohsticks as q
from tablegames.analysis.runs import RunContext, register

NOTEBOOK = "poohsticks-variants.ipynb"
Rows = list[dict[str, object]]
GREEDY = ["greedy", "greedy"]
GUIDED = ["guided:30", "guided:30"]


@register("poohsticks-powers", notebook=NOTEBOOK, about="boat powers: player 0's share")
def powers(ctx: RunContext) -> Rows:
    return q.balance(ctx, "powers, greedy", {"boat_powers": True}, GREEDY, max_games=800)


@register("poohsticks-guided", notebook=NOTEBOOK, about="boat powers between guided:30 players")
def guided(ctx: RunContext) -> Rows:
    return q.fixed(ctx, "powers, guided:30", {"boat_powers": True}, GUIDED, 40)


@register("poohsticks-rivers", notebook=NOTEBOOK, about="the rules' river, wider, narrowing, bends")
def rivers(ctx: RunContext) -> Rows:
    rows: Rows = []
    for name, variant in q.SHAPES.items():
        if name == "2x6 (rules)":
            rows += q.fixed(ctx, name, variant, GREEDY, 100)
        else:
            rows += q.fixed(ctx, name, variant, GREEDY, 40)
    return rows


@register("poohsticks-duels", notebook=NOTEBOOK, about="skill v luck: rung against rung")
def duels(ctx: RunContext) -> Rows:
    return q.duels(ctx, [("greedy", "random")], 200) + q.duels(ctx, [("guided:30", "greedy")], 100)
