"""The turn cap: one option, ``max_turns``, with one meaning in every game, and the old
cap names refused with a message naming it (issue 15 item 3)."""

from __future__ import annotations

import random

import pytest

import tablegames as tg
from tablegames.options import Option, int_range, resolve

#: Per game, the state attribute and JSON key holding the game's own turn count (what
#: its ``max_turns`` option doc says it counts). A new game must say here what it counts.
COUNT = {
    "currents": "turn",
    "fellowship": "turn",
    "poohsticks": "turn",
    "cardchess": "ply",
    "resistor": "turns_played",
}
CAP = 6


def capped_game(name: str) -> tuple[tg.State, list[tg.State]]:
    """A random game played to the cap: its final state and the states of the same moves
    played without the cap (which go on past it). Fails if no seed reaches the cap."""
    capped, free = tg.make(name, max_turns=CAP), tg.make(name)
    for seed in range(100):
        chooser = random.Random(f"max_turns:{seed}")
        s, t = capped.initial_state(seed), free.initial_state(seed)
        uncapped = [t]
        while not s.is_terminal:
            assert s.legal_moves() == t.legal_moves()
            move = chooser.choice(s.legal_moves())
            s, t = s.apply(move), t.apply(move)
            uncapped.append(t)
        if any(e.kind == "max_turns" for e in s.events):
            return s, uncapped
    raise AssertionError(f"no random {name} game reached max_turns={CAP}")


@pytest.mark.parametrize("name", sorted(tg.GAMES))
def test_max_turns_means_the_same_in_every_game(name: str) -> None:
    final, uncapped = capped_game(name)
    count = COUNT[name]
    # it stops after exactly CAP turns by the game's own count, with no winner (a draw) ...
    assert final.is_terminal and getattr(final, count) == CAP
    assert final.winners == frozenset() and len(set(final.returns())) == 1
    cap_events = [e for e in final.events if e.kind == "max_turns"]
    assert len(cap_events) == 1 and cap_events[0].value == (CAP,)
    # ... exactly there: the same moves without the cap go on, one turn short before
    assert not uncapped[-1].is_terminal and getattr(uncapped[-1], count) == CAP
    assert getattr(uncapped[-2], count) == CAP - 1
    # the option says what it counts; the stopped state reads back from JSON
    (option,) = [o for o in tg.GAMES[name].option_table if o.name == "max_turns"]
    assert option.default is None and option.counts and option.counts in option.doc
    assert "no winner" in option.doc or "nobody wins" in option.doc
    assert final.game.state_from_json(final.to_json()) == final


@pytest.mark.parametrize("name", sorted(tg.GAMES))
def test_turn_count_beyond_max_turns_is_refused(name: str) -> None:
    final, _ = capped_game(name)
    d = final.to_json()
    d[COUNT[name]] = CAP + 1
    with pytest.raises(tg.InvalidState, match=rf"{CAP + 1} is beyond max_turns={CAP}"):
        final.game.state_from_json(d)


@pytest.mark.parametrize(
    ("name", "old", "counts"),
    [
        ("cardchess", "max_plies", "moves (each side's move is one; placements excluded)"),
        ("resistor", "max_rounds", "every turn of the match, both players', in all its rounds"),
    ],
)
def test_retired_cap_names_are_refused_with_the_new_name(name: str, old: str, counts: str) -> None:
    message = rf"option {old} is no longer an option of {name}: use max_turns \(it counts "
    with pytest.raises(ValueError, match=message + "(.*)" + r"\)$") as info:
        tg.make(name, **{old: 4})
    assert counts in str(info.value)
    with pytest.raises(ValueError, match=message):
        type(tg.make(name))(**{old: None})  # the Game class too, even with the old default
    data = tg.make(name).initial_state(0).to_json()
    data["options"][old] = None  # a state saved before the rename
    with pytest.raises(ValueError, match=message):
        tg.load_state(data)
    with pytest.raises(tg.InvalidState, match="saved with options"):
        tg.make(name).state_from_json(data)


def test_retired_names_stay_free_for_a_game_that_declares_them() -> None:
    own = (Option("max_rounds", None, "None or an integer", int_range(1, optional=True)),)
    assert resolve("plugin", own, {"max_rounds": 3}) == {"max_rounds": 3}
    # a game without max_turns refuses an old name like any unknown option
    with pytest.raises(ValueError, match="unknown option 'max_plies' for plugin"):
        resolve("plugin", own, {"max_plies": 3})


def test_retired_cap_names_are_refused_on_the_command_line() -> None:
    from tablegames.__main__ import main

    with pytest.raises(
        SystemExit, match="max_plies is no longer an option of cardchess: use max_turns"
    ):
        main(["check", "cardchess", "--games", "1", "--max-plies", "5"])
