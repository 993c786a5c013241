"""The full runs of cardchess-setups.ipynb (see run.py); their games are played by
tablegames.analysis.questions.cardchess."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from grow import Growing

from tablegames import make
from tablegames.analysis.questions import cardchess as q
from tablegames.analysis.questions.common import Table, _task, load
from tablegames.analysis.runs import RunContext, register

NOTEBOOK = "cardchess-setups.ipynb"
Rows = list[dict[str, object]]
GREEDY = ("greedy", "greedy")
#: The strongest rung a balance table can afford here (about 0.8 CPU s a game; the
#: ladder's mcts:3000 costs ten times more).
TOP = ("mcts:300", "mcts:300")


def _top_tables() -> Growing:
    """The first mover's share at :data:`TOP`, for each set-up, with terrain and bare."""
    tables, fields = [], {}
    for terrain in (True, False):
        for setup in ("fixed", "progressive"):
            label = f"{setup} {'terrain' if terrain else 'bare'} {' v '.join(TOP)}"
            tables.append(Table(label, q.game_row, "cardchess", q.options(setup, terrain), TOP))
            fields[label] = {"setup": setup, "terrain": terrain}
    return Growing(tables, q.first_share, max_games=2400, fields=fields)


#: Tables grown batch by batch by grow.py, each until decided: the bare tables at 100
#: games, progressive with terrain at 600, fixed with terrain at 2,400 (45 CPU minutes).
GROWING = {"cardchess-first-mover-mcts": _top_tables()}


@register(
    "cardchess-first-mover-mcts",
    notebook=NOTEBOOK,
    about="first mover's share at mcts:300, terrain and bare, until decided",
)
def first_mover_mcts(ctx: RunContext) -> Rows:
    return GROWING["cardchess-first-mover-mcts"].full(ctx, batch=100)


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


@register(
    "cardchess-duels-top",
    notebook=NOTEBOOK,
    about="mcts:300 v greedy in the progressive set-up: does the top rung place competently?",
)
def duels_top(ctx: RunContext) -> Rows:
    return q.duels(ctx, [(TOP[0], GREEDY[0])], 400, setup="progressive")


#: Deals of the terrain question at :data:`TOP`, each played twice (about 0.5 CPU s a
#: deal with the compiled engine).
DEALS_TOP = 400


@register(
    "cardchess-deals-top",
    notebook=NOTEBOOK,
    about="each terrain deal played twice at mcts:300: does the deal decide?",
)
def deals_top(ctx: RunContext) -> Rows:
    return q.deals(ctx, TOP, DEALS_TOP, surfaces=(True,))


# ---- issue 29's strict reading: the set-up questions at the ladder's top rung ----
#: The ladder's top rung (about 4.3 CPU s a game compiled): its set-up tables (terrain)
#: are played in batches, each its own file ``cardchess-top3000-<k>``, so that whatever
#: batches the budget allows are stored. Each batch is the set-ups it plays and how many
#: games of each; a set-up's games continue where its previous batch stopped. Batches 1-4
#: played both set-ups; 5-16 only the progressive one, whose first mover's edge was still
#: undecided after 160 games (the fixed one's was decided), and after 400 (batches 8-16
#: aim at an interval of about +-2.5 points).
#: Batches 17 on (issue 29's session 47) grow the fixed set-up only, 80 games each (about
#: 6-8 CPU-min), for the fixed-less-progressive first-mover edge (+5.5 [-2.7, +13.7] after
#: 160 fixed games). Pre-registered judging rule: the batches run in order while the
#: session's CPU budget and time allow (their number is set by those, not by results),
#: and the edge difference is judged once, on all the fixed games stored at the end.
#: Four were registered; the session's time allowed three, the third cut to 60 games so
#: that it would end before the session's deadline.
TOP3000 = ("mcts:3000", "mcts:3000")
TOP3000_BATCHES: list[tuple[tuple[str, ...], int]] = (
    [(("fixed", "progressive"), 40)] * 4
    + [(("progressive",), 80)] * 12
    + [(("fixed",), 80)] * 2
    + [(("fixed",), 60)]
    # session 48: the fixed edge's interval (+5.4 [+0.5, +10.4] over 380 games) towards
    # +-4 points, the brief's first open item. Pre-registered: batches 20-22 run in order
    # while the session's time and CPU budget allow (their number set by those, not by
    # results); no share is read until the last has ended; then the fixed first mover's
    # edge and the fixed-less-progressive difference are judged once, on all the fixed
    # games stored, with the false-alarm risk over every look the table has had printed.
    # Three were registered; the session's time allowed one (a game took 28 s of wall
    # time on the shared machine, so a second batch would have ended after the deadline).
    + [(("fixed",), 80)]
)


def _top3000_batch(ctx: RunContext, k: int) -> Rows:
    """Batch ``k`` (from 0) of :data:`TOP3000_BATCHES`."""
    setups, n = TOP3000_BATCHES[k]
    rows: Rows = []
    for setup in setups:
        start = sum(m for s, m in TOP3000_BATCHES[:k] if setup in s)
        label = f"{setup} terrain {' v '.join(TOP3000)}"
        table = Table(label, q.game_row, "cardchess", q.options(setup, True), TOP3000)
        rows += [{**r, "setup": setup, "terrain": True} for r in table.play(ctx, start, start + n)]
    return rows


