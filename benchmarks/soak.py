"""Soak: many seeded random games of every game and every option set a play page offers,
checking the engine after every single move (``make soak``; not part of ``make test``).

Per configuration, ``--games`` games (default 100000) with seeds ``--seed``,
``--seed + 1``, ... between uniformly random players (Resistor's odd seeds: an ampere
player leaning forward, see ``LEAN``). After every move:

- conservation: every card of the deck exactly once across all places of the state's
  JSON (hands, piles, board, river, surface, units); Resistor: every piece of each side
  once; Poohsticks: one boat per player, none left behind by an exited player;
- the position check: ``state_from_json`` of the state's JSON *text* succeeds and gives
  an equal state (the JSON round trip and the validation at once);
- the observation of every seat (``tablegames.conformance.check_observations``, shared
  with ``python -m tablegames check``): the seed hidden, exactly the cards that seat may not
  see (other hands, the draw pile, face-down cards) masked, no such card anywhere else
  in it (events and last move included) unless that seat saw it face up before, and as
  many masked places as ``game.hidden_places`` (the determinizer's view) finds;
- at the end: the game ended (by the rules or its cap), and replaying (options, seed,
  moves in notation) gives the same final state.

The option sets are derived from the play page's controls (``tablegames_widgets.pages``:
a checkbox per boolean option, a menu per choice option, simulation settings hidden): a
few sets that between them offer every value of every control, each a valid game. Caps
that the pages leave open are set so that random games end (``CAPS``).

A failure prints its game, configuration, seed and message; replay it with
``python benchmarks/soak.py --game NAME --config LABEL --seed SEED --games 1``.
The exit code is 1 if any check failed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

import tablegames as tg
from tablegames.conformance import Seat, cards_in, check_observations
from tablegames.record import Record
from tablegames.resistor.board import COLS as RESISTOR_COLS

#: Options the play pages hide (read from tablegames_widgets.pages when it imports).
try:
    from tablegames_widgets.pages import HIDDEN_OPTIONS
except ImportError:  # the widgets extra is not installed: the same list as the pages
    HIDDEN_OPTIONS = {"max_turns", "obstacles"}

#: Caps the pages leave open, set so that random games end (see docs/simulation.md).
CAPS: dict[str, dict[str, Any]] = {
    "currents": {"max_turns": 200},
    "fellowship": {},  # ends by its rules: every turn plays one of the 40 cards
    "poohsticks": {"max_turns": 500},
    "cardchess": {"max_turns": 1000},
    "resistor": {"max_turns": 300},  # the whole match: ties add pairs of rounds
}
#: Games whose odd seeds have a forward-leaning player (see ``choose``): uniformly random
#: Resistor ampere players forfeit a round one turn in 24 or so and never bring an ampere
#: near the charge zone, so chargers, points, recharges and conversions would go unchecked.
LEAN = frozenset({"resistor"})
#: A game still going after this many decisions is a failure (the caps should end it).
MAX_DECISIONS = 100_000
#: Option sets worth soaking besides the covering ones (dropped if the game refuses them).
EXTRA: dict[str, list[dict[str, Any]]] = {
    "poohsticks": [{"bridge": True}],
    "resistor": [{"slingshot": "extra_step"}],  # the covering set has one ampere: no slingshot
}


# ---- the option sets a page offers ------------------------------------------------------


def page_controls(name: str) -> dict[str, tuple[Any, ...]]:
    """Each option a play page shows as a control, with the values that control offers
    (the rule of ``tablegames_widgets.pages.option_control``)."""
    out: dict[str, tuple[Any, ...]] = {}
    for option in tg.GAMES[name].option_table:
        if option.name in HIDDEN_OPTIONS:
            continue
        if isinstance(option.default, bool):
            out[option.name] = (option.default, not option.default)
        elif option.choices is not None:
            out[option.name] = tuple(option.choices)
    return out


def _valid(name: str, options: Mapping[str, Any]) -> bool:
    try:
        tg.make(name, **options, **CAPS.get(name, {}))
    except ValueError:
        return False
    return True


#: Per game, the control values that no valid option set offers (filled by option_sets).
UNREACHABLE: dict[str, list[tuple[str, Any]]] = {}


def option_sets(name: str) -> list[dict[str, Any]]:
    """A few valid option sets (the defaults first) that between them give every control
    of the page every value it offers: greedy covering, each new set taking as many
    values not yet covered as stay valid together; a value valid only with other values
    changed (e.g. Currents' split jokers need two jokers) gets a set searched for it; a
    value refused whatever the other controls say is left out and noted in UNREACHABLE."""
    controls = page_controls(name)
    defaults = {o.name: o.default for o in tg.GAMES[name].option_table if o.name in controls}
    todo = {(k, v) for k, vals in controls.items() for v in vals if v != defaults[k]}
    sets: list[dict[str, Any]] = [{}]
    while todo:
        chosen = dict(defaults)
        for k, vals in controls.items():
            for v in vals:
                if (k, v) in todo and _valid(name, {**chosen, k: v}):
                    chosen[k] = v
                    break
        covered = {(k, v) for k, v in chosen.items() if (k, v) in todo}
        if not covered:  # the first value left needs other controls changed too
            k, v = min(todo, key=repr)
            others = [k2 for k2 in controls if k2 != k]
            for combo in itertools.product(*(controls[k2] for k2 in others)):
                trial = {**dict(zip(others, combo, strict=True)), k: v}
                if _valid(name, trial):
                    chosen = trial
                    break
            else:  # the page offers it, but the engine refuses it with every other value
                UNREACHABLE.setdefault(name, []).append((k, v))
                todo.discard((k, v))
                continue
            covered = {(k2, v2) for k2, v2 in chosen.items() if (k2, v2) in todo}
        todo -= covered
        sets.append({k: v for k, v in chosen.items() if v != defaults[k]})
    return sets + [extra for extra in EXTRA.get(name, []) if _valid(name, extra)]


def label(options: Mapping[str, Any]) -> str:
    """A short name for an option set, e.g. ``players=2,jokers=1`` (``default``)."""
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


def configurations(games: list[str]) -> list[tuple[str, str, dict[str, Any]]]:
    """(game, label, full options with caps) for every option set of every game."""
    return [
        (name, label(opts), {**opts, **CAPS.get(name, {})})
        for name in games
        for opts in option_sets(name)
    ]


# ---- the checks -------------------------------------------------------------------------


def check_pieces(s: tg.State, d: Mapping[str, Any]) -> None:
    """Pieces that are not cards: Resistor's sides, Poohsticks' boats."""
    name = d["game"]
    if name == "resistor":
        g = s.game
        board: str = s.board  # type: ignore[attr-defined]
        side = board.count("A") + board.count("D") + board.count("C")
        kind = s.pending  # type: ignore[attr-defined]
        transit = kind == "overload" or (
            kind == "drain" and board[s.pending_cell] == "D"  # type: ignore[attr-defined]
        )
        resistors = board.count("R") + board.count("O") + transit
        if s.phase == "play":  # type: ignore[attr-defined]
            assert side == g.amperes, f"{side} ampere-side pieces, not {g.amperes}"  # type: ignore[attr-defined]
            assert resistors == g.resistors, f"{resistors} resistors, not {g.resistors}"  # type: ignore[attr-defined]
        else:
            assert side <= g.amperes and resistors <= g.resistors, "too many pieces"  # type: ignore[attr-defined]
        assert len(d["dead"]) in (0, g.dead_spaces), f"{len(d['dead'])} dead spaces"  # type: ignore[attr-defined]
    elif name == "poohsticks":
        boats, exited = d["boats"], d["exited"]
        assert len(boats) == s.game.num_players, f"{len(boats)} boats"
        assert len(set(exited)) == len(exited), f"a player exited twice: {exited}"
        assert all(boats[p] is None for p in exited), f"an exited player's boat stays: {d}"


@dataclass
class Timer:
    """CPU seconds spent per check, to see where the soak's time goes (CPU time, not wall
    time: the machine may be shared, and the rate per CPU second is what extrapolates)."""

    seconds: Counter[str] = field(default_factory=Counter)
    _t: float = 0.0

    def start(self) -> None:
        self._t = time.process_time()

    def lap(self, what: str) -> None:
        t = time.process_time()
        self.seconds[what] += t - self._t
        self._t = t


def check_state(s: tg.State, deck: list[str], seats: list[Seat], timer: Timer) -> None:
    """Every check of one state (see the module docstring); ``deck`` is the sorted deck."""
    timer.start()
    d = s.to_json()
    timer.lap("to_json")
    if deck:
        named = cards_in(d)
        if sorted(named) != deck:
            cards, full = Counter(named), Counter(deck)
            lost = sorted((full - cards).elements())
            extra = sorted((cards - full).elements())
            raise AssertionError(f"cards lost {lost}, duplicated or foreign {extra}")
    check_pieces(s, d)
    timer.lap("conservation")
    text = json.dumps(d, allow_nan=False)
    data = json.loads(text)
    assert data == d, "to_json is not plain JSON (its text reads back different)"
    timer.lap("json text")
    back = s.game.state_from_json(data)
    timer.lap("state_from_json")
    assert back == s, "state_from_json(to_json) differs from the state"
    timer.lap("state ==")
    check_observations(s, d, deck, seats)
    timer.lap("observations")


@dataclass
class Outcome:
    """The result of a batch of games of one configuration."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    failures: int = 0
    first: tuple[int, str] | None = None  #: (seed, message) of the first failure
    timing: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)  #: kinds of the games' events

    def add(self, other: Outcome) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.failures += other.failures
        if other.first and (self.first is None or other.first[0] < self.first[0]):
            self.first = other.first
        self.timing.update(other.timing)
        self.events.update(other.events)


