"""Golden playthroughs: whole seeded games between bots, pinned as text traces.

Each file in ``tests/golden/`` is the trace of one game played by ``tablegames.play_game``
with its default RandomBots (or the seeded bots :data:`BOTS` names): the options and
seed, the starting position, then every decision (number, player, move) followed by the
events that ``apply`` recorded, and the final position. The test plays the game again and
compares the text line by line, so any change to dealing, shuffling, legal-move order,
notation, events or rules shows up as a readable diff.

After an INTENDED change, regenerate the files and review the diff before committing:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
    git diff tests/golden
"""

from __future__ import annotations

import difflib
import json
import os
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from support.resistor import LeaningBot

import tablegames as tg
from tablegames.currents import CurrentsState
from tablegames.events import Event

GOLDEN_DIR = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN", "") not in ("", "0")

#: file name -> (game, options, seed); seeds chosen so the games show their rare paths
#: (Currents: goaltending, a reshuffle, every action card, jokers, combination attacks,
#: obstacles; Fellowship: the joker covered, roles revealed; Poohsticks: the bridge,
#: discards, boat powers, reshuffles; Card Chess: covers, a king covered and freed again,
#: the win, both set-ups and both first movers; Resistor: every action, the overload's
#: dead space, the drain's step off, round ends, the role roll and swap, a match won and
#: a match stopped by max_turns).
GOLDEN: dict[str, tuple[str, dict[str, Any], int]] = {
    "currents-2p-seed22.txt": ("currents", {"players": 2}, 22),
    "currents-4p-jokers2-seed1088.txt": ("currents", {"players": 4, "jokers": 2}, 1088),
    "currents-4p-all-options-seed386.txt": (
        "currents",
        {
            "players": 4,
            "jokers": 2,
            "wild_jokers": "both",
            "easier_usurping": True,
            "combination_attacks": True,
            "obstacles": [[4, 5], [5, 3], [2, 2], [6, 6]],
        },
        386,
    ),
    "fellowship-2p-seed1.txt": ("fellowship", {"players": 2}, 1),
    "fellowship-4p-seed5.txt": ("fellowship", {"players": 4}, 5),
    "poohsticks-3p-bridge-rocks-seed0.txt": (
        "poohsticks",
        {"players": 3, "bridge": True, "rocks": 2},
        0,
    ),
    "poohsticks-2p-powers-seed0.txt": ("poohsticks", {"players": 2, "boat_powers": True}, 0),
    "cardchess-fixed-seed302.txt": ("cardchess", {"setup": "fixed"}, 302),
    "cardchess-progressive-black-first-seed166.txt": (
        "cardchess",
        {"setup": "progressive", "first": "black"},
        166,
    ),
    "resistor-3amperes-leaning-seed2070.txt": (
        "resistor",
        {"amperes": 3, "first_amperes": 1, "max_turns": 400},
        2070,
    ),
    "resistor-3amperes-roll-leaning-capped-seed887.txt": (
        "resistor",
        {"amperes": 3, "max_turns": 400},
        887,
    ),
}
#: Golden games not played by RandomBots: file name -> (the bots' class, as the file
#: names them). Each player gets its own bot seeded "<seed>:<player>", as play_game seeds
#: its RandomBots. Random Resistor ampere players almost never charge or score, so the
#: Resistor games use the forward-leaning player of the Resistor property tests.
BOTS: dict[str, type[Any]] = {
    "resistor-3amperes-leaning-seed2070.txt": LeaningBot,
    "resistor-3amperes-roll-leaning-capped-seed887.txt": LeaningBot,
}


def event_text(e: Event) -> str:
    """``kind p<player> cards @where (values)``, leaving out what is empty."""
    parts = [e.kind]
    if e.player != -1:
        parts.append(f"p{e.player}")
    if e.cards:
        parts.append(" ".join(c or "??" for c in e.cards))
    if e.where:
        parts.append(f"@{e.where}")
    if e.value:
        parts.append("(" + ", ".join(map(str, e.value)) + ")")
    return " ".join(parts)


