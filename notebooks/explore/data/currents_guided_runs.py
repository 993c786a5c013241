"""The guided:100 runs of currents-designer-questions.ipynb (see run.py): four-player
games of the base rules (the seat shares and lengths at the top rung: 300 deals,
continued in MORE until every seat was decided), and the seven rule changes the text
suggests (easier usurping and combination attacks, whose worth lies in planning, the
riptides, the jokers and the three really wild jokers), each on the first 60 of the same
deals and continued in MORE on the base table's next ones, so that each compares with the
base rules deal by deal. The deals are those of the greedy table ``currents-variants``. A
guided:100 four-player game costs some 2 CPU-seconds on the compiled engine (8 on pure
Python), a greedy one 0.1. One run per rule set and per batch, so each is stored as it
ends. The goals run replays the first base deals (four and two players) for what the
story rows leave out (currents-first-look.ipynb reads it too). At the end: a lone
guided:100 seat among three greedy ones, guided:300 against guided:100 with two players,
and the goals rows under two riptide layouts."""

from __future__ import annotations

from typing import Any

from currents_runs import DESIGNER, RIPTIDES, SEED, VARIANTS, Rows, games, until_decided

from tablegames.analysis.runs import RunContext, register

#: Rule set: deals played. The jokers (each shuffles the compass) and the really wild ones
#: (one for the compass and one for the currents; both for the currents; both for both)
#: are the text's own suggestions.
GUIDED_VARIANTS = {
    "base": 300,
    "easier usurping": 60,
    "combination attacks": 60,
    "riptides": 60,
    "wild: split": 60,
    "wild: currents": 60,
    "wild: both": 60,
    "jokers (compass)": 60,
}
#: Games of the goaltending and last-push table (``goals`` rows) per player count: the
#: first deals of currents-guided-base and currents-guided-2p-balance, replayed.
GOALS = {4: 200, 2: 200}


def _slug(name: str) -> str:
    """A rule set's name as it appears in run names: ``jokers (compass)`` -> ``jokers-compass``."""
    return "-".join(name.replace(":", "").replace("(", "").replace(")", "").split())


def guided_run(name: str, n: int) -> None:
    """Register ``currents-guided-<name>``: ``n`` four-player guided:100 games of a variant."""

    def run(ctx: RunContext) -> Rows:
        options = {"players": 4, **VARIANTS[name]}
        return games(ctx, name, "story", options, ["guided:100"] * 4, n)

    slug = _slug(name)
    run.__name__ = run.__qualname__ = f"guided_{slug.replace('-', '_')}"
    about = f"{name}; 4p guided:100, {n} deals"
    register(f"currents-guided-{slug}", notebook=DESIGNER, about=about)(run)


for _name, _n in GUIDED_VARIANTS.items():
    guided_run(_name, _n)


@register(
    "currents-guided-2p-balance",
    notebook=DESIGNER,
    about="seat shares, 2p guided:100, until decided (at most 1,200 games)",
)
def guided_2p_balance(ctx: RunContext) -> Rows:
    """Two-player seat shares between guided:100 players, in batches of 300 games until
    player 0's interval excludes one half or narrows to two points either side (a
    two-player guided:100 game costs some 1.5 CPU-seconds)."""
    return until_decided(ctx, "2p guided:100", {"players": 2}, ["guided:100"] * 2, 300, 1200)


@register(
    "currents-guided-goals",
    notebook=DESIGNER,
    about="goaltending, saves and last pushes; guided:100, the first base deals, 4p and 2p",
)
def guided_goals(ctx: RunContext) -> Rows:
    """The first deals of the base tables at guided:100 (the same games, since every game
    is seeded), replayed to count what the story rows leave out: threats to cross an
    edge and how many could not be defended, what became of each save, and whether a win
    on another player's turn came from a push the mover could have avoided."""
    rows: Rows = []
    for players, n in GOALS.items():
        label = f"{players}p guided:100"
        rows += games(ctx, label, "goals", {"players": players}, ["guided:100"] * players, n)
    return rows


