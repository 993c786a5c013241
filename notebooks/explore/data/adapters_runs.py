"""The full run of adapters.ipynb (see run.py): OpenSpiel's own searchers, through the
adapter, against random play, against tablegames' greedy bot and against each other.

The game functions live here (not in the engine, which never imports OpenSpiel); a
local process pool finds them because run.py loads this module before the pool starts.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tablegames.analysis.runs import RunContext, register

NOTEBOOK = "adapters.ipynb"
Rows = list[dict[str, Any]]
#: OpenSpiel's searchers get this many simulations a move, each ending in one random
#: rollout (the budget of OpenSpiel's own examples for small games, and affordable here).
SIMULATIONS = 40
#: (first, second, deals): each pair plays deals 0..n-1, the first player alternating seats.
PAIRS = [
    ("os-mcts", "os-random", 30),
    ("os-mcts", "greedy", 30),
    ("os-ismcts", "os-mcts", 12),
]


def _bot(name: str, game: Any, player: int, seed: int) -> Any:
    """An OpenSpiel bot: ``os-random``, ``os-mcts`` (searches the true state, hidden
    cards face up), ``os-ismcts`` (samples the hidden cards from its own view), or
    ``greedy``: tablegames' greedy bot choosing on the engine state behind the adapter.
    A searcher's name may end in ``:N``, its simulations a move (else SIMULATIONS)."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed * 2 + player)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    name, _, budget = name.partition(":")
    simulations = int(budget) if budget else SIMULATIONS
    if name == "os-random":
        return pyspiel.make_uniform_random_bot(player, seed * 2 + player)
    if name == "os-mcts":
        return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)
    if name == "os-ismcts":
        return ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
    if name == "greedy":
        from tablegames.bots import GreedyBot

        return _Engine(game, GreedyBot(f"{seed}:{player}"))
    if name.startswith("os-"):
        raise ValueError(f"unknown bot {name!r}")
    from tablegames.bots import make_bot

    # any other name is a tablegames bot spec, e.g. guided:100 (the ladder's top rung)
    return _Engine(game, make_bot(f"{name}:{budget}" if budget else name, f"{seed}:{player}"))


class _Engine:
    """A tablegames bot as an OpenSpiel bot (``step(state) -> action``): it chooses on the
    engine state behind the adapter, from its own player's view as the bot itself keeps."""

    def __init__(self, game: Any, bot: Any) -> None:
        self.bot = bot
        self.space = game.space

    def step(self, state: Any) -> int:
        engine = state.engine_state
        return int(self.space.index(engine, self.bot.choose(engine)))


def deal(pair: tuple[str, str], deal: int) -> dict[str, Any]:
    """Deal ``deal`` of two-player Currents between the pair, ``pair[0]`` in seat
    ``deal % 2``: the seats, the winner and the decisions played."""
    from tablegames.adapters import openspiel

    game = openspiel.load_game("currents", players=2)
    seats = list(pair) if deal % 2 == 0 else [pair[1], pair[0]]
    bots = [_bot(name, game, p, deal) for p, name in enumerate(seats)]
    state = game.new_initial_state()
    state.apply_action(deal)
    decisions = 0
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
        decisions += 1
    returns = state.returns()
    winner = next((p for p, r in enumerate(returns) if r > 0), None)
    row = {"pair": f"{pair[0]} v {pair[1]}", "deal": deal, "seats": seats, "winner": winner}
    return {**row, "decisions": decisions}


@register("adapters-openspiel-bots", notebook=NOTEBOOK, about="OpenSpiel MCTS/ISMCTS v our bots")
def openspiel_bots(ctx: RunContext) -> Rows:
    rows: Rows = []
    for a, b, n in PAIRS:
        label = f"{a} v {b}"
        rows += ctx.map(partial(deal, (a, b)), range(n), label=label)
        ctx.options[label] = {"players": 2, "simulations": SIMULATIONS, "rollouts": 1}
        ctx.bots[label] = [a, b]
        ctx.seeds[label] = f"deals 0-{n - 1}"
    return rows