def position_text(s: tg.State) -> list[str]:
    """The position in a few lines (Currents in detail; other games their text board)."""
    if not isinstance(s, CurrentsState):
        return ["  " + line for line in str(s).splitlines()]
    cur = " ".join(f"{slot}={card}" for slot, card in _slots(s) if card)
    return [
        f"  phase={s.phase} player={s.current_player} turn={s.turn} pawn={list(s.pawn)}",
        "  compass " + " ".join(f"{p}={c or '--'}" for p, c in zip("NESW", s.compass)),
        f"  currents {cur or '(none)'}",
        *(f"  hand p{p}: {' '.join(h) or '(empty)'}" for p, h in enumerate(s.hands)),
        f"  draw pile ({len(s.draw_pile)}, top first) {' '.join(s.draw_pile[:8])}"
        + (" ..." if len(s.draw_pile) > 8 else ""),
        f"  discard pile ({len(s.discard_pile)}, top last) "
        + ("... " if len(s.discard_pile) > 8 else "")
        + " ".join(s.discard_pile[-8:]),
    ]


def _slots(s: CurrentsState) -> list[tuple[str, str | None]]:
    from tablegames.currents.geometry import SLOTS

    return list(zip(SLOTS, s.currents))


def trace(name: str, options: dict[str, Any], seed: int, bot: type[Any] | None = None) -> str:
    """The golden text of one game (RandomBots unless ``bot`` gives the bots' class)."""
    game = tg.make(name, **options)
    if bot is None:
        result = tg.play_game(game, seed=seed)
        bots = "RandomBot per player, as tablegames.play_game seeds them"
    else:
        players = range(game.num_players)
        result = tg.play_game(game, [bot(f"{seed}:{p}") for p in players], seed=seed)
        bots = f"{bot.__name__} per player (tests/test_golden.py BOTS), seeded '{seed}:<player>'"
    states = tg.replay(result.record)
    lines = [
        f"# {game.info.title} golden playthrough (regenerate: UPDATE_GOLDEN=1, see "
        "tests/test_golden.py)",
        f"# options: {json.dumps(game.options_json(), sort_keys=True)}",
        f"# seed: {seed}; bots: {bots}",
        "start",
        *position_text(states[0]),
    ]
    for i, (before, move, after) in enumerate(zip(states, result.record.moves, states[1:])):
        lines.append(f"{i + 1}. p{before.current_player} {before.phase}: {move}")
        lines.extend(f"     {event_text(e)}" for e in after.events)  # type: ignore[attr-defined]
    final = states[-1]
    winners = " ".join(map(str, sorted(final.winners))) or "none"
    lines += [f"end: winners {winners}; returns {list(final.returns())}"]
    lines += position_text(final)
    return "\n".join(line.rstrip() for line in lines) + "\n"


@pytest.mark.parametrize("filename", list(GOLDEN))
def test_golden_playthrough(filename: str) -> None:
    name, options, seed = GOLDEN[filename]
    path = GOLDEN_DIR / filename
    text = trace(name, options, seed, BOTS.get(filename))
    if UPDATE:
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run with UPDATE_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "golden", "now", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(
            f"{filename} differs from the game played now (UPDATE_GOLDEN=1 to accept an "
            f"intended change):\n{shown}"
        )


@pytest.mark.parametrize("filename", list(GOLDEN))
def test_golden_trace_replays_from_its_own_moves(filename: str) -> None:
    """The moves written in the golden file replay to the ending the file records."""
    name, options, seed = GOLDEN[filename]
    lines = (GOLDEN_DIR / filename).read_text(encoding="utf-8").splitlines()
    moves = [line.split(": ", 1)[1] for line in lines if line[:1].isdigit()]
    record = {"game": name, "options": options, "seed": seed, "moves": moves}
    final = tg.replay(record)[-1]
    assert final.is_terminal
    at = next(i for i, line in enumerate(lines) if line.startswith("end: "))
    assert lines[at].startswith(
        f"end: winners {' '.join(map(str, sorted(final.winners))) or 'none'};"
    )
    assert lines[at + 1 :] == [line.rstrip() for line in position_text(final)]


