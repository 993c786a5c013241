"""Seeded random games reduced to one digest each, for comparing the two engines.

``python tests/compiled/same_games.py --games N [--first F]`` prints, as JSON, for every
game and option set of :mod:`support.variants`, the digest of each of ``N`` random games
(seeds ``F`` to ``F + N - 1``): every move's notation, every state's JSON and every
event, in order; and, per game, what seeded searches of the bots (compiled too) find
from a few positions: every candidate's visits and value.
``tests/compiled/test_same_games.py`` runs it on the pure engine in a subprocess
(``TABLEGAMES_PURE=1``) and compares it with the compiled engine's digests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import tablegames as tg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support
from support.variants import variant_id, variants

try:  # orjson (the widgets extra) encodes about 10x faster; json is the same digest's fallback
    import orjson

    def _encoded(value: Any) -> bytes:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)

except ImportError:  # pragma: no cover - the test environment has orjson

    def _encoded(value: Any) -> bytes:
        return json.dumps(value, sort_keys=True).encode()


#: Decisions after which a game is cut (its digest covers the cut): no game runs for ever.
MAX_DECISIONS = 1500


def digest(game: tg.Game, seed: int) -> str:
    """One random game's digest: moves chosen by ``random.Random(seed)`` from its legal
    moves, each move's notation, the new state's JSON and its events."""
    h = hashlib.blake2b(digest_size=8)
    rng = random.Random(seed)
    state = game.initial_state(seed)
    h.update(_encoded(state.to_json()))
    for _ in range(MAX_DECISIONS):
        if state.is_terminal:
            break
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        state = state.apply(move)
        step: list[Any] = [str(move), len(moves), state.to_json(), sorted(state.winners)]
        step.append([e.to_json() for e in state.events])
        h.update(_encoded(step))
    return h.hexdigest()


def digests(games: int, first: int = 0) -> dict[str, list[str]]:
    """Per game and option set (its test id), the digests of games ``first`` on."""
    out = {}
    for name, options in variants():
        game = tg.make(name, **options)
        out[variant_id(name, options)] = [digest(game, s) for s in range(first, first + games)]
    return out


#: The searches compared: bot specs (tablegames.bots.make_bot) run from each position.
SEARCHES = ("mcts:60", "guided:30")


def searches(positions: int = 3) -> dict[str, list[str]]:
    """Per game, what each bot of :data:`SEARCHES` finds from ``positions`` seeded
    positions a few random moves into a game: each candidate move, its visits and value."""
    from tablegames.bots import make_bot

    out: dict[str, list[str]] = {}
    for name in sorted({name for name, _ in variants()}):
        game = tg.make(name)
        found = []
        for seed in range(positions):
            rng = random.Random(seed)
            state = game.initial_state(seed)
            for _ in range(1 + seed * 2):
                if not state.is_terminal:
                    moves = state.legal_moves()
                    state = state.apply(moves[rng.randrange(len(moves))])
            if state.is_terminal:
                continue
            for spec in SEARCHES:
                analysis = make_bot(spec, seed=seed).analyse(state)  # type: ignore[attr-defined]
                found.append(repr([(m.move, m.visits, m.value) for m in analysis.moves]))
        out[name] = found
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--searches", type=int, default=0, help="positions searched per game")
    args = parser.parse_args()
    found = searches(args.searches) if args.searches else {}
    games = digests(args.games, args.first)
    print(json.dumps({"compiled": tg.COMPILED, "digests": games, "searches": found}))


if __name__ == "__main__":
    main()