def _register_top3000(k: int) -> None:
    setups, n = TOP3000_BATCHES[k]
    which = "each set-up" if len(setups) > 1 else f"the {setups[0]} set-up"

    @register(
        f"cardchess-top3000-{k + 1}",
        notebook=NOTEBOOK,
        about=f"set-ups at mcts:3000, batch {k + 1} ({n} games of {which})",
    )
    def batch(ctx: RunContext) -> Rows:
        return _top3000_batch(ctx, k)


for _k in range(len(TOP3000_BATCHES)):
    _register_top3000(_k)


@register(
    "cardchess-duels-top-fixed",
    notebook=NOTEBOOK,
    about="mcts:300 v greedy in the fixed set-up: does skill count as much as in the progressive?",
)
def duels_top_fixed(ctx: RunContext) -> Rows:
    # the same duel as cardchess-duels-top, in the other set-up: "more competitive"
    return q.duels(ctx, [(TOP[0], GREEDY[0])], 400, setup="fixed")


@register(
    "cardchess-duels-3000-progressive",
    notebook=NOTEBOOK,
    about="mcts:3000 v mcts:300 in the progressive set-up: is the top rung the stronger there?",
)
def duels_3000_progressive(ctx: RunContext) -> Rows:
    # the ladder showed the top rung's lead (17 of 20) in the fixed set-up only
    return q.duels(ctx, [(TOP3000[0], TOP[0])], 100, setup="progressive")


@register(
    "cardchess-duels-3000-fixed",
    notebook=NOTEBOOK,
    about="mcts:3000 v mcts:300 in the fixed set-up: is the top rung the stronger there?",
)
def duels_3000_fixed(ctx: RunContext) -> Rows:
    # session 48: replaces the ladder's 20 uncapped games (17 of 20) as the fixed set-up's
    # evidence, mirroring cardchess-duels-3000-progressive (terrain, seats rotated).
    # Judged once, on all 100 games: mcts:3000's share of the games (a draw or capped game
    # counts half), 95% Wilson interval; the top rung is the stronger if the interval
    # lies above 50%, the weaker if below, undecided otherwise.
    return q.duels(ctx, [(TOP3000[0], TOP[0])], 100, setup="fixed")


#: Deals of the terrain question in the progressive set-up at :data:`TOP`, each played
#: twice: 400 like the fixed set-up's test at this rung (a pilot of 8 deals took 0.47 CPU s a
#: deal compiled, so about 3 CPU-min).
DEALS_PROGRESSIVE = 400


@register(
    "cardchess-deals-progressive",
    notebook=NOTEBOOK,
    about="each terrain deal played twice at mcts:300, progressive set-up: does the deal decide?",
)
def deals_progressive(ctx: RunContext) -> Rows:
    return q.deals(ctx, TOP, DEALS_PROGRESSIVE, surfaces=(True,), setup="progressive")


# ---- issue 29's session 48: why a quarter of the top rung's games stall ----
#: How many capped games of each set-up's mcts:3000 table are replayed for
#: ``cardchess-capped``: the first so many in stored order (batch 1 on), chosen before
#: any was replayed; a capped game costs about 37 CPU s to replay (one timed: 10 a
#: set-up fit the session's budget, 20 did not).
CAPPED_REPLAYS = 10
#: Pre-registered reading of ``cardchess-capped`` (each with a 95% Wilson interval over
#: the replayed games of a set-up): *locked*, no unit covered or freed in a game's last
#: 100 moves (``last_change`` <= 200); *shuffling*, its last 100 moves visit at most 50
#: distinct positions (side to move included); *ahead at the cap*, one side has more
#: units covered than the other, and which side (the first mover or not). A replay whose
#: moves or winners differ from the stored row is reported, not dropped.


@register(
    "cardchess-capped",
    notebook=NOTEBOOK,
    about="capped mcts:3000 games replayed: locked, shuffling, or ahead at the cap?",
)
def capped(ctx: RunContext) -> Rows:
    here = Path(__file__).resolve().parent
    names = [f"cardchess-top3000-{k + 1}" for k in range(19)]  # the batches stored before
    stored = [r for name in names for r in load(name, here)]
    rows: Rows = []
    for setup in ("fixed", "progressive"):
        label = f"capped {setup} terrain {' v '.join(TOP3000)}"
        picked = [r for r in stored if r["setup"] == setup and r["capped"]][:CAPPED_REPLAYS]
        options = q.options(setup, True)
        job = partial(_task, q.cap_row, "cardchess", options, list(TOP3000), False)
        done = ctx.map(job, [(0, int(r["seed"])) for r in picked], label=label)
        ctx.note(label, make("cardchess", **options), list(TOP3000), [r["seed"] for r in picked], 0)
        for r, new in zip(picked, done):
            same = new["moves"] == r["moves"] and new["winners"] == r["winners"]
            rows.append({**new, "label": label, "setup": setup, "replayed": same})
    return rows