def test_golden_games_show_what_they_claim() -> None:
    """The chosen seeds keep exercising the rare paths (goaltending, reshuffles, actions)."""
    wanted = {
        "currents-2p-seed22.txt": {"ask", "defend", "reshuffle", "queen", "king", "jack"},
        "currents-4p-jokers2-seed1088.txt": {"ask", "defend", "reshuffle", "joker", "jack"},
        "currents-4p-all-options-seed386.txt": {"ask", "combination", "blocked", "shuffle"},
        "fellowship-2p-seed1.txt": {"capture", "cover", "reveal", "win"},
        "fellowship-4p-seed5.txt": {"capture", "cover", "win"},
        "poohsticks-3p-bridge-rocks-seed0.txt": {"flip", "exit", "discard", "reshuffle"},
        "poohsticks-2p-powers-seed0.txt": {"power", "exit", "reshuffle", "win"},
        "cardchess-fixed-seed302.txt": {"move", "cover", "uncover", "win"},
        "cardchess-progressive-black-first-seed166.txt": {"place", "start", "cover", "win"},
        "resistor-3amperes-leaning-seed2070.txt": {
            *("slingshot", "overload", "to_dead_space", "drain", "charge", "cycle"),
            *("score", "convert", "round_end", "round", "win"),
        },
        "resistor-3amperes-roll-leaning-capped-seed887.txt": {
            *("role", "slingshot", "overload", "drain", "charge", "cycle", "recharge"),
            *("score", "round_end", "round", "max_turns", "draw"),
        },
    }
    assert set(wanted) == set(GOLDEN)
    for filename, kinds_wanted in wanted.items():
        text = (GOLDEN_DIR / filename).read_text(encoding="utf-8")
        kinds = {line.split()[0] for line in text.splitlines() if line.startswith("     ")}
        assert kinds_wanted <= kinds, (filename, kinds_wanted - kinds)


def test_cardchess_goldens_cover_a_king_and_free_it() -> None:
    """Each Card Chess golden covers a king, uncovers one later and ends on a cover."""
    for filename in (f for f in GOLDEN if f.startswith("cardchess")):
        lines = (GOLDEN_DIR / filename).read_text(encoding="utf-8").splitlines()
        events = [line.split() for line in lines if line.startswith("     ")]
        assert any(e[0] == "cover" and e[3][0] == "K" for e in events), filename
        assert any(e[0] == "uncover" and e[2][0] == "K" for e in events), filename
        last_move = max(i for i, line in enumerate(lines) if line[:1].isdigit())
        assert any(line.split()[0] == "cover" for line in lines[last_move + 1 :]), filename


def test_resistor_goldens_swap_roles_and_step_off_drains() -> None:
    """Each Resistor golden swaps roles every round (its ``round`` events alternate the
    ampere player) and lets the resistor player step off after a drain that does not end
    the round; the capped game stops at max_turns in the middle of a round, with no
    winner. (Tie-break rounds: tests/resistor/test_rules.py, the turn cap's ruling.)"""
    endings = {}
    for filename in (f for f in GOLDEN if f.startswith("resistor")):
        lines = (GOLDEN_DIR / filename).read_text(encoding="utf-8").splitlines()
        start = "\n".join(lines[: next(i for i, t in enumerate(lines) if t.startswith("1. "))])
        first = re.search(r"round 1: player (\d) amperes", start)
        rounds = [line.split() for line in lines if line.startswith("     round ")]
        ampere_players = [int(first[1])] if first else []
        ampere_players += [int(r[1][1:]) for r in rounds]
        assert len(ampere_players) >= 2, filename
        assert all(a != b for a, b in pairwise(ampere_players)), filename
        end = next(i for i, line in enumerate(lines) if line.startswith("end: "))
        endings[filename] = [line.split()[0] for line in lines[end - 2 : end]]
        decisions = [i for i, line in enumerate(lines) if line[:1].isdigit()]
        stepped_off = 0
        for at, nxt in pairwise(decisions):
            events = [line.split() for line in lines[at + 1 : nxt]]
            if any(e[0] == "drain" for e in events) and not any(
                e[0] == "round_end" for e in events
            ):
                drainer, cell = events[0][1], events[-1][2][1:]
                player, move = lines[nxt].split()[1], lines[nxt].split(": ", 1)[1]
                assert player == drainer and move.startswith(cell + "-"), lines[nxt]
                stepped_off += 1
        assert stepped_off, filename
    assert endings["resistor-3amperes-roll-leaning-capped-seed887.txt"] == ["max_turns", "draw"]
    assert endings["resistor-3amperes-leaning-seed2070.txt"] == ["round_end", "win"]
