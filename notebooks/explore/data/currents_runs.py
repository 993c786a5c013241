"""The full runs of currents-designer-questions.ipynb and currents-first-look.ipynb (see
run.py); their games are played by tablegames.analysis.questions.currents."""

from __future__ import annotations

from functools import partial
from typing import Any

from tablegames.analysis.metrics import Share, wilson
from tablegames.analysis.questions.currents import task
from tablegames.analysis.rows import game_seeds
from tablegames.analysis.runs import RunContext, register
from tablegames.core import make

DESIGNER = "currents-designer-questions.ipynb"
Rows = list[dict[str, Any]]
SEED = 2029
#: Riptides one line in from every edge, pointing back into the board, at lines 2, 4, 6:
#: the pawn reaches the line next to an edge only between them (the text's "channels").
RIPTIDES = [
    *([x, 7, "S"] for x in (2, 4, 6)),
    *([x, 1, "N"] for x in (2, 4, 6)),
    *([7, y, "W"] for y in (2, 4, 6)),
    *([1, y, "E"] for y in (2, 4, 6)),
]
VARIANTS: dict[str, dict[str, Any]] = {
    "base": {},
    "jokers (compass)": {"jokers": 2},
    "wild: split": {"jokers": 2, "wild_jokers": "split"},
    "wild: currents": {"jokers": 2, "wild_jokers": "currents"},
    "wild: both": {"jokers": 2, "wild_jokers": "both"},
    "easier usurping": {"easier_usurping": True},
    "combination attacks": {"combination_attacks": True},
    "riptides": {"obstacles": RIPTIDES},
}


def games(
    ctx: RunContext,
    label: str,
    kind: str,
    options: dict[str, Any],
    specs: list[str],
    n: int,
    *,
    start: int = 0,
    rotate: bool = False,
    seed: int = SEED,
) -> Rows:
    """Games ``start`` to ``start + n`` of a table, each a row labelled ``label``."""
    seeds = game_seeds(seed, start + n)[start:]
    job = partial(task, kind, options, specs, rotate)
    rows = ctx.map(job, list(zip(range(start, start + n), seeds)), label=label)
    ctx.note(label, make("currents", **options), specs, seed, 0)
    return [{**r, "label": label} for r in rows]


def until_decided(
    ctx: RunContext, label: str, options: dict[str, Any], specs: list[str], batch: int, most: int
) -> Rows:
    """Player 0's win share, in batches, until its 95% interval excludes a fair share
    or is within two points either side (or ``most`` games)."""
    fair = 1 / len(specs)
    rows: Rows = []
    while len(rows) < most:
        rows += games(ctx, label, "story", options, specs, batch, start=len(rows))
        s: Share = wilson(sum(r["winner"] == 0 for r in rows), len(rows))
        if not s.low <= fair <= s.high or (s.high - s.low) / 2 <= 0.02:
            break
    return rows


@register("currents-ladder", notebook=DESIGNER, about="rung against rung, seats rotated")
def ladder(ctx: RunContext) -> Rows:
    rows: Rows = []
    for players, pairs in [
        (2, [("greedy", "random", 200), ("mcts:100", "greedy", 120), ("mcts:300", "mcts:100", 50)]),
        (4, [("greedy", "random", 120), ("mcts:100", "greedy", 60)]),
    ]:
        for strong, weak, n in pairs:
            specs = [strong, weak] * (players // 2)
            label = f"{players}p {strong} v {weak}"
            rows += games(ctx, label, "duel", {"players": players}, specs, n, rotate=True)
    return rows


@register(
    "currents-balance", notebook=DESIGNER, about="seat shares, 2p and 4p greedy, until decided"
)
def balance(ctx: RunContext) -> Rows:
    return until_decided(
        ctx, "2p greedy", {"players": 2}, ["greedy"] * 2, 300, 3000
    ) + until_decided(ctx, "4p greedy", {"players": 4}, ["greedy"] * 4, 300, 2400)


@register("currents-mcts", notebook=DESIGNER, about="mcts:100 self-play, 2p and 4p")
def mcts(ctx: RunContext) -> Rows:
    return games(ctx, "2p mcts:100", "story", {"players": 2}, ["mcts:100"] * 2, 100) + games(
        ctx, "4p mcts:100", "story", {"players": 4}, ["mcts:100"] * 4, 60
    )


@register("currents-board", notebook=DESIGNER, about="timer, delayed aces, corners; greedy")
def board(ctx: RunContext) -> Rows:
    return games(ctx, "2p greedy", "board", {"players": 2}, ["greedy"] * 2, 300) + games(
        ctx, "4p greedy", "board", {"players": 4}, ["greedy"] * 4, 300
    )


@register("currents-variants", notebook=DESIGNER, about="optional rules, 4p greedy, same seeds")
def variants(ctx: RunContext) -> Rows:
    rows: Rows = []
    for name, options in VARIANTS.items():
        rows += games(ctx, name, "story", {"players": 4, **options}, ["greedy"] * 4, 240)
    return rows


@register(
    "currents-greedy-base-more",
    notebook=DESIGNER,
    about="4p greedy, base rules, deals 300 to 1499 (continues currents-balance's 4p table)",
)
def greedy_base_more(ctx: RunContext) -> Rows:
    """The base rules' four-player greedy table (``currents-balance``, stopped at 300 deals
    once decided) continued to the 1,500 deals of ``currents-jokers-balance``: the jokers
    then compare with the base rules deal by deal, and every greedy rule set of
    ``currents-variants`` with a base table six times its size (some 0.1 CPU-s a game)."""
    return games(ctx, "4p greedy", "story", {"players": 4}, ["greedy"] * 4, 1200, start=300)


@register("currents-ladder-top", notebook=DESIGNER, about="mcts:300 v greedy; 1 greedy v 3 random")
def ladder_top(ctx: RunContext) -> Rows:
    return games(
        ctx, "2p mcts:300 v greedy", "duel", {"players": 2}, ["mcts:300", "greedy"], 60, rotate=True
    ) + games(
        ctx,
        "4p greedy v 3 random",
        "duel",
        {"players": 4},
        ["greedy", "random", "random", "random"],
        200,
        rotate=True,
    )


@register(
    "currents-jokers-balance", notebook=DESIGNER, about="4p greedy with jokers, until decided"
)
def jokers_balance(ctx: RunContext) -> Rows:
    options = {"players": 4, **VARIANTS["jokers (compass)"]}
    return until_decided(ctx, "4p greedy, jokers", options, ["greedy"] * 4, 300, 2400)