def per_game(results: Mapping[tuple[str, str], Outcome], what: str) -> dict[str, Counter[str]]:
    """Per game (in the order of ``results``), one of the outcomes' counters
    (``"timing"`` or ``"events"``) summed over the game's configurations."""
    out: dict[str, Counter[str]] = {}
    for (name, _), outcome in results.items():
        out.setdefault(name, Counter()).update(getattr(outcome, what))
    return out


def choose(s: tg.State, moves: list[Any], chooser: random.Random, lean: bool) -> Any:
    """A uniformly random move; with ``lean``, a Resistor ampere player who never forfeits
    and 7 times in 10 moves its piece nearest the goal towards it (amperes up, chargers
    down) when it can, like tests/support/resistor.py's forward-leaning player
    but single-minded, so that chargers appear within the soak's turn cap."""
    if lean and getattr(s, "turn_role", "") == "amperes" and not s.pending:  # type: ignore[attr-defined]
        if chooser.random() < 0.7:
            board = s.board  # type: ignore[attr-defined]
            ahead = [m for m in moves if m.kind == "move" and _forward(board, m)]
            if ahead:  # the piece nearest its goal first, so that some piece gets there
                best = max(_progress(board, m.src) for m in ahead)
                ahead = [m for m in ahead if _progress(board, m.src) == best]
                return ahead[chooser.randrange(len(ahead))]
        moves = [m for m in moves if m.kind != "forfeit"] or moves
    return moves[chooser.randrange(len(moves))]


