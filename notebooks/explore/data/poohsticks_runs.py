"""The full runs of poohsticks-variants.ipynb (see run.py); their games are played by
tablegames.analysis.questions.poohsticks."""

from __future__ import annotations

from pathlib import Path

from grow import Growing

from tablegames.analysis.provenance import read_table
from tablegames.analysis.questions import poohsticks as q
from tablegames.analysis.questions.common import Table, duel_row
from tablegames.analysis.runs import RunContext, register

NOTEBOOK = "poohsticks-variants.ipynb"
Rows = list[dict[str, object]]
GREEDY = ["greedy", "greedy"]
#: The ladder's top rung (beats greedy 67.2% [55.0, 77.4]): about 5 CPU s a game on the
#: rules' river with powers, against 0.06 for greedy. With the two cores shared seven ways
#: a worker got about a twentieth of a core (two minutes a game), so its runs are small:
#: 20 games on the rules' river and 10 a shape; the table with powers was grown later.
GUIDED = ["guided:300", "guided:300"]


@register("poohsticks-powers", notebook=NOTEBOOK, about="boat powers: player 0's share")
def powers(ctx: RunContext) -> Rows:
    return q.balance(ctx, "powers, greedy", {"boat_powers": True}, GREEDY, max_games=800)


#: Tables grown batch by batch by grow.py: player 0's share with powers at guided:300 (40
#: races at first; grown on one process until decided, at 280).
GROWING = {
    "poohsticks-guided": Growing(
        [
            Table(
                "powers, guided:300", q.game_row, "poohsticks", q.options(boat_powers=True), GUIDED
            )
        ],
        q.seat_share,
        max_games=2400,
        fields={"powers, guided:300": {"variant": "powers, guided:300"}},
    ),
    # without powers: the rules' river's games from 20 on (rivers-guided holds 0 to 19)
    "poohsticks-seats-guided": Growing(
        [Table("2x6 (rules)", q.game_row, "poohsticks", q.options(), GUIDED)],
        q.seat_share,
        max_games=2400,
        fields={"2x6 (rules)": {"variant": "2x6 (rules)"}},
        first={"2x6 (rules)": 20},
    ),
}


@register("poohsticks-guided", notebook=NOTEBOOK, about="boat powers: player 0's share, guided:300")
def guided(ctx: RunContext) -> Rows:
    return GROWING["poohsticks-guided"].full(ctx, batch=40)


@register("poohsticks-rivers", notebook=NOTEBOOK, about="the rules' river, wider, narrowing, bends")
def rivers(ctx: RunContext) -> Rows:
    rows: Rows = []
    for name, variant in q.SHAPES.items():
        rows += q.fixed(ctx, name, variant, GREEDY, 200)
    return rows


@register("poohsticks-rivers-guided", notebook=NOTEBOOK, about="the rivers, guided:300")
def rivers_guided(ctx: RunContext) -> Rows:
    rows: Rows = []
    for name, variant in q.SHAPES.items():
        rows += q.fixed(ctx, name, variant, GUIDED, 20 if name == "2x6 (rules)" else 10)
    return rows


@register("poohsticks-duels", notebook=NOTEBOOK, about="skill v luck: rung against rung")
def duels(ctx: RunContext) -> Rows:
    return q.duels(ctx, [("greedy", "random")], 200) + q.duels(ctx, [("guided:30", "greedy")], 100)


@register(
    "poohsticks-seats-guided", notebook=NOTEBOOK, about="rules' river, guided:300, games 20 on"
)
def seats_guided(ctx: RunContext) -> Rows:
    # player 0 won 18 of the first 20 guided:300 races without powers: more of the same
    # table (its seeds continue rivers-guided's), to see whether the seat edge holds
    return GROWING["poohsticks-seats-guided"].full(ctx, batch=40)


@register(
    "poohsticks-boat-choice",
    notebook=NOTEBOOK,
    about="boat choice: greedy with powers, games 800 to 4000 (continues poohsticks-powers)",
)
def boat_choice(ctx: RunContext) -> Rows:
    # choosing the boat after seeing the river: in the first 800 races player 0 won 7.0
    # points more often when its suit had more river cards than player 1's than when it
    # had fewer (338 and 306 races), a gap a two-proportion test left open (p = 0.077,
    # pq.seat_gap); the notebook's measure, the richer boat's share against a fair one
    # (pq.richer_boat), was already decided in those 800 (z = 2.2). The same table's
    # next 3,200 races (its seeds continue poohsticks-powers')
    return q.fixed(ctx, "powers, greedy", {"boat_powers": True}, GREEDY, 3200, first=800)


