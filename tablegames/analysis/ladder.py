"""A bot ladder: round-robin matches between bots (rungs), Bradley-Terry ratings, and
whether every rung beats the one below it.

``ladder(game, rungs, games, seed)`` plays every pair of rungs. A pair's games are
seated by :func:`pair_seats`: one seat of one rung (the *lone* seat) against the other
rung in every other seat. Game ``k`` puts the lone seat at seat ``k mod n_players``
and, every ``n_players`` games, swaps which rung is alone. Over each block of
``2 * n_players`` games both rungs hold every seat equally often and are alone
equally often, so two equal rungs each expect half the wins. (With two players this
is plain head-to-head with the seats alternating. Seating two against two would set
teammates on opposite edges in Currents, pulling the pawn against each other.)

**A pairwise result** (any number of players) is the rung of the single winner: a
game counts 1 for rung A when a seat of A wins alone, 0 when a seat of B does, and
half to each when nobody or several seats win, or the game reached
``max_decisions``. In two-player games this is the plain head-to-head result; in a
four-player game, one seat of A against three of B (or the reverse), so a lone strong
seat that wins a third of its games where a quarter is fair and a weak lone seat that
wins a tenth both show as points for the strong rung. The *win share* of A over B is
its points over the games, with a Wilson 95% interval.

Every game ``k`` of every pair is dealt from the same seed (``game_seeds(seed)[k]``),
so pairs meet the same deals. A pair stops early once its win share's 99% interval
excludes one half (checked every ``2 * n_players`` games, after ``min_games``); the
stricter level keeps the repeated looks from deciding pairs by chance, and the
reported 95% intervals stay valid in practice. ``early_stop=False`` plays ``games``
per pair. The same call gives the same games in one process or many.

Ratings are a Bradley-Terry fit (minorisation-maximisation, Hunter 2004) on the Elo
scale, 400 log10 of the odds, the first rung at 0; a draw counts half a win to each,
and each pair that met adds one virtual draw, so a rung that won every game still
gets a finite rating. The 95% intervals are percentiles of refits on bootstrap
resamples of each pair's games. :func:`monotone_failures` lists each adjacent pair
(in the order the rungs are given, weakest first) whose stronger rung's win-share
interval does not lie above one half.

>>> import tablegames as tg
>>> result = ladder(tg.make("poohsticks", players=2), ["random", "greedy"], games=8,
...                 seed=1, workers=1, progress=False)
>>> result.pairs[("greedy", "random")].games, result.monotone
(8, True)
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from ..bots import Bot
from ..core import Game, make
from .metrics import Z95
from .rows import game_seeds
from .simulate import play_row, progress_bar

Row = dict[str, Any]
Z99 = 2.575829


def pair_seats(a: str, b: str, k: int, players: int) -> list[str]:
    """The rung of each seat in game ``k`` of the pair (a, b): see the module's docstring.

    >>> [pair_seats("A", "B", k, 3) for k in range(6)]  # doctest: +NORMALIZE_WHITESPACE
    [['A', 'B', 'B'], ['B', 'A', 'B'], ['B', 'B', 'A'],
     ['B', 'A', 'A'], ['A', 'B', 'A'], ['A', 'A', 'B']]
    """
    lone, rest = (a, b) if (k // players) % 2 == 0 else (b, a)
    r = k % players
    return [lone if j == r else rest for j in range(players)]


def points(row: Mapping[str, Any], a: str) -> float:
    """Rung ``a``'s points in a played game ``row``: 1 when a seat of ``a`` won alone,
    0 when another rung's seat did, one half otherwise (no single winner, or capped)."""
    winner = row["winner"] if row.get("finished", True) else None
    if winner is None:
        return 0.5
    return 1.0 if row["seats"][winner] == a else 0.0


@dataclass(frozen=True)
class Interval:
    """An estimate with its interval."""

    value: float
    low: float
    high: float


def wilson_share(points: float, games: int, z: float = Z95) -> Interval:
    """The share ``points / games`` with its Wilson score interval (draws as halves).

    >>> s = wilson_share(60, 100)
    >>> round(s.low, 3), round(s.high, 3)
    (0.502, 0.691)
    """
    if games <= 0:
        return Interval(0.5, 0.0, 1.0)
    p = points / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p)) / games + z * z / (4 * games * games)) / denom
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class PairResult:
    """The games of one pair: rung ``a`` against rung ``b``, ``a``'s points per game."""

    a: str
    b: str
    results: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def points(self) -> float:
        return sum(self.results)

    @property
    def draws(self) -> int:
        return sum(1 for r in self.results if r == 0.5)

    def share(self, z: float = Z95) -> Interval:
        """Rung ``a``'s win share with its Wilson interval."""
        return wilson_share(self.points, self.games, z)


