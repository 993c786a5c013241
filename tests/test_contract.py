"""The engine contract (DESIGN.md, "Engine contract"), checked for every registered game.

Everything here is parametrised over ``tablegames.GAMES`` and uses only the generic API
(``make``, ``Game``, ``State``, moves and their notation), so a newly registered game is
covered without editing this file.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import tablegames as tg
from tablegames import conformance
from tablegames.conformance import check_game

GAME_NAMES = sorted(tg.GAMES)
SEEDS = range(25)
#: Decisions after which a default game that has not ended is abandoned by the tests.
DECISION_CAP = 3000

#: Every game is played with the turn cap of the conformance suite: Resistor plays extra
#: pairs of rounds while the scores are tied, and random players never score, so every
#: random match would be tied for ever; capped, it ends with no winner.
MAX_TURNS = conformance.MAX_TURNS

JUPYTER = ("ipywidgets", "ipycanvas", "IPython", "jupyter_core", "traitlets", "numpy")


def random_states(game: tg.Game, seed: int) -> Iterator[tuple[tg.State, Any, tg.State | None]]:
    """(state, chosen move, next state) along one random game; the last has move None."""
    chooser = random.Random(f"contract:{seed}")
    state = game.initial_state(seed)
    for _ in range(DECISION_CAP):
        if state.is_terminal:
            break
        moves = state.legal_moves()
        move = moves[chooser.randrange(len(moves))]
        after = state.apply(move)
        yield state, move, after
        state = after
    yield state, None, None


def bounded(name: str) -> tg.Game:
    """The game with its default options and ``max_turns`` = :data:`MAX_TURNS`."""
    return tg.make(name, max_turns=MAX_TURNS)


def roundtrip(game: tg.Game, state: tg.State) -> tg.State:
    return game.state_from_json(json.loads(json.dumps(state.to_json(), allow_nan=False)))


def test_a_game_is_registered() -> None:
    assert "currents" in tg.GAMES
    for name, cls in tg.GAMES.items():
        assert issubclass(cls, tg.Game) and cls.name == name


@pytest.mark.parametrize("name", GAME_NAMES)
class TestContract:
    def test_make_with_defaults(self, name: str) -> None:
        game = tg.make(name)
        assert isinstance(game, tg.Game) and game.name == name
        assert game == tg.make(name) and hash(game) == hash(tg.make(name))
        assert game.info.min_players <= game.num_players <= game.info.max_players
        # the options are complete, JSON-ready and rebuild the same game
        options = json.loads(json.dumps(game.options_json()))
        assert set(options) == {o.name for o in game.option_table}
        assert tg.make(name, **options) == game
        # repr is the call that makes the game
        assert eval(repr(game), {"tablegames": tg}) == game
        with pytest.raises(TypeError):
            game.options["x"] = 1  # type: ignore[index]

    def test_game_info(self, name: str) -> None:
        info = tg.GAMES[name].info
        assert isinstance(info, tg.GameInfo)
        assert info.name == name
        assert isinstance(info.title, str) and info.title
        assert 1 <= info.min_players <= info.max_players
        assert isinstance(info.chance, bool) and isinstance(info.hidden_information, bool)
        assert info.rules.endswith(".txt")
        assert isinstance(info.length_bound, str) and info.length_bound
        for o in tg.GAMES[name].option_table:
            assert o.name.isidentifier() and o.allowed, o

    def test_unknown_option_is_named(self, name: str) -> None:
        with pytest.raises(ValueError, match="unknown option 'no_such_option'"):
            tg.make(name, no_such_option=1)

    def test_initial_state_is_deterministic(self, name: str) -> None:
        game = tg.make(name)
        for seed in SEEDS:
            a, b = game.initial_state(seed), game.initial_state(seed)
            assert a == b and a.to_json() == b.to_json()
            assert a.legal_moves() == b.legal_moves()
        assert game.initial_state() == game.initial_state(0)
        if game.info.chance:
            dumps = {json.dumps(game.initial_state(s).to_json(), sort_keys=True) for s in SEEDS}
            assert len(dumps) > 1, "different seeds should deal differently"

    def test_same_seed_same_moves_same_game(self, name: str) -> None:
        game = bounded(name)
        for seed in SEEDS[:4]:
            first = [s for s, _, _ in random_states(game, seed)]
            again = [s for s, _, _ in random_states(game, seed)]
            assert first == again

    @pytest.mark.parametrize("seed", SEEDS)
    def test_random_game(self, name: str, seed: int) -> None:
        game = bounded(name)
        n = game.num_players
        state: tg.State | None = None
        for state, move, after in random_states(game, seed):
            assert isinstance(state, tg.State) and state.game == game
            moves = state.legal_moves()
            assert isinstance(moves, list)
            assert moves == state.legal_moves(), "legal_moves must be deterministic"
            assert len({str(m) for m in moves}) == len(moves), "two moves share a notation"
            if state.is_terminal:
                assert moves == [] and state.current_player == -1
            else:
                assert moves, "a state that is not terminal needs a legal move"
                assert 0 <= state.current_player < n
                assert state.winners == frozenset()
            assert isinstance(state.winners, frozenset) and state.winners <= set(range(n))
            check_returns(state, n)
            check_json(game, state)
            for p in range(n):
                obs = state.observation(p)
                json.dumps(obs, allow_nan=False)
            for m in moves:
                assert isinstance(m, tg.Move)
                text = str(m)
                assert isinstance(text, str) and text
                assert state.parse_move(text) == m, text
                assert str(state.parse_move(text)) == text
            if after is not None:
                assert move in moves
                before = copy.deepcopy(state.to_json())
                again = state.apply(move)
                assert again is not state and again == after
                assert state.to_json() == before, "apply changed the old state"
        assert state is not None and state.is_terminal

    @pytest.mark.parametrize("seed", SEEDS[:3])
    def test_every_legal_move_leaves_the_state_unchanged(self, name: str, seed: int) -> None:
        game = bounded(name)
        for i, (state, _, _) in enumerate(random_states(game, seed)):
            if i % 3:
                continue
            before = copy.deepcopy(state.to_json())
            copy_of_state = game.state_from_json(copy.deepcopy(before))
            for m in state.legal_moves():
                after = state.apply(m)
                assert after is not state
                assert state.to_json() == before, f"apply({m}) changed the old state"
            assert state == copy_of_state

    def test_states_are_immutable_values(self, name: str) -> None:
        state = tg.make(name).initial_state(3)
        with pytest.raises(AttributeError):
            state.winners = frozenset({0})  # type: ignore[misc]
        same = roundtrip(state.game, state)
        assert same == state and hash(same) == hash(state)

    def test_terminal_states(self, name: str) -> None:
        """Finished games: winners and returns agree; no move applies afterwards."""
        game = bounded(name)
        finals = [list(random_states(game, seed))[-1][0] for seed in SEEDS]
        for final in finals:
            assert final.is_terminal
            check_returns(final, game.num_players)
            any_move = tg.make(name).initial_state(0).legal_moves()[0]
            with pytest.raises(tg.IllegalMove, match="over"):
                final.apply(any_move)
        # some random game is won, unless random players cannot win one before the cap
        # (Resistor: they never score, so every match is stopped by max_turns)
        capped = [any(e.kind == "max_turns" for e in f.events) for f in finals]
        assert any(final.winners for final in finals) or all(capped)

    def test_observations(self, name: str) -> None:
        game = tg.make(name)
        state = game.initial_state(5)
        views = [state.observation(p) for p in range(game.num_players)]
        for view in views:
            assert json.loads(json.dumps(view)) == view
            with pytest.raises(tg.InvalidState):
                game.state_from_json(view)
        if game.info.hidden_information:
            # each player sees something (their own cards) that the others do not
            assert len({json.dumps(v, sort_keys=True) for v in views}) == game.num_players
        for bad in (-1, game.num_players, True, "0", None):
            with pytest.raises(ValueError, match="player must be"):
                state.observation(bad)  # type: ignore[arg-type]

    def test_bad_moves_raise_illegal_move(self, name: str) -> None:
        state = tg.make(name).initial_state(2)
        before = state.to_json()
        text = str(state.legal_moves()[0])
        with pytest.raises(tg.IllegalMove):
            state.apply(text)
        for bad in (None, 42, object()):
            with pytest.raises(tg.IllegalMove):
                state.apply(bad)
        for garbage in ("", "???", "x" * 200, "\x00"):
            with pytest.raises(tg.IllegalMove):
                state.parse_move(garbage)
        assert state.to_json() == before

    def test_bad_state_json_raises_invalid_state(self, name: str) -> None:
        game = tg.make(name)
        for bad in (None, [], "state", 3, {"no_such_key": 1}):
            with pytest.raises(tg.InvalidState):
                game.state_from_json(bad)  # type: ignore[arg-type]
        assert issubclass(tg.InvalidState, ValueError) and issubclass(tg.IllegalMove, ValueError)

    def test_load_state_and_replay(self, name: str) -> None:
        game = tg.make(name)
        result = tg.play_game(game, seed=4, max_decisions=60)
        assert tg.load_state(json.loads(json.dumps(result.final.to_json()))) == result.final
        states = tg.replay(json.loads(json.dumps(result.record.to_json())))
        assert states[0] == game.initial_state(4) and states[-1] == result.final
        assert len(states) == result.decisions + 1


@pytest.mark.parametrize("name", GAME_NAMES)
def test_conformance_suite(name: str) -> None:
    """``python -m tablegames check NAME`` (tablegames.conformance) passes: the suite
    anyone can run on a game of their own, here on a few games of each of ours (the
    tests above and benchmarks/soak.py play many more)."""
    report = check_game(name, games=4, seed=100)
    assert report.ok, str(report)
    assert report.games == 4 and report.decisions > 0


def test_conformance_suite_can_fail() -> None:
    """The suite reports a game that breaks the contract: here a state whose JSON round
    trip loses the position, and one whose refusal of garbage is a bare KeyError."""
    game = tg.make("currents")
    broken = type(game)
    original = broken.state_from_json

    def forgetful(self: tg.Game, data: Any) -> tg.State:
        return self.initial_state(0) if isinstance(data, dict) else original(self, data)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(broken, "state_from_json", forgetful)
        report = check_game("currents", games=1)
    assert not report.ok and any("round trip" in f or "Invalid" in f for f in report.failures)
    state_cls = type(game.initial_state(0))

    def bare(self: tg.State, text: str) -> Any:
        raise KeyError(text)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(state_cls, "parse_move", bare)
        report = check_game("currents", games=1)
    assert any("KeyError" in f for f in report.failures), str(report)


def check_returns(state: tg.State, n: int) -> None:
    """returns(): 1.0 for a winner, -1.0 for a loser, 0.0 for a draw or an unfinished game."""
    r = state.returns()
    assert isinstance(r, tuple) and len(r) == n
    assert all(isinstance(x, float) for x in r)
    if state.is_terminal and state.winners:
        assert r == tuple(1.0 if p in state.winners else -1.0 for p in range(n))
    else:
        assert r == (0.0,) * n


def check_json(game: tg.Game, state: tg.State) -> None:
    d = state.to_json()
    back = roundtrip(game, state)
    assert back == state
    assert back.to_json() == d
    assert back.legal_moves() == state.legal_moves(), "move order depends on how it was built"
    assert tg.load_state(d) == state


def test_import_loads_no_jupyter_package() -> None:
    code = (
        "import tablegames, sys; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {set(JUPYTER)!r}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]", out.stdout


def test_import_check_can_fail() -> None:
    """The subprocess check above does see a Jupyter-like import when there is one."""
    code = (
        "import tablegames, json, sys; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'json'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() != "[]"


def test_public_names() -> None:
    for name in tg.__all__:
        assert hasattr(tg, name), name
    assert isinstance(tg.__version__, str)