@register(
    "poohsticks-rivers-guided-more",
    notebook=NOTEBOOK,
    about="the shaped rivers, guided:300, races 10 to 30 (continues rivers-guided)",
)
def rivers_guided_more(ctx: RunContext) -> Rows:
    # 10 guided:300 races a shaped river left its median length known only within wide
    # bounds: 20 more each (their seeds continue poohsticks-rivers-guided's)
    rows: Rows = []
    for name, variant in q.SHAPES.items():
        if name != "2x6 (rules)":
            rows += q.fixed(ctx, name, variant, GUIDED, 20, first=10)
    return rows


@register(
    "poohsticks-seats-guided-more",
    notebook=NOTEBOOK,
    about="rules' river, guided:300, races 140 to 340 (continues seats-guided)",
)
def seats_guided_more(ctx: RunContext) -> Rows:
    # player 0's edge without powers (68.6% of 140) against with them (59.3% of 280) was
    # not separated (p = 0.064): 200 more races without powers (seeds continue
    # poohsticks-seats-guided's)
    return q.fixed(ctx, "2x6 (rules)", {}, GUIDED, 200, first=140)


#: Choosing the boat before seeing the river at guided:300: the 280 races with powers of
#: poohsticks-guided left the richer boat's edge undecided (55.9% [49.4, 62.3] of 227
#: against a fair 53.1%); about 2,500 more would decide an edge of three points. Played in
#: batches of 300 races (about 8 CPU minutes each, compiled), each its own stored table,
#: so that every batch finished is kept: batch k holds races 280 + 300 (k - 1) on.
BOAT_BATCH = 300


def _boat_choice_guided(k: int) -> None:
    first = 280 + BOAT_BATCH * (k - 1)

    @register(
        f"poohsticks-boat-choice-guided-{k}",
        notebook=NOTEBOOK,
        about=f"boat choice: guided:300 with powers, races {first} to {first + BOAT_BATCH}",
    )
    def run(ctx: RunContext) -> Rows:
        return q.fixed(ctx, "powers, guided:300", {"boat_powers": True}, GUIDED, BOAT_BATCH, first)


for _k in range(1, 9):
    _boat_choice_guided(_k)


#: The text's two river variants at the competent rung, on the rules' river without
#: powers (compared with its 340 guided:300 races, poohsticks-seats-guided and -more):
#: Under the Bridge (the middle row face down, each card turned over as a boat reaches
#: it, ending that turn) and Rocks in the Rapids with two rocks (a sixth of the river's
#: twelve cards: "a few"). About 1 CPU-second a race compiled.
RIVER_VARIANTS = {"bridge": {"bridge": True}, "rocks": {"rocks": 2}}


def _river_variant(name: str) -> None:
    """Register ``poohsticks-<name>-guided``: 200 guided:300 races of the variant."""

    def run(ctx: RunContext) -> Rows:
        return q.fixed(ctx, name, RIVER_VARIANTS[name], GUIDED, 200)

    run.__name__ = run.__qualname__ = f"{name}_guided"
    about = f"{name} on the rules' river, guided:300, 200 races"
    register(f"poohsticks-{name}-guided", notebook=NOTEBOOK, about=about)(run)


for _name in RIVER_VARIANTS:
    _river_variant(_name)


#: Three and four boats on the rules' river for that many players (one card per player
#: wide, six long: 3x6 and 4x6), no powers. First a rung check, since guided:300 was
#: rated on two boats only: one guided:300 seat among greedy ones, seats rotated each
#: game (a no-skill seat's fair share is a third or a quarter). About 0.4 CPU-s a game
#: compiled (pilot of 3 games a count).
MANY_PLAYERS = (3, 4)


@register(
    "poohsticks-rung-check-3-4p",
    notebook=NOTEBOOK,
    about="3 and 4 players: one guided:300 among greedy, seats rotated, 90 and 96 games",
)
def rung_check_many(ctx: RunContext) -> Rows:
    return q.lone_rung(ctx, "guided:300", "greedy", {3: 90, 4: 96})


def _seats_many(players: int) -> None:
    """Register ``poohsticks-<players>p-guided``: guided:300 in every seat, looked at
    every 60 races until player 0's share is decided, at most 180 (pilot: about 1.5
    CPU-s a race compiled with three or four boats, so at most 4.5 to 6 CPU-minutes)."""

    def run(ctx: RunContext) -> Rows:
        label = f"{players} players, guided:300"
        specs = ["guided:300"] * players
        rows = q.balance(ctx, label, {"players": players}, specs, max_games=180, batch=60)
        return [{**r, "players": players} for r in rows]

    run.__name__ = run.__qualname__ = f"seats_{players}p"
    about = f"{players} players on the {players}x6 river, guided:300: seat shares"
    register(f"poohsticks-{players}p-guided", notebook=NOTEBOOK, about=about)(run)