def fit_bradley_terry(
    rungs: Sequence[str], wins: Mapping[tuple[str, str], tuple[float, int]], prior: float = 0.5
) -> dict[str, float]:
    """Bradley-Terry strengths on the Elo scale (the first rung at 0).

    ``wins[(a, b)] = (points of a, games)``, one entry per pair that met. ``prior`` adds
    that many points to each side of every pair that met (0.5: one virtual draw), so
    that a clean sweep still has a finite rating.

    >>> r = fit_bradley_terry(["x", "y"], {("y", "x"): (75.0, 100)}, prior=0.0)
    >>> round(r["y"] - r["x"])  # 75% is odds of 3: 400 log10(3)
    191
    """
    index = {r: i for i, r in enumerate(rungs)}
    k = len(rungs)
    w = [0.0] * k  # total points of each rung
    n = [[0.0] * k for _ in range(k)]  # games between each pair
    for (a, b), (pts, games) in wins.items():
        if games <= 0:
            continue
        i, j = index[a], index[b]
        w[i] += pts + prior
        w[j] += games - pts + prior
        n[i][j] += games + 2 * prior
        n[j][i] += games + 2 * prior
    p = [1.0] * k
    for _ in range(2000):
        new = []
        for i in range(k):
            denom = sum(n[i][j] / (p[i] + p[j]) for j in range(k) if n[i][j])
            new.append(w[i] / denom if denom and w[i] > 0 else p[i])
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        change = max(abs(math.log(x / y)) for x, y in zip(new, p, strict=True))
        p = new
        if change < 1e-9:
            break
    base = p[0]
    return {r: 400.0 * math.log10(p[index[r]] / base) for r in rungs}


def bootstrap_ratings(
    rungs: Sequence[str],
    pairs: Mapping[tuple[str, str], PairResult],
    resamples: int = 400,
    seed: int = 0,
) -> dict[str, Interval]:
    """Each rung's rating with a 95% percentile interval from ``resamples`` refits on
    the pairs' games resampled with replacement (seeded: the same every time)."""
    fit = fit_bradley_terry(rungs, {k: (p.points, p.games) for k, p in pairs.items()})
    gen = random.Random(f"tablegames.ladder:{seed}")
    draws: dict[str, list[float]] = {r: [] for r in rungs}
    for _ in range(resamples):
        wins = {}
        for key, pair in pairs.items():
            res, m = pair.results, pair.games
            wins[key] = (sum(res[gen.randrange(m)] for _ in range(m)), m) if m else (0.0, 0)
        for r, v in fit_bradley_terry(rungs, wins).items():
            draws[r].append(v)
    out = {}
    for r in rungs:
        vs = sorted(draws[r])
        lo = vs[int(0.025 * (len(vs) - 1))] if vs else fit[r]
        hi = vs[math.ceil(0.975 * (len(vs) - 1))] if vs else fit[r]
        out[r] = Interval(fit[r], lo, hi)
    return out


def monotone_failures(
    rungs: Sequence[str], pairs: Mapping[tuple[str, str], PairResult]
) -> list[tuple[str, str]]:
    """Adjacent rungs (lower, upper) where the upper's 95% win-share interval against the
    lower does not lie wholly above one half (or the pair never met)."""
    bad = []
    for lower, upper in pairwise(rungs):
        pair = pairs.get((upper, lower))
        if pair is None or pair.games == 0 or pair.share().low <= 0.5:
            bad.append((lower, upper))
    return bad