def _progress(board: str, cell: int) -> int:
    row = cell // RESISTOR_COLS
    return row if board[cell] == "A" else 19 - row


def _forward(board: str, m: Any) -> bool:
    rise = m.dst // RESISTOR_COLS - m.src // RESISTOR_COLS
    return rise > 0 if board[m.src] == "A" else rise < 0


def play_one(game: tg.Game, seed: int, timer: Timer, events: Counter[str]) -> int:
    """Play and check one random game (see LEAN); returns its number of decisions and
    counts the kinds of its events in ``events``."""
    chooser = random.Random(f"soak:{seed}")
    lean = game.name in LEAN and seed % 2 == 1
    deck = sorted(game.card_deck())
    seats = [Seat() for _ in range(game.num_players)]
    state = game.initial_state(seed)
    played: list[str] = []
    try:
        check_state(state, deck, seats, timer)
    except AssertionError as exc:
        raise AssertionError(f"in the initial state: {exc}") from None
    n = 0
    while not state.is_terminal:
        assert n < MAX_DECISIONS, f"no end after {n} decisions: the caps do not end the game"
        timer.start()
        moves = state.legal_moves()
        assert moves, f"no legal move in a live position (decision {n + 1})"
        move = choose(state, moves, chooser, lean)
        state = state.apply(move)
        played.append(str(move))
        n += 1
        events.update(e.kind for e in getattr(state, "events", ()))
        timer.lap("play")
        try:
            check_state(state, deck, seats, timer)
        except AssertionError as exc:
            raise AssertionError(f"after decision {n} ({move}): {exc}") from None
    timer.start()
    record = Record.start(game, seed).to_json()
    record["moves"] = played
    final = tg.replay(json.loads(json.dumps(record)))[-1]
    assert final == state, "replay of (options, seed, moves) gave another final state"
    timer.lap("replay")
    return n