#: The budget sweep: does OpenSpiel's MCTS, through the adapter, rise with its budget as
#: tablegames' searchers do? (first, second, deals), the budget in the first bot's name.
SWEEP = [
    ("os-mcts:160", "greedy", 30),
    ("os-mcts:640", "greedy", 30),
    ("os-mcts:640", "os-mcts:40", 30),
]
#: The sweep's top budget, a table of its own (about 25 CPU s a deal, so fewer deals).
SWEEP_TOP = [("os-mcts:2560", "greedy", 10)]


def _os_pairs(ctx: RunContext, pairs: list[tuple[str, str, int]], first: int = 0) -> Rows:
    """Each (first, second, deals) pair of OpenSpiel bots (budgets in their names), on
    deals ``first`` to ``first + deals - 1`` (a later ``first`` continues a table)."""
    rows: Rows = []
    for a, b, n in pairs:
        label = f"{a} v {b}"
        rows += ctx.map(partial(deal, (a, b)), range(first, first + n), label=label)
        ctx.options[label] = {"players": 2, "rollouts": 1}
        ctx.bots[label] = [a, b]
        ctx.seeds[label] = f"deals {first}-{first + n - 1}"
    return rows


@register(
    "adapters-budget-sweep",
    notebook=NOTEBOOK,
    about="OpenSpiel's MCTS at 160 and 640 simulations v greedy; 640 v itself at 40",
)
def budget_sweep(ctx: RunContext) -> Rows:
    return _os_pairs(ctx, SWEEP)


#: The honest searcher at the budget where the face-up one passes greedy.
SWEEP_FAIR = [("os-ismcts:640", "greedy", 36)]


@register(
    "adapters-ismcts-640",
    notebook=NOTEBOOK,
    about="OpenSpiel's ISMCTS (hidden cards sampled) at 640 simulations v greedy",
)
def ismcts_640(ctx: RunContext) -> Rows:
    return _os_pairs(ctx, SWEEP_FAIR)


@register(
    "adapters-budget-top",
    notebook=NOTEBOOK,
    about="OpenSpiel's MCTS at 2560 simulations v greedy",
)
def budget_top(ctx: RunContext) -> Rows:
    return _os_pairs(ctx, SWEEP_TOP)


# ---- the worth of seeing every card, between tablegames' own searchers -----------------

#: The honest searcher: the top rung of the Currents ladder (random < greedy < guided:100).
GUIDED = "guided:100"
#: Deals per batch (each deal is played twice, the seats swapped) and the most deals.
BATCH, MAX_DEALS = 20, 120
#: The rung check: the honest searcher against greedy in the two-player game, deals.
RUNG_DEALS = 20
#: A game longer than this many decisions stops unfinished (none came near it in trials).
MAX_DECISIONS = 2000


def _peeking(iterations: int, seed: str) -> Any:
    """``guided:N`` that searches the true state: every iteration runs on the real deal
    (the other hand, the draw pile's order, so every future draw) instead of a sample
    drawn from the bot's own view. Budget, playouts and evaluation are the honest bot's;
    it still draws (and ignores) a sample each iteration, so it costs the same."""
    from tablegames.bots import GuidedMCTSBot

    class PeekingGuided(GuidedMCTSBot):
        def analyse(self, state: Any) -> Any:
            self._true = state
            return super().analyse(state)

        def _ismcts(self, root: Any, state: Any) -> None:
            super()._ismcts(root, self._true)

    return PeekingGuided(iterations=iterations, seed=seed)


def _hand_peeking(iterations: int, seed: str) -> Any:
    """``guided:N`` that sees the other player's hand but not the draw pile: every
    iteration samples the draw pile's order (and so every future draw) from the bot's own
    view with the other hand turned face up, as at a table played with open hands."""
    from tablegames.bots import GuidedMCTSBot
    from tablegames.determinize import InformationSet

    class HandPeekingGuided(GuidedMCTSBot):
        def analyse(self, state: Any) -> Any:
            view = state.observation(state.current_player)
            view["hands"] = state.to_json()["hands"]
            self._open = InformationSet(state.game, view)
            return super().analyse(state)

        def _ismcts(self, root: Any, state: Any) -> None:
            super()._ismcts(root, self._open.sample(self.rng))

    return HandPeekingGuided(iterations=iterations, seed=seed)