#: Deals of each continuation of a rule set's table, 4p guided:100, each batch a run of its
#: own (stored as it ends). The base rules: 300 deals left seats 2 and 3 within some 4.6
#: points of a fair quarter, and about 1,800 four-player games narrow a seat's interval
#: to two points either side (1,900 do so for any share up to 27%, so the last batch is
#: larger; some 10 CPU-minutes compiled per 300 deals). Combination attacks and wild
#: split: their first 60 deals left player 0's share above a quarter (38.3% [27.1, 51.0]
#: and 36.7% [25.6, 49.3]), where the base rules give 26.5% over 1,900; two batches of
#: 120 (the base table's deals, so each still compares deal by deal) say whether the rule
#: moves a seat or the first 60 were chance. The other five: 60 deals left player 0's gain
#: over the base rules within some +-15 points and the length within some +-4.5 minutes;
#: a batch of 120 each (2.5 to 3.5 CPU-minutes) brings them to about +-7 points and +-2
#: minutes (measured against the whole base table, as the notebook does), and a second
#: for easier usurping and riptides, the planning rules the text asks about, to about
#: +-5.5 points, as wide as the two rule sets grown first.
#: Measured against the whole base table (a rule set's game and the base game on the same
#: deal are nearly unrelated), wild split's gain for player 0 over 300 deals was decided
#: only just (+6.6 [+0.9, +12.3]) and its 240 later deals alone did not confirm it: a
#: third batch (deals 300 to 419) tests it on deals chosen by no one. Combination attacks'
#: gain was then +4.3 [-0.7, +9.3] over 300 deals, the nearest to decided: two more
#: batches (deals 300 to 539, some 6 CPU-minutes) say whether it is. Over 540 deals it was
#: +4.4 [+0.4, +8.5], the later 480 alone +3.3 [-1.0, +7.5]: two more (deals 540 to 779).
#: Riptides' batch 3 (deals 300 to 459, session 48, late) goes with the edge-riptide
#: table's batch 3 on the same deals (EDGE, below): the two layouts' length difference on
#: the same 300 deals, +2.0 minutes [-0.6, +4.6], was not decided. 160 deals a layout is
#: what 9 CPU-minutes buy at the stored cost (1.76 and 1.42 CPU-s a deal: 8.5 CPU-min).
#: Judging rule, fixed before the run: judged once, at the end, on all 460 stored deals of
#: each layout (edge lines minus one line in, minutes, ``paired`` on the same deals). The
#: difference has now been looked at twice (at 300 deals, and at 460), so its 95%
#: interval is widened for two looks (Bonferroni: 97.5% two-sided, z 2.24 for 1.96):
#: decided if that widened interval excludes zero; bounded within +-2 minutes if it is
#: narrower than that; otherwise undecided, bounded by the widened interval.
#: Judged so (+2.0 minutes [+0.1, +4.0], widened for two looks [-0.2, +4.3]: undecided),
#: the notebook priced a third look: 679 deals of each layout narrow the interval,
#: widened for three looks, to about +-2 minutes at the spread measured. Batches 4 and 5
#: go with the edge-riptide table's batches 4 and 5 on the same deals (session 50). First
#: registered as 110 deals a batch (deals 460 to 679); cut, before any of them ran, to 75
#: (deals 460 to 609): on the loaded machine the recall table's first batch took 2.55
#: CPU-s a game and 2.85 times that in wall time, so 440 games would not have ended by
#: the session's deadline; 300 games do (some 14 CPU-minutes, 40 wall-minutes), and
#: bring the widened interval to about +-2.1 minutes at the spread measured.
#: Judging rule, fixed before the run: judged once, at the end, on all 610 stored
#: deals of each layout (edge lines minus one line in, minutes, ``paired`` on the same
#: deals), the 95% interval widened for the three looks taken (300, 460 and 610 deals;
#: Bonferroni, 98.33% two-sided, z 2.39 for 1.96): decided if that widened interval
#: excludes zero; bounded within +-2 minutes if narrower than that; otherwise undecided,
#: bounded by the widened interval. If not all four batches are stored in time, the
#: third look is not taken and the two-look judgement stands.
#: All four were stored and the difference judged once so (designer notebook, section 8):
#: +1.7 minutes [+0.0, +3.4], widened for three looks [-0.3, +3.7]: undecided, bounded.
#: The notebook priced a fourth look: 682 deals of each layout narrow the interval,
#: widened for four looks, to about +-2 minutes at the spread measured, so batches 6 and 7
#: (36 deals each, deals 610 to 645 and 646 to 681; session 50b) go with the edge-riptide
#: table's batches 6 and 7 on the same deals (EDGE, below), run in the order riptides 6,
#: edge 6, riptides 7, edge 7, one worker, compiled. Some 2.7 CPU-s a game at today's
#: cost (batches 4 and 5 of both layouts took 2.5 to 2.9), so 144 games, about 6.5
#: CPU-minutes. The second pair (batches 7) is started only if the session's clock allows
#: it (no run started after 17:12 UTC): the clock decides, not the data, which is not
#: looked at between the batches. If the second pair is not run, it is removed from this
#: file before the look and the look is taken on 646 deals.
#: Judging rule, fixed before the run: judged once, at the end, on all stored deals of
#: each layout (682, or 646 as above; edge lines minus one line in, minutes, ``paired``
#: on the same deals), the 95% interval widened for the four looks taken (300, 460, 610
#: and this one; Bonferroni, 98.75% two-sided, z 2.50 for 1.96): decided if that widened
#: interval excludes zero; bounded within +-2 minutes if narrower than that (half-width
#: under 2); otherwise undecided, bounded by the widened interval.
#: All four batches were stored (682 deals) and the difference judged once so (designer
#: notebook, section 8): +1.8 minutes [+0.3, +3.3], widened for four looks [-0.2, +3.7],
#: half-width 1.95: bounded.
MORE = {
    "base": [300, 300, 300, 300, 400],
    "combination attacks": [120, 120, 120, 120, 120, 120],
    "wild: split": [120, 120, 120],
    "easier usurping": [120, 120],
    "riptides": [120, 120, 160, 75, 75, 36, 36],
    "wild: currents": [120],
    "wild: both": [120],
    "jokers (compass)": [120],
}


