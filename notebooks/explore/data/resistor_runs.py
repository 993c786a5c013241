"""The full runs of resistor-balance.ipynb (see run.py); their games are played by
tablegames.analysis.questions.resistor."""

from __future__ import annotations

from tablegames.analysis.questions import resistor as q
from tablegames.analysis.runs import RunContext, register

NOTEBOOK = "resistor-balance.ipynb"
Rows = list[dict[str, object]]
GREEDY = "choosy:patient"  # greedy, never forfeiting while it has another move
N = 80


@register(
    "resistor-variants", notebook=NOTEBOOK, about="first-round windows: duty cycle, dead spaces"
)
def variants(ctx: RunContext) -> Rows:
    rows: Rows = []
    for label, options in [
        ("rules (duty 3, 4 dead spaces)", {}),
        ("duty 0", {"duty_cycle": 0}),
        ("duty 12", {"duty_cycle": 12}),
        ("no dead spaces", {"dead_spaces": 0}),
        ("8 dead spaces", {"dead_spaces": 8}),
    ]:
        rows += q.windows(ctx, label, options, [GREEDY, GREEDY], N)
    return rows


@register("resistor-strategies", notebook=NOTEBOOK, about="ampere strategies v greedy resistors")
def strategies(ctx: RunContext) -> Rows:
    rows: Rows = []
    for label, amperes in [
        ("never recharge", "choosy:norecharge"),
        ("three amperes or fewer", "choosy:light"),
    ]:
        rows += q.windows(ctx, label, {}, [amperes, GREEDY], 40)
    return rows


@register("resistor-skill", notebook=NOTEBOOK, about="random against greedy, each role")
def skill(ctx: RunContext) -> Rows:
    return q.windows(ctx, "random amperes", {}, ["patient", GREEDY], 30) + q.windows(
        ctx, "random resistors", {}, [GREEDY, "patient"], 30
    )


@register("resistor-matches", notebook=NOTEBOOK, about="whole matches: do they end, who wins")
def matches(ctx: RunContext) -> Rows:
    return [
        {**r, "pair": "greedy v greedy"} for r in q.matches(ctx, [GREEDY, GREEDY], 8, cap=1500)
    ] + [{**r, "pair": "greedy v random"} for r in q.matches(ctx, [GREEDY, "patient"], 8, cap=1500)]
