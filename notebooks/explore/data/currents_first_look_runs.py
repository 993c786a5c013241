"""The full runs of currents-first-look.ipynb (see run.py) beyond those it shares with the
designer notebook (``currents_runs.py``, ``currents_guided_runs.py``): a fresh two-player
greedy table judged once, for the first player's edge that the stored balance tables
found only by looking after every batch; and a replay of the first stored two-player
``guided:100`` games at a clean commit, since that table's provenance says "+dirty"."""

from __future__ import annotations

from currents_runs import SEED, Rows, games

from tablegames.analysis.runs import RunContext, register

NOTEBOOK = "currents-first-look.ipynb"
#: A seed no other Currents table uses, so these deals are new ones.
FRESH_SEED = 4747
#: Games of the fresh table: a size set in advance and judged once (the interval is then
#: about +-1.6 points, inside the issue's +-2 whatever the share; greedy costs some
#: 0.013 CPU-s a two-player game on the compiled engine).
FRESH_GAMES = 4000
#: Games of currents-guided-2p-balance replayed (its first ones: 1.8 CPU-s each when it
#: was played, 0.9 at the replay's commit).
REPLAYED = 40


@register(
    "currents-2p-greedy-fresh",
    notebook=NOTEBOOK,
    about="2p greedy seat shares on 4,000 fresh deals, a size set in advance, judged once",
)
def greedy_fresh(ctx: RunContext) -> Rows:
    options = {"players": 2}
    return games(ctx, "2p greedy", "story", options, ["greedy"] * 2, FRESH_GAMES, seed=FRESH_SEED)


@register(
    "currents-2p-balance-replay",
    notebook=NOTEBOOK,
    about="the first 40 games of currents-guided-2p-balance played again at a clean commit",
)
def balance_replay(ctx: RunContext) -> Rows:
    options = {"players": 2}
    return games(ctx, "2p guided:100", "story", options, ["guided:100"] * 2, REPLAYED, seed=SEED)


#: Games of a lone random seat among three greedy ones (four players, seats rotated, the
#: deals of currents-ladder-top's "4p greedy v 3 random"): the stored ladder holds 8 such
#: games (none won), too few to read that seating. A size set in advance and judged once:
#: the notebook reads the lone random seat's share against a fair quarter and its skill
#: index for greedy beside the reverse seating's. Greedy costs some 0.02 CPU-s a
#: four-player game, so 400 games take seconds.
LONE_RANDOM = 400


@register(
    "currents-lone-random",
    notebook=NOTEBOOK,
    about="4p random v 3 greedy, seats rotated, 400 games set in advance, judged once",
)
def lone_random(ctx: RunContext) -> Rows:
    specs = ["random", "greedy", "greedy", "greedy"]
    return games(
        ctx, "4p random v 3 greedy", "duel", {"players": 4}, specs, LONE_RANDOM, rotate=True
    )