def guided_more(name: str, batch: int) -> None:
    """Register ``currents-guided-<slug>-more-<batch>``: a rule set's next deals after its
    first run and the earlier batches (their seeds continue its first run's; the rows
    keep its label, so the notebook reads them as one table)."""
    sizes = MORE[name]
    start = GUIDED_VARIANTS[name] + sum(sizes[: batch - 1])
    n = sizes[batch - 1]

    def run(ctx: RunContext) -> Rows:
        options = {"players": 4, **VARIANTS[name]}
        return games(ctx, name, "story", options, ["guided:100"] * 4, n, start=start)

    slug = _slug(name)
    run.__name__ = run.__qualname__ = f"guided_{slug.replace('-', '_')}_more_{batch}"
    about = f"{name}; 4p guided:100, deals {start} to {start + n - 1} (continues guided-{slug})"
    register(f"currents-guided-{slug}-more-{batch}", notebook=DESIGNER, about=about)(run)


for _name, _sizes in MORE.items():
    for _batch in range(1, len(_sizes) + 1):
        guided_more(_name, _batch)


@register(
    "currents-guided-2p-duel",
    notebook=DESIGNER,
    about="2p guided:100 v greedy, seats rotated, 200 games",
)
def guided_2p_duel(ctx: RunContext) -> Rows:
    """The two-player rung the two-player answers come from, against greedy: the step up
    the ladder that shows guided:100 competent with two players as well as four."""
    specs = ["guided:100", "greedy"]
    return games(ctx, "2p guided:100 v greedy", "duel", {"players": 2}, specs, 200, rotate=True)