@dataclass
class LadderResult:
    """A played ladder: its rungs, pairs (stronger rung first, as given), rows and times."""

    game: str
    options: dict[str, Any]
    rungs: list[str]
    seed: int
    pairs: dict[tuple[str, str], PairResult]
    rows: list[Row]
    wall_seconds: float
    cpu_seconds: float
    max_games: int
    min_games: int
    early_stop: bool
    ratings: dict[str, Interval] = field(default_factory=dict)
    minutes: float | None = None  #: the wall-time limit it was given, if any
    max_decisions: int = 3000  #: the cap of a game (a capped game is a draw)
    far_games: int | None = None  #: the cap of pairs that are not neighbours
    commit: str = ""  #: the checkout's commit when the games began

    @property
    def failures(self) -> list[tuple[str, str]]:
        return monotone_failures(self.rungs, self.pairs)

    @property
    def monotone(self) -> bool:
        return not self.failures

    def table(self) -> str:
        """Ratings, pairwise win shares and the monotone check, as aligned text."""
        games = sum(p.games for p in self.pairs.values())
        width = max(len(r) for r in self.rungs) + 2
        lines = [
            f"ladder: {self.game} {self.options}, seed {self.seed}, {games} games, "
            f"wall {self.wall_seconds:.0f} s, CPU {self.cpu_seconds:.0f} s",
            "",
            f"{'rung':<{width}}{'rating':>7}  95% interval (Bradley-Terry, Elo scale)",
        ]
        for r in self.rungs:
            iv = self.ratings[r]
            lines.append(f"{r:<{width}}{iv.value:>7.0f}  [{iv.low:.0f}, {iv.high:.0f}]")
        lines += ["", "pair (first rung's win share, 95% Wilson interval, games, draws)"]
        for (a, b), pair in self.pairs.items():
            s = pair.share()
            lines.append(
                f"{a + ' vs ' + b:<{2 * width + 4}}{100 * s.value:5.1f}%  "
                f"[{100 * s.low:.1f}, {100 * s.high:.1f}]  {pair.games:>4}  {pair.draws:>3}"
            )
        if self.minutes is not None:
            lines.append(f"(no batch started after {self.minutes:g} minutes)")
        lines.append("")
        if self.monotone:
            lines.append("monotone: yes")
        else:
            named = "; ".join(f"{u} does not beat {lo}" for lo, u in self.failures)
            lines.append(f"monotone: no ({named})")
        return "\n".join(lines)

    def summary(self) -> dict[str, Any]:
        """The ratings, pairs and monotone check as JSON-ready values."""
        return {
            "rungs": list(self.rungs),
            "ratings": {
                r: {"elo": round(iv.value, 1), "low": round(iv.low, 1), "high": round(iv.high, 1)}
                for r, iv in self.ratings.items()
            },
            "pairs": [
                {
                    "a": p.a,
                    "b": p.b,
                    "games": p.games,
                    "points_a": p.points,
                    "draws": p.draws,
                    "share_a": round(p.share().value, 4),
                    "low": round(p.share().low, 4),
                    "high": round(p.share().high, 4),
                }
                for p in self.pairs.values()
            ],
            "monotone": self.monotone,
            "failures": [list(f) for f in self.failures],
        }

    def provenance(self) -> dict[str, Any]:
        """Where the ladder came from: commit, engine, options, bots, seeds, counts, times."""
        counts = {f"{a} vs {b}": p.games for (a, b), p in self.pairs.items()}
        counts["games"] = sum(p.games for p in self.pairs.values())
        extra = {
            "max_games_per_pair": self.max_games,
            "max_games_far_pairs": self.far_games,
            "min_games_per_pair": self.min_games,
            "early_stop": self.early_stop,
            "minutes_limit": self.minutes,
            "max_decisions": self.max_decisions,
        }
        from .provenance import provenance

        return provenance(  # the commit the games were played at, not the one at writing
            options=self.options,
            bots=list(self.rungs),
            seeds=[self.seed],
            counts=counts,
            wall_seconds=self.wall_seconds,
            cpu_seconds=self.cpu_seconds,
            **extra,
        ) | ({"commit": self.commit} if self.commit else {})

    def to_json(self) -> dict[str, Any]:
        """The stored form: name, provenance, the per-game rows and the summary."""
        return {
            "name": self.game,
            "provenance": self.provenance(),
            "rows": self.rows,
            **self.summary(),
        }


def write_json(result: LadderResult, path: str | Path) -> Path:
    """Store ``result.to_json()`` at ``path`` (folders made as needed), one game row a
    line so that the file stays readable and its diffs small."""
    data = result.to_json()
    rows = data.pop("rows")
    head = json.dumps(data, indent=1)
    body = ",\n".join("  " + json.dumps(r, sort_keys=True) for r in rows)
    text = head[:-2] + ',\n "rows": [\n' + body + "\n ]\n}\n"
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return out