def run_batch(name: str, options: dict[str, Any], seeds: range) -> Outcome:
    """Play the games of ``seeds`` (a worker's share); failures are counted, not raised."""
    game = tg.make(name, **options)
    out = Outcome()
    timer = Timer()
    t0 = time.process_time()
    for seed in seeds:
        try:
            out.decisions += play_one(game, seed, timer, out.events)
        except Exception as exc:  # every failure is reported, with its seed
            out.failures += 1
            if out.first is None:
                where = traceback.extract_tb(exc.__traceback__)[-1]
                out.first = (
                    seed,
                    f"{type(exc).__name__}: {exc} [{os.path.basename(where.filename)}:"
                    f"{where.lineno}]",
                )
        out.games += 1
    out.seconds = time.process_time() - t0
    out.timing = timer.seconds
    return out


def batches(start: int, count: int, size: int) -> Iterator[range]:
    for lo in range(start, start + count, size):
        yield range(lo, min(lo + size, start + count))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games per configuration")
    parser.add_argument("--game", choices=sorted(tg.GAMES), action="append",
                        help="only this game (repeatable)")  # fmt: skip
    parser.add_argument("--config", help="only the configuration with this label")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--batch", type=int, default=0,
                        help="games per task (default: --games / 50, at most 200)")  # fmt: skip
    parser.add_argument("--timing", action="store_true", help="print where the time goes")
    parser.add_argument("--events", action="store_true", help="count the events per game")
    parser.add_argument("--list", action="store_true", help="list the configurations only")
    args = parser.parse_args(argv)

    configs = configurations(args.game or list(tg.GAMES))
    if args.config:
        configs = [c for c in configs if c[1] == args.config]
        if not configs:
            parser.error(f"no configuration labelled {args.config!r} (see --list)")
    if args.list:
        for name, lab, options in configs:
            print(f"{name:11} {lab:40} {options}")
    for name, pairs in UNREACHABLE.items():
        shown = ", ".join(f"{k}={v!r}" for k, v in pairs)
        print(f"note: {name}'s page offers values no valid game takes: {shown}")
    if args.list:
        return 0
    size = args.batch or max(1, min(200, args.games // 50))
    from tqdm import tqdm

    results = {(name, lab): Outcome() for name, lab, _ in configs}
    t0 = time.perf_counter()
    with (
        ProcessPoolExecutor(max_workers=args.workers) as pool,
        tqdm(total=len(configs) * args.games, unit="game", smoothing=0.05, mininterval=2,
             file=sys.stderr) as bar,
    ):  # fmt: skip
        futures = {
            pool.submit(run_batch, name, options, seeds): (name, lab)
            for name, lab, options in configs
            for seeds in batches(args.seed, args.games, size)
        }
        failures = 0
        for f in as_completed(futures):
            part = f.result()
            results[futures[f]].add(part)
            failures += part.failures
            bar.update(part.games)
            bar.set_postfix(failures=failures, refresh=False)
    wall = time.perf_counter() - t0
    print(f"\n{'game':11} {'configuration':38} {'games':>7} {'decisions':>10} "
          f"{'games/cpu-s':>11} {'failures':>8}")  # fmt: skip
    for (name, lab), out in results.items():
        rate = out.games / out.seconds if out.seconds else 0.0
        print(f"{name:11} {lab[:38]:38} {out.games:7} {out.decisions:10} {rate:11.1f} "
              f"{out.failures:8}")  # fmt: skip
        if out.first:
            seed, msg = out.first
            print(f"    first failure: seed {seed}: {msg}\n    replay: python benchmarks/soak.py "
                  f"--game {name} --config '{lab}' --seed {seed} --games 1")  # fmt: skip
    if args.timing:
        print("\nwhere the time goes (share of the workers' time):")
        for name, timing in per_game(results, "timing").items():
            spent = sum(timing.values()) or 1.0
            parts = ", ".join(f"{k} {v / spent:.0%}" for k, v in timing.most_common())
            print(f"  {name:11} {parts}")
    if args.events:
        print("\nevents per game (how often each kind happened):")
        for name, seen in per_game(results, "events").items():
            print(f"  {name:11} " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
    games = sum(o.games for o in results.values())
    cpu = sum(o.seconds for o in results.values())
    print(f"\n{games} games, {sum(o.decisions for o in results.values())} decisions, "
          f"{failures} failures; {wall:.0f} s wall, {cpu:.0f} CPU s in {args.workers} worker(s), "
          f"{games / wall:.1f} games/s")  # fmt: skip
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