def seated_batches(
    prefix: str,
    label: str,
    specs: list[str],
    sizes: list[int],
    *,
    options: dict[str, Any] | None = None,
    kind: str = "duel",
    rotate: bool = True,
    seed: int = SEED,
) -> None:
    """Register ``<prefix>`` (batch 0) and ``<prefix>-more-<batch>``: ``sizes[batch]``
    games of ``specs`` each, seats rotated (``rotate``) or fixed, every batch continuing
    the earlier batches' seeds and seat rotation (the rows keep one ``label``, so the
    notebook reads them as one table). Duels say ``games``, story rows ``deals``; ``seed``
    is the table's seed (its deals)."""
    table = {"players": len(specs), **(options or {})}
    for batch, n in enumerate(sizes):
        start = sum(sizes[:batch])

        def run(ctx: RunContext, start: int = start, n: int = n) -> Rows:
            return games(ctx, label, kind, table, specs, n, start=start, rotate=rotate, seed=seed)

        name = prefix + (f"-more-{batch}" if batch else "")
        run.__name__ = run.__qualname__ = name.replace("-", "_")
        if kind == "duel":
            about = f"{label}, seats rotated, games {start} to {start + n - 1}"
        else:
            about = f"{label}; {len(specs)}p {specs[0]}, deals {start} to {start + n - 1}"
        register(name, notebook=DESIGNER, about=about)(run)


#: Games of each batch of a lone guided:100 seat among three greedy players (four
#: players, seats rotated so the lone seat sits in each seat equally often): the stored
#: ladder holds only 44 such games (40.9% [27.7, 55.6] against a fair quarter), too few
#: for the four-player skill index. Some 0.2 CPU-seconds a game (a pilot of 4 games:
#: one guided seat of four).
LONE = [200, 200]
seated_batches(
    "currents-lone-guided",
    "4p guided:100 v 3 greedy",
    ["guided:100", "greedy", "greedy", "greedy"],
    LONE,
)

#: Games of each batch of the reverse seating, a lone greedy seat among three guided:100
#: players (four players, seats rotated, the same deals as the lone guided:100 table's
#: first games): the stored ladder holds 44 such games (5 won, 11.4% [5.0, 24.0]), too few
#: to place guided:100's skill index in that seating. Some 1.35 CPU-seconds a game (the
#: ladder's cost: three guided seats of four), so two chunks of 100.
LONE_GREEDY = [100, 100]
seated_batches(
    "currents-lone-greedy",
    "4p greedy v 3 guided:100",
    ["greedy", "guided:100", "guided:100", "guided:100"],
    LONE_GREEDY,
)

#: Games of each batch of guided:300 against guided:100, two players, seats alternating:
#: whether the top rung the rule questions use is the ceiling of what this search reaches
#: (docs/bots.md quotes 49.0% [39.2, 58.8] of 96 four-player ladder games, not stored
#: here). Some 1.4 CPU-seconds a game (a pilot of 4 games; guided:300 searches three
#: times as much as guided:100).
TOP = [200, 200]
seated_batches(
    "currents-guided-300-duel", "2p guided:300 v guided:100", ["guided:300", "guided:100"], TOP
)


#: Riptides on the edge lines themselves (the second layout the riptide measure plays),
#: pointing back into the board at lines 2, 4, 6 of each edge: the pawn reaches an edge
#: line only between them, so a threat to cross starts from fewer points.
EDGE_RIPTIDES = [
    *([x, 8, "S"] for x in (2, 4, 6)),
    *([x, 0, "N"] for x in (2, 4, 6)),
    *([8, y, "W"] for y in (2, 4, 6)),
    *([0, y, "E"] for y in (2, 4, 6)),
]
#: Riptide layouts replayed through the goals rows (threats to cross an edge, how many
#: were stopped, and the Move phases a riptide stopped) on the first deals of
#: currents-guided-goals' four-player table, so each compares with the base rules deal
#: by deal: does a riptide make reaching an edge (offence) harder while stopping a
#: crossing (defence) stays as easy? Some 1.7 CPU-seconds a game (a pilot of 4).
RIPTIDE_LAYOUTS = {"riptides": RIPTIDES, "edge riptides": EDGE_RIPTIDES}
RIPTIDE_DEALS = 200