for _players in MANY_PLAYERS:
    _seats_many(_players)


def _seats_many_more(players: int) -> None:
    """Register ``poohsticks-<players>p-guided-more-1``: 180 more races of that table,
    from its last stored race on (its seeds continue it), for when the first table's
    share, decided at the 95% level at one of its looks, is not once its interval is
    widened for the looks (``pq.looked``)."""

    def run(ctx: RunContext) -> Rows:
        first = len(
            read_table(Path(__file__).with_name(f"poohsticks-{players}p-guided.json"))["rows"]
        )
        label = f"{players} players, guided:300"
        rows = q.fixed(ctx, label, {"players": players}, ["guided:300"] * players, 180, first)
        return [{**r, "players": players} for r in rows]

    run.__name__ = run.__qualname__ = f"seats_{players}p_more"
    about = f"{players} players, guided:300: 180 more races (continues {players}p-guided)"
    register(f"poohsticks-{players}p-guided-more-1", notebook=NOTEBOOK, about=about)(run)


for _players in MANY_PLAYERS:
    _seats_many_more(_players)


#: The stall remedy of section 3 (option discard_when_stuck="any turn": a player who has
#: not moved may discard instead of moving), at guided:300 on the rivers where guided:300
#: stalled: the rocks' first 100 races (10 of them capped without the option) and the
#: bend's and long bend's 30 (2 and 3 capped), on the same seeds as the stored races
#: without it, so each race is paired with its twin. Pilot: the four stalled races
#: replayed with the option all finished, at 1.3 to 2.9 CPU-s a race.
DISCARD = {"discard_when_stuck": "any turn"}
DISCARD_RIVERS = {
    "rocks": ({"rocks": 2}, 100),
    "bend": (q.SHAPES["bend"], 30),
    "long bend": (q.SHAPES["long bend"], 30),
}


@register(
    "poohsticks-discard-guided",
    notebook=NOTEBOOK,
    about="discard on any turn: rocks (100 races), bend and long bend (30), guided:300",
)
def discard_guided(ctx: RunContext) -> Rows:
    rows: Rows = []
    for name, (variant, n) in DISCARD_RIVERS.items():
        rows += q.fixed(ctx, f"{name}, discard any turn", {**variant, **DISCARD}, GUIDED, n)
    return rows


#: Is guided:300 the ceiling? guided:1000 against it on the ladder's river (no powers),
#: seats swapped every race (pilot: about 2.5 CPU-s a race). 50 races: what the session's
#: CPU budget left; a second chunk of 50 would continue its seeds (``first=50``).
CEILING = ("guided:1000", "guided:300")


@register(
    "poohsticks-ceiling-duel",
    notebook=NOTEBOOK,
    about="is guided:300 the ceiling? guided:1000 against it, seats swapped, races 0 to 50",
)
def ceiling_duel(ctx: RunContext) -> Rows:
    return q.duels(ctx, [CEILING], 50)


#: Session 48. The three-wide river the text allows two players ("A 2-player game may
#: opt to use a 3-card-wide river"), at guided:300: its 30 stored races (10 in
#: poohsticks-rivers-guided, 20 in -more) left player 0's share undecided (66.7% [48.8,
#: 80.8] against a fair 53.3%). More races on the seeds that follow (game 30 on), judged
#: on the pooled table (the 30 stored and the new): looked at every 60 new races, stopped
#: once player 0's share is decided (interval excludes the fair share, or is within two
#: points), at most 210 new (240 in all). Pilot: 1.8 CPU-s a race compiled, so at most
#: about 6.3 CPU-minutes.
WIDE = "3x6"
WIDE_STORED = ("poohsticks-rivers-guided", "poohsticks-rivers-guided-more")


def _stored(names: tuple[str, ...], label: str) -> Rows:
    here = Path(__file__).parent
    return [r for n in names for r in read_table(here / f"{n}.json")["rows"] if r["label"] == label]