def bot_maker(game_name: str) -> Callable[[str, str], Bot]:
    """The reader of a ladder's bot specs for ``game_name``: the engine's bots
    (:func:`tablegames.bots.make_bot`) and those the game's explore runs add
    (:data:`tablegames.analysis.questions.strategies.LOCAL_BOTS`, filled by importing
    ``tablegames.analysis.questions.GAME`` where that module adds bots), so that a ladder can
    rate a notebook's own rungs, such as Resistor's play-on bot.

    >>> bot_maker("resistor")("mcts-playon:patient:7", "1").iterations
    7
    """
    # Named here, not looked up by name (tests/test_parts.py): the games whose explore
    # module adds bots when imported.
    if game_name == "cardchess":
        from .questions import cardchess  # noqa: F401
    elif game_name == "fellowship":
        from .questions import fellowship  # noqa: F401
    elif game_name == "resistor":
        from .questions import resistor  # noqa: F401
    from .questions.strategies import make_bot

    return make_bot


def check_rung(maker: Callable[[str, str], Bot], spec: str) -> None:
    """ValueError unless ``maker`` reads ``spec`` (an explore bot's bad argument, such
    as an unknown refusal in ``mcts-playon:nosuch:100``, included)."""
    try:
        maker(spec, "0")
    except (KeyError, ValueError) as e:
        raise ValueError(f"bad bot spec {spec!r}: {e}") from None


def _play_batch(
    name: str,
    options: Mapping[str, Any],
    a: str,
    b: str,
    items: Sequence[tuple[int, int]],
    max_decisions: int,
) -> tuple[list[Row], float]:
    """Worker task: games ``items`` (index, seed) of the pair (a, b), and the CPU time."""
    start = time.process_time()
    game = make(name, **options)
    maker = bot_maker(name)
    rows = []
    for k, seed in items:
        seats = pair_seats(a, b, k, game.num_players)
        row = play_row(game, seats, k, seed, max_decisions, maker)
        row["pair"] = [a, b]
        row["points_a"] = points(row, a)
        rows.append(row)
    return rows, time.process_time() - start


def _decided(pair: PairResult, min_games: int) -> bool:
    return pair.games >= min_games and not pair.share(Z99).low <= 0.5 <= pair.share(Z99).high


def ladder(
    game: Game,
    rungs: Sequence[str] | None = None,
    games: int = 200,
    seed: int = 0,
    *,
    min_games: int | None = None,
    early_stop: bool = True,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
    max_decisions: int = 3000,
    resamples: int = 400,
    on_batch: Callable[[PairResult], None] | None = None,
    minutes: float | None = None,
    far_games: int | None = None,
) -> LadderResult:
    """Play the round robin of ``rungs`` (bot specs, weakest first; default
    the game's ``ladder_rungs``), at most ``games`` per pair, and fit the ratings.

    Pairs stop early when decided (module docstring) unless ``early_stop`` is False;
    ``min_games`` defaults to ``4 * n_players``. ``workers`` processes (default: every
    core; 1: this process) or your own ``executor``; ``max_decisions`` caps a game
    (a capped game counts as a draw). ``on_batch`` is called with a pair after each of
    its batches (for a progress display). ``minutes``: start no batch after that much
    wall time (the batches under way finish); each pair then holds the first games of
    its seeded sequence, as many as were played, and the result says how many.
    ``far_games`` caps the pairs of rungs that are not neighbours (they only sharpen the
    ratings; the monotone check reads neighbours), to save time on costly rungs.
    """
    specs = list(rungs) if rungs else list(game.ladder_rungs)
    if len(specs) < 2 or len(set(specs)) != len(specs):
        raise ValueError(f"a ladder needs two or more different rungs, not {specs}")
    maker = bot_maker(game.name)  # the engine's bots and the game's explore bots
    for s in specs:
        check_rung(maker, s)
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    n = game.num_players
    block = 2 * n
    floor = min(games, min_games if min_games is not None else 2 * block)
    seeds = game_seeds(seed, games)
    pairs = {  # neighbours first, then rungs two apart, and so on
        (specs[i + gap], specs[i]): PairResult(specs[i + gap], specs[i])
        for gap in range(1, len(specs))
        for i in range(len(specs) - gap)
    }
    far = games if far_games is None else max(1, min(games, far_games))
    rows: list[Row] = []
    bar = progress_bar(len(pairs) * games, progress, f"{game.name} ladder")
    start, cpu = time.perf_counter(), 0.0
    stop_at = None if minutes is None else start + 60.0 * minutes
    from .provenance import git_commit

    commit = git_commit()
    args = (game.name, game.options_json())

    def batches(pair: PairResult) -> Iterator[list[tuple[int, int]]]:
        k = pair.games
        most = games if specs.index(pair.a) - specs.index(pair.b) == 1 else far
        if k >= most or (early_stop and _decided(pair, floor)):
            return
        if stop_at is not None and time.perf_counter() > stop_at:
            return
        yield [(i, seeds[i]) for i in range(k, min(most, k + block))]

    def take(pair: PairResult, done: list[Row]) -> None:
        done.sort(key=lambda r: r["index"])
        pair.results += [r["points_a"] for r in done]
        rows.extend(done)
        if bar is not None:
            bar.update(len(done))
        if on_batch is not None:
            on_batch(pair)

    try:
        pool_size = workers if workers is not None else (os.cpu_count() or 1)
        if executor is None and pool_size == 1:
            open_pairs = list(pairs.values())
            while open_pairs:
                still = []
                for pair in open_pairs:
                    for items in batches(pair):
                        done, spent = _play_batch(*args, pair.a, pair.b, items, max_decisions)
                        cpu += spent
                        take(pair, done)
                        still.append(pair)
                open_pairs = still
        else:
            own = executor is None
            pool: Executor = ProcessPoolExecutor(pool_size) if executor is None else executor
            try:
                running: dict[Future[tuple[list[Row], float]], PairResult] = {}

                def submit(pair: PairResult) -> None:
                    for items in batches(pair):
                        f = pool.submit(_play_batch, *args, pair.a, pair.b, items, max_decisions)
                        running[f] = pair

                for pair in pairs.values():
                    submit(pair)
                while running:
                    finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
                    for f in finished:
                        pair = running.pop(f)
                        done, spent = f.result()
                        cpu += spent
                        take(pair, done)
                        submit(pair)
            finally:
                if own:
                    pool.shutdown()
    finally:
        if bar is not None:
            bar.close()
    rows.sort(key=lambda r: (specs.index(r["pair"][1]), specs.index(r["pair"][0]), r["index"]))
    result = LadderResult(
        game.name,
        game.options_json(),
        specs,
        seed,
        pairs,
        rows,
        time.perf_counter() - start,
        cpu,
        games,
        floor,
        early_stop,
    )
    result.ratings = bootstrap_ratings(specs, pairs, resamples, seed)
    result.minutes = minutes
    result.max_decisions = max_decisions
    result.far_games = far
    result.commit = commit
    return result