def riptide_goals(name: str) -> None:
    """Register ``currents-goals-<slug>``: 4p guided:100 goals rows under a layout."""

    def run(ctx: RunContext) -> Rows:
        options = {"players": 4, "obstacles": RIPTIDE_LAYOUTS[name]}
        return games(ctx, name, "goals", options, ["guided:100"] * 4, RIPTIDE_DEALS)

    slug = _slug(name)
    run.__name__ = run.__qualname__ = f"goals_{slug.replace('-', '_')}"
    about = f"goals rows, 4p guided:100, {name}, the first {RIPTIDE_DEALS} base deals"
    register(f"currents-goals-{slug}", notebook=DESIGNER, about=about)(run)


for _name in RIPTIDE_LAYOUTS:
    riptide_goals(_name)


#: The edge-riptide layout (EDGE_RIPTIDES, above) as a rule set of its own: four
#: guided:100 players on the base table's deals (its first 300, as the riptides table's),
#: for its effect on the seats and on the length in minutes beside the first layout's.
#: Some 1.5 CPU-seconds a deal (the riptides table's 120-deal batches took 181-185
#: CPU-seconds), so chunks of 100 (2.5 CPU-minutes each). Batch 3 (deals 300 to 459)
#: goes with riptides' batch 3 on the same deals (MORE, above: the judging rule for the
#: two layouts' length difference is there).
#: Batches 4 and 5 (deals 460 to 609) go with riptides' batches 4 and 5 (MORE, above:
#: the judging rule for the third look is there). Batches 6 and 7 (deals 610 to 681) go
#: with riptides' batches 6 and 7 (MORE, above: the judging rule for the fourth look).
EDGE = [100, 100, 100, 160, 75, 75, 36, 36]
seated_batches(
    "currents-guided-edge-riptides",
    "edge riptides",
    ["guided:100"] * 4,
    EDGE,
    options={"obstacles": EDGE_RIPTIDES},
    kind="story",
    rotate=False,
)


#: The design notes' two claims the story rows cannot test (memory rows, see
#: tablegames.analysis.questions.currents.memory): how often the compass map a player saw
#: at their previous Move phase no longer holds, and whether a Move phase with an ace
#: among the currents ends the game more often than one without, at the same stage of
#: the game. The goals table's first 200 four-player deals replayed (the same games, as
#: every game is seeded), some 1.75 CPU-seconds a game (the goals table's cost): about
#: 6 CPU-minutes. Judging rule, fixed before the run: one look; in turns 30 to 59 and 60
#: on (where the aces come back; two stretches, so the game's own rise in the end rate
#: with its length is not read as the aces'), the end rate per Move phase with an ace
#: among the currents less that without is decided where its 95% interval (widened for
#: the two stretches) excludes zero, else bounded by it; the compass share is read per
#: group of turns as measured (it describes, no test).
MEMORY_DEALS = 200


@register(
    "currents-guided-memory",
    notebook=DESIGNER,
    about=f"compass changes and aces on the board per Move phase; 4p guided:100, the first "
    f"{MEMORY_DEALS} base deals",
)
def guided_memory(ctx: RunContext) -> Rows:
    """The first base deals at guided:100, four players, replayed for the memory rows."""
    label = "4p guided:100"
    return games(ctx, label, "memory", {"players": 4}, ["guided:100"] * 4, MEMORY_DEALS)


#: The design notes' diplomatic demotion (followups rows, see
#: tablegames.analysis.questions.currents.followups): for every demotion and every other
#: card played on the board, whether the next player (or a later one before the placing
#: player's turn came round) changed the suit pushing from that place. The first 60 base
#: deals of the goals and memory tables, four guided:100 players (about 2 demotions a game
#: at this rung, so some 120 demotions), about 2 CPU-minutes (a first registration of 150
#: deals was withdrawn unplayed: the loaded machine would not have finished it in time).
#: Judging rule, fixed before the run: one look; the share of demotions whose place the
#: next player changed, less the same share for the other cards placed, is decided where
#: its 95% interval excludes zero, else bounded by it.
FOLLOWUP_DEALS = 60


@register(
    "currents-guided-followups",
    notebook=DESIGNER,
    about=f"what became of each demotion and card placed; 4p guided:100, the first "
    f"{FOLLOWUP_DEALS} base deals",
)
def guided_followups(ctx: RunContext) -> Rows:
    """The first base deals at guided:100, four players, replayed for the followups rows."""
    label = "4p guided:100"
    return games(ctx, label, "followups", {"players": 4}, ["guided:100"] * 4, FOLLOWUP_DEALS)