@register(
    "poohsticks-3x6-guided-more",
    notebook=NOTEBOOK,
    about="3x6 river, two players, guided:300: races 30 on until player 0's share is decided",
)
def wide_more(ctx: RunContext) -> Rows:
    stored = _stored(WIDE_STORED, WIDE)
    table = Table(WIDE, q.game_row, "poohsticks", q.options(**q.SHAPES[WIDE]), GUIDED)
    rows = table.until_decided(
        ctx,
        lambda new: q.seat_share(stored + new),
        batch=60,
        min_games=60,
        max_games=210,
        first=len(stored),
    )
    return [{**r, "variant": WIDE} for r in rows]


#: Session 48, late. The three-wide river's 240 stored races (30 first, 210 in
#: poohsticks-3x6-guided-more) left player 0's share undecided at that table's maximum
#: (58.8% [52.4, 64.8] against a fair 54.8%). WIDE_MORE_2 more races on the seeds that
#: follow (games 240 to 510), one table, sized to the session's last CPU and wall time
#: (1.81 CPU-s a race stored: about 8 CPU-minutes; a pilot of 3 races, 1.2 CPU-s each).
#: Judging rule, fixed before it runs: judged once, on all the races stored at the end
#: (the 240 and these), player 0's share against the fair share (seat_share), its 95%
#: Wilson interval widened by Bonferroni for seven looks in all (pq.looked(share, 7): the
#: six earlier looks at 10, 30, 90, 150, 210 and 240 races, and this one): decided if the
#: widened interval excludes the fair share or lies within two points of it; otherwise
#: undecided, reported with both intervals. No further look.
WIDE_MORE_2 = 270


@register(
    "poohsticks-3x6-guided-more-2",
    notebook=NOTEBOOK,
    about="3x6 river, two players, guided:300: races 240 on, judged once on all stored",
)
def wide_more_2(ctx: RunContext) -> Rows:
    first = len(_stored(WIDE_STORED, WIDE)) + len(_stored(("poohsticks-3x6-guided-more",), WIDE))
    return q.fixed(ctx, WIDE, q.SHAPES[WIDE], GUIDED, WIDE_MORE_2, first)


#: Is guided:300 competent with the boat powers? The ladder rated it without them. A
#: rotated duel, guided:300 against greedy on the rules' river with powers, 150 games
#: (about 0.5 CPU-s a game: one search seat). Judged: guided:300's share against a
#: no-skill seat's (pq.lone_share), once.
@register(
    "poohsticks-powers-duel",
    notebook=NOTEBOOK,
    about="guided:300 against greedy with boat powers, seats swapped, 150 games",
)
def powers_duel(ctx: RunContext) -> Rows:
    pair = ("guided:300", "greedy")
    opts = q.options(boat_powers=True)
    table = Table(" v ".join(pair) + ", powers", duel_row, "poohsticks", opts, pair, rotate=True)
    return table.play(ctx, 0, 150)


#: Not run: the first seat's edge at a stronger search (guided:1000 in both seats on the
#: rules' river). Pilot: about 6.9 CPU-s a race (not the 2.4 estimated) and about five
#: wall seconds a CPU second on this session's machine, so 50 races would take about 6
#: CPU-minutes and half an hour, and decide only an edge as large as guided:300's; the
#: session's wall time went to the three-boat table with powers instead.


#: Boat powers with three boats (3x6, guided:300 in every seat), on the seeds of the
#: three-boat table without powers. First registered as one table looked at every 60
#: races (at most 120): stopped after 7 races, when the machine slowed to about 27 wall
#: seconds a race, since a second batch could not end in time and an unfinished table
#: keeps nothing. Instead chunks of 30 races, each stored as it ends (pilot: 2.7 CPU-s a
#: race, about 1.4 CPU-minutes a chunk), judged on the pooled chunks: player 0's share
#: against the fair share, looked at after each chunk; a chunk is started only while
#: that share is undecided and before 09:50 (so that it ends before the session's
#: deadline), at most six chunks (180 races). Five ran: the share was decided after the
#: fifth (150 races), so the sixth was not started and is not registered.
POWERS_3P = 30


def _powers_3p(k: int) -> None:
    first = POWERS_3P * (k - 1)

    def run(ctx: RunContext) -> Rows:
        specs = ["guided:300"] * 3
        opts = {"players": 3, "boat_powers": True}
        label = "3 players, powers, guided:300"
        rows = q.fixed(ctx, label, opts, specs, POWERS_3P, first)
        return [{**r, "players": 3} for r in rows]

    run.__name__ = run.__qualname__ = f"powers_3p_{k}"
    about = f"3 players with boat powers, 3x6, guided:300: races {first} to {first + POWERS_3P}"
    register(f"poohsticks-3p-powers-guided-{k}", notebook=NOTEBOOK, about=about)(run)


for _k in range(1, 6):
    _powers_3p(_k)