def _engine_bot(name: str, seed: str) -> Any:
    """``peek:N`` (see :func:`_peeking`), ``peek-hand:N`` (:func:`_hand_peeking`) or any
    bot spec of tablegames."""
    from tablegames.bots import make_bot

    if name.startswith("peek-hand:"):
        return _hand_peeking(int(name.split(":")[1]), seed)
    if name.startswith("peek:"):
        return _peeking(int(name.split(":")[1]), seed)
    return make_bot(name, seed)


def engine_game(pair: tuple[str, str], game_no: int) -> dict[str, Any]:
    """Game ``game_no`` of two-player Currents on the engine: deal ``game_no // 2``, with
    ``pair[0]`` in seat ``game_no % 2``, so each deal is played twice, seats swapped."""
    import tablegames as tg

    deal_no, seat = divmod(game_no, 2)
    seats = [pair[0], pair[1]] if seat == 0 else [pair[1], pair[0]]
    bots = [_engine_bot(name, f"{deal_no}:{p}") for p, name in enumerate(seats)]
    state = tg.make("currents", players=2).initial_state(seed=deal_no)
    decisions = 0
    while not state.is_terminal and decisions < MAX_DECISIONS:
        state = state.apply(bots[state.current_player].choose(state))
        decisions += 1
    winner = min(state.winners) if state.winners else None
    return {
        "pair": f"{pair[0]} v {pair[1]}",
        "deal": deal_no,
        "seats": seats,
        "winner": winner,
        "first_won": winner is not None and seats[winner] == pair[0],
        "finished": state.is_terminal,
        "decisions": decisions,
    }


def _engine_deals(ctx: RunContext, pair: tuple[str, str], first: int, deals: int) -> Rows:
    """Deals ``first`` to ``first + deals - 1`` of ``pair`` on the engine, each in both
    seatings (:func:`engine_game`), with their options, bots and seeds noted."""
    label = f"{pair[0]} v {pair[1]}"
    games = range(2 * first, 2 * (first + deals))
    rows = ctx.map(partial(engine_game, pair), games, label=label)
    ctx.options[label] = {"players": 2, "max_decisions": MAX_DECISIONS}
    ctx.bots[label] = list(pair)
    ctx.seeds[label] = f"deals {first}-{first + deals - 1}, each with the seats swapped"
    return rows


def _decided(rows: Rows) -> bool:
    """The first bot's share of wins excludes half, or is known to within 2 points
    (:func:`tablegames.analysis.questions.common.decided`, against a fair half)."""
    from tablegames.analysis import wilson
    from tablegames.analysis.questions.common import decided

    return decided(wilson(sum(r["first_won"] for r in rows), len(rows)), 0.5)