def add_parser(sub: Any) -> None:
    """The ``ladder`` subcommand's parser (game options follow as ``--option value``)."""
    p = sub.add_parser(
        "ladder",
        help="round-robin matches between bots: ratings with intervals, win shares per "
        "pair, and whether each rung beats the one below it",
        description="Game options follow as --option value (default: the game's defaults, "
        "those of the play pages). See docs/bots.md.",
    )
    p.add_argument("game", help="game name")
    p.add_argument("--games", type=int, default=200, help="most games per pair (default 200)")
    p.add_argument(
        "--rungs",
        default="",
        help="bot specs, weakest first, comma-separated (default: the game's ladder, "
        "e.g. random,greedy,mcts:100,mcts:1000; docs/bots.md)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the whole ladder (default 0)")
    p.add_argument("--min-games", type=int, default=None, help="games before a pair may stop")
    p.add_argument("--no-early-stop", action="store_true", help="play --games for every pair")
    p.add_argument("--workers", type=int, default=None, help="local processes (default: all)")
    p.add_argument("--max-decisions", type=int, default=3000, help="cap per game (a draw)")
    p.add_argument(
        "--far-games",
        type=int,
        default=None,
        help="most games for rungs that are not neighbours (default: --games)",
    )
    p.add_argument(
        "--minutes",
        type=float,
        default=None,
        help="start no new batch of games after this many minutes (pairs keep the first "
        "games of their seeded sequence; the output says how many)",
    )
    p.add_argument("--json", default=None, help="also write the ladder here (JSON)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: Any, options: Mapping[str, Any]) -> int:
    """Play the ladder the parsed ``args`` ask for, print its table, write ``--json``."""
    try:
        game = make(args.game, **options)
        result = ladder(
            game,
            [r for r in args.rungs.split(",") if r.strip()] or None,
            args.games,
            args.seed,
            min_games=args.min_games,
            early_stop=not args.no_early_stop,
            workers=args.workers,
            progress=not args.no_progress,
            max_decisions=args.max_decisions,
            minutes=args.minutes,
            far_games=args.far_games,
        )
    except ValueError as e:
        raise SystemExit(str(e)) from None
    print(result.table())
    if args.json:
        try:
            write_json(result, args.json)
        except OSError as e:
            raise SystemExit(f"--json: cannot write {args.json}: {e.strerror}") from None
    return 0