#: The two-player first player's edge at guided:100 on fresh deals, a size set in advance
#: and judged once. currents-guided-2p-balance (seed 2029) stopped at its 1,200-game cap
#: with player 0 at 53.0%, an interval looked at after every batch of 300 (so read widened
#: for four looks: a lean, not decided). This table plays 2,400 new deals (seed 4949, which
#: no other Currents table uses; none of its game seeds is among the stored table's, see
#: tests/test_explore_batches.py) in twelve batches of 200. A first registration in six
#: batches of 400 was stopped after 36 games, unjudged and unstored: on the loaded machine
#: a game took some 1.9 CPU-seconds (the replay, currents-2p-balance-replay, 0.94 on a
#: quiet one), so 400 games would pass the 10 CPU-minutes a table may take; 200 games are
#: some 6.3 CPU-minutes at that rate, and the same 2,400 deals in the same order.
#: Judging rule, fixed before the run: judged once, when all twelve batches are in, on the
#: pooled 2,400 fresh games only (the 1,200 stored games are history, not pooled): player
#: 0's win share with its Wilson 95% interval (one look, no widening). Decided that seat
#: order matters if the interval excludes 50% (the edge is then the share less 50%, with
#: the interval's ends); else, if the interval is at most two points either side (the
#: issue's other rule; at 2,400 games it is, whatever the share), decided that any edge is
#: no larger than the interval allows (its ends less 50%, stated as the bound). If not
#: every batch is stored by the session's deadline, the table is incomplete, not judged.
FRESH_2P_SEED = 4949
FRESH_2P = [200] * 12
#: Batches of FRESH_2P registered: those stored (every registered run needs its data
#: file, tests/test_explore_data.py). All twelve are stored: the first six and the other
#: six were played in two sessions of 29 November, on a machine loaded by other work, and
#: the table was judged once, by the rule above, in the designer notebook's section 2.
FRESH_2P_STORED = 12
seated_batches(
    "currents-guided-2p-fresh",
    "2p guided:100 fresh",
    ["guided:100"] * 2,
    FRESH_2P[:FRESH_2P_STORED],
    kind="story",
    rotate=False,
    seed=FRESH_2P_SEED,
)


#: The diplomatic demotion and the compass memory again, in one play of each game
#: (recall rows, see tablegames.analysis.questions.currents.recall: the followups lists,
#: the memory rows' compass count, and the compass count taken before the mover plays).
#: The first 200 base deals of the goals, memory and followups tables, four guided:100
#: players (the same games, as every game is seeded; deals 0 to 59 repeat the followups
#: table's, a check that the replay is the same game), in two batches of 100, some 5
#: CPU-minutes each on the loaded machine (the memory table took 2.9 CPU-s a game).
#: Judging rules, fixed before the run:
#: (1) demotions: on all 200 games' recall rows, the share of demotions whose place the
#: next player changed less the same share for the other cards placed (Newcombe's
#: interval, as the followups table's), judged once at the end; the difference was
#: looked at once before (60 games), so its 95% interval is widened for two looks
#: (Bonferroni, 97.5% two-sided, z 2.24): decided if that interval excludes zero, else
#: undecided, bounded by it.
#: (2) compass memory without the mover's own play: the share of turns after each
#: player's first at which one or more compass points push another suit's way than at
#: the mover's previous Move phase, counted before the mover plays, with its 95% Wilson
#: interval over the 200 games, beside the memory table's share on the same turns (it
#: describes, no test; the per-Move-phase change, compass_turn, is read the same way).
#: Both batches stored and judged so (sections 5 and 7): (1) +5.7 points [+2.5, +9.6]
#: widened for two looks, decided; (2) 74.5% [73.5, 75.5] of turns, against 81.8% after
#: the mover's play.
RECALL = [100, 100]
seated_batches(
    "currents-guided-recall",
    "4p guided:100",
    ["guided:100"] * 4,
    RECALL,
    kind="recall",
    rotate=False,
)