def _until_decided(ctx: RunContext, pair: tuple[str, str], max_deals: int) -> Rows:
    """Batches of BATCH deals (both seatings) until :func:`_decided` or ``max_deals``."""
    rows: Rows = []
    while len(rows) < 2 * max_deals:
        rows += _engine_deals(ctx, pair, len(rows) // 2, BATCH)
        if _decided(rows):
            break
    seeds = f"deals 0-{len(rows) // 2 - 1}, each with the seats swapped"
    ctx.seeds[f"{pair[0]} v {pair[1]}"] = seeds
    return rows


@register(
    "adapters-hidden-cards",
    notebook=NOTEBOOK,
    about="guided:100 seeing every card v guided:100 (2p), and guided:100 v greedy",
)
def hidden_cards(ctx: RunContext) -> Rows:
    rows = _until_decided(ctx, ("guided:100", "greedy"), RUNG_DEALS)
    return rows + _until_decided(ctx, ("peek:100", GUIDED), MAX_DEALS)


#: Continuations of adapters-ismcts-640 (36 deals left ISMCTS against greedy undecided,
#: 44.4% [29.5, 60.4]): batches of 33 deals (about 5 CPU-minutes each), stored as
#: each ends; their deals continue the table's: seven batches, 267 deals in all.
ISMCTS_MORE, ISMCTS_BATCHES = 33, 7
#: The 2,560-simulation point's next deals (after adapters-budget-top's 10), in batches
#: of 15 (about 5 CPU-minutes each): two batches, 40 deals in all.
TOP_MORE, TOP_BATCHES = 15, 2


def _continue(table: str, spec: tuple[str, str, int], per_batch: int, batch: int) -> None:
    """Register ``<table>-more-<batch>``: the next ``per_batch`` deals of ``table``, whose
    own ``spec`` (bot, bot, deals) played the first ones."""
    a, b, n = spec
    first = n + per_batch * (batch - 1)

    def run(ctx: RunContext) -> Rows:
        return _os_pairs(ctx, [(a, b, per_batch)], first=first)

    slug = table.removeprefix("adapters-").replace("-", "_")
    run.__name__ = run.__qualname__ = f"{slug}_more_{batch}"
    about = f"{a} v {b}, deals {first}-{first + per_batch - 1} (continues {table})"
    register(f"{table}-more-{batch}", notebook=NOTEBOOK, about=about)(run)


for _batch in range(1, ISMCTS_BATCHES + 1):
    _continue("adapters-ismcts-640", SWEEP_FAIR[0], ISMCTS_MORE, _batch)
for _batch in range(1, TOP_BATCHES + 1):
    _continue("adapters-budget-top", SWEEP_TOP[0], TOP_MORE, _batch)


# ---- the strict reading's last gaps: the top rung against OpenSpiel's honest searcher
# played directly (not inferred through greedy), and more deals for the rung check ----

#: guided:100 against os-ismcts:640 through the adapter, deals 0-39, seats alternating.
DIRECT = [("guided:100", "os-ismcts:640", 40)]
#: The two-player rung check's next deals (adapters-hidden-cards played deals 0-19).
RUNG_MORE = 40


@register(
    "adapters-guided-v-ismcts",
    notebook=NOTEBOOK,
    about="guided:100 v OpenSpiel's ISMCTS at 640 simulations, played through the adapter",
)
def guided_v_ismcts(ctx: RunContext) -> Rows:
    return _os_pairs(ctx, DIRECT)


@register(
    "adapters-rung-check-more",
    notebook=NOTEBOOK,
    about="guided:100 v greedy in the two-player game, deals 20-59 (each seating)",
)
def rung_check_more(ctx: RunContext) -> Rows:
    return _engine_deals(ctx, (GUIDED, "greedy"), RUNG_DEALS, RUNG_MORE)


@register(
    "adapters-hand-peek",
    notebook=NOTEBOOK,
    about="guided:100 seeing only the other hand v guided:100 (2p), until decided",
)
def hand_peek(ctx: RunContext) -> Rows:
    # peek:100 saw the hand and the draw pile's order at once: this separates the hand
    return _until_decided(ctx, ("peek-hand:100", GUIDED), MAX_DEALS)


#: The hand-only peek's next deals, after adapters-hand-peek's 120 left it undecided
#: (55.8% [49.5, 62.0]): batches of 100 deals (each played in both seatings, about two
#: CPU-minutes), stored as each ends, until the share excludes a half or is within ±2.
#: One batch did it: 58.4% [53.8, 62.9] over 220 deals.
HAND_MORE, HAND_BATCHES = 100, 1


def _register_hand_more(batch: int) -> None:
    """Register ``adapters-hand-peek-more-<batch>``: deals 120 + 100 * (batch - 1) on."""
    first = MAX_DEALS + HAND_MORE * (batch - 1)
    label = f"peek-hand:100 v {GUIDED}"

    def run(ctx: RunContext) -> Rows:
        return _engine_deals(ctx, ("peek-hand:100", GUIDED), first, HAND_MORE)

    run.__name__ = run.__qualname__ = f"hand_peek_more_{batch}"
    about = f"{label}, deals {first}-{first + HAND_MORE - 1} (continues adapters-hand-peek)"
    register(f"adapters-hand-peek-more-{batch}", notebook=NOTEBOOK, about=about)(run)


for _batch in range(1, HAND_BATCHES + 1):
    _register_hand_more(_batch)


#: The full sight's next deals (adapters-hidden-cards played deals 0-39), so that its gap
#: over the hand-only sight (+9.1 [-2.2, +20.3] with 40 deals) can be told: 120 deals.
PEEK_MORE = 120


@register(
    "adapters-peek-more",
    notebook=NOTEBOOK,
    about="peek:100 v guided:100 (2p), deals 40-159 (continues adapters-hidden-cards)",
)
def peek_more(ctx: RunContext) -> Rows:
    # the hidden-cards table stopped after two batches, 40 deals
    return _engine_deals(ctx, ("peek:100", GUIDED), 2 * BATCH, PEEK_MORE)


# ---- the open-hand variant: both hands face up, the draw pile still hidden ----------------

#: Deals of the open-hand table: both players are peek-hand:100 (each sees the other's
#: hand and samples only the draw pile's order). With the same bot in both seats the two
#: seatings of a deal are one game, so each deal is played once (seat 0 moves first).
OPEN_DEALS = 240


@register(
    "adapters-open-hands",
    notebook=NOTEBOOK,
    about="open hands: peek-hand:100 v peek-hand:100 (2p), deals 0-239, one game each",
)
def open_hands(ctx: RunContext) -> Rows:
    pair = ("peek-hand:100", "peek-hand:100")
    label = f"{pair[0]} v {pair[1]}"
    rows = ctx.map(partial(engine_game, pair), range(0, 2 * OPEN_DEALS, 2), label=label)
    ctx.options[label] = {"players": 2, "max_decisions": MAX_DECISIONS}
    ctx.bots[label] = list(pair)
    ctx.seeds[label] = f"deals 0-{OPEN_DEALS - 1}, one game each (both seats see both hands)"
    return rows


#: The open-hand table's next deals, 240-479, one game each: a second batch of the same
#: size, played after the first 240 left the length gap only just clear of zero (-2.2
#: decisions [-4.0, -0.3]), so the pooled table has been looked at twice.
OPEN_MORE = 240


@register(
    "adapters-open-hands-more-1",
    notebook=NOTEBOOK,
    about="open hands: peek-hand:100 x2 (2p), deals 240-479 (continues adapters-open-hands)",
)
def open_hands_more_1(ctx: RunContext) -> Rows:
    pair = ("peek-hand:100", "peek-hand:100")
    label = f"{pair[0]} v {pair[1]}"
    games = range(2 * OPEN_DEALS, 2 * (OPEN_DEALS + OPEN_MORE), 2)
    rows = ctx.map(partial(engine_game, pair), games, label=label)
    ctx.options[label] = {"players": 2, "max_decisions": MAX_DECISIONS}
    ctx.bots[label] = list(pair)
    last = OPEN_DEALS + OPEN_MORE - 1
    ctx.seeds[label] = f"deals {OPEN_DEALS}-{last}, one game each (both seats see both hands)"
    return rows


#: The honest searcher against itself at a sixteenth of the budget: does OpenSpiel's
#: ISMCTS, too, rise with its budget through the adapter? (The face-up MCTS was measured
#: directly, 640 against 40; the honest one only through a chain of pairings.) 30 deals,
#: seats alternating, a size set in advance and judged once: decided if the 95% interval
#: of the 640-simulation bot's share excludes a half. About 9 CPU-s a deal (the 640 side's
#: cost against greedy), some 5 CPU-minutes.
ISMCTS_BUDGET = [("os-ismcts:640", "os-ismcts:40", 30)]


@register(
    "adapters-ismcts-budget",
    notebook=NOTEBOOK,
    about="OpenSpiel's ISMCTS at 640 simulations v itself at 40, 30 deals, judged once",
)
def ismcts_budget(ctx: RunContext) -> Rows:
    return _os_pairs(ctx, ISMCTS_BUDGET)
