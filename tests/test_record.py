"""Game records (``tablegames.Record``), exact replays, ``play_game`` and ``load_state``."""

from __future__ import annotations

import json

import pytest

import tablegames as tg
from tablegames.bots import GameResult


@pytest.fixture(scope="module")
def result() -> GameResult:
    return tg.play_game(tg.make("currents", players=4, jokers=2), seed=11)


def test_record_json_round_trip(result: GameResult) -> None:
    rec = result.record
    d = rec.to_json()
    assert set(d) == {"game", "options", "seed", "moves"}
    assert d["game"] == "currents" and d["seed"] == 11
    assert d["options"] == tg.make("currents", players=4, jokers=2).options_json()
    text = json.dumps(d)
    again = tg.Record.from_json(json.loads(text))
    assert again == rec and again.to_json() == d


def test_record_defaults() -> None:
    rec = tg.Record.from_json({"game": "currents"})
    assert rec == tg.Record("currents", {}, 0, ())
    states = tg.replay(rec)
    assert states == [tg.make("currents").initial_state(0)]


def test_record_start_and_then() -> None:
    game = tg.make("currents", players=2)
    rec = tg.Record.start(game, seed=9)
    assert rec.moves == () and rec.seed == 9 and rec.options == game.options_json()
    state = game.initial_state(9)
    for _ in range(6):
        move = state.legal_moves()[-1]
        rec = rec.then(move)
        state = state.apply(move)
    assert len(rec.moves) == 6 and all(isinstance(m, str) for m in rec.moves)
    assert tg.replay(rec)[-1] == state
    assert rec.then("decline").moves[-1] == "decline"  # text is accepted as is
    with pytest.raises(ValueError, match="seed must be an integer"):
        tg.Record.start(game, seed="9")  # type: ignore[arg-type]


def test_record_is_immutable(result: GameResult) -> None:
    with pytest.raises(AttributeError):
        result.record.seed = 3  # type: ignore[misc]


def test_replay_is_exact(result: GameResult) -> None:
    states = tg.replay(result.record)
    assert len(states) == result.decisions + 1
    assert states[0] == tg.make("currents", players=4, jokers=2).initial_state(11)
    assert states[-1] == result.final and states[-1].is_terminal
    for before, text, after in zip(states, result.record.moves, states[1:]):
        assert before.apply(before.parse_move(text)) == after
    # the same through JSON text, and through Record.states()
    assert tg.replay(json.loads(json.dumps(result.record.to_json()))) == states
    assert result.record.states() == states


def test_replay_of_a_record_edited_by_hand() -> None:
    """Notation in a record is read as a person would write it (case, spaces)."""
    game = tg.make("currents", players=2)
    rec = tg.play_game(game, seed=2, max_decisions=8).record
    sloppy = [f"  {m.lower()} " for m in rec.moves]
    assert tg.replay({**rec.to_json(), "moves": sloppy}) == tg.replay(rec)


def test_play_game_is_reproducible_from_seed() -> None:
    game = tg.make("currents", players=2, max_turns=50)
    a = tg.play_game(game, seed=21)
    b = tg.play_game(game, seed=21)
    c = tg.play_game(game, seed=22)
    assert a == b and a.record == b.record and a.final == b.final
    assert a.record != c.record
    assert a.final.is_terminal


def test_play_game_with_explicit_bots() -> None:
    game = tg.make("currents", players=2)
    bots = [tg.RandomBot(1), tg.RandomBot(2)]
    a = tg.play_game(game, bots, seed=3)
    b = tg.play_game(game, [tg.RandomBot(1), tg.RandomBot(2)], seed=3)
    assert a.record == b.record
    assert tg.replay(a.record)[-1] == a.final
    with pytest.raises(ValueError, match="currents with these options needs 2 bots, not 1"):
        tg.play_game(game, [tg.RandomBot()], seed=3)


def test_play_game_max_decisions() -> None:
    game = tg.make("currents", players=4)
    result = tg.play_game(game, seed=1, max_decisions=5)
    assert result.decisions == 5 and len(result.record.moves) == 5
    assert not result.final.is_terminal
    assert tg.replay(result.record)[-1] == result.final


def test_play_game_does_not_touch_the_global_generator() -> None:
    import random

    random.seed(123)
    expected = random.random()
    random.seed(123)
    tg.play_game(tg.make("currents", players=2), seed=4)
    assert random.random() == expected


def test_load_state_takes_game_and_options_from_the_data(result: GameResult) -> None:
    for state in tg.replay(result.record)[::5]:
        d = json.loads(json.dumps(state.to_json()))
        loaded = tg.load_state(d)
        assert loaded == state
        assert loaded.game == state.game


def test_load_state_of_a_hand_built_position() -> None:
    d = {
        "game": "currents",
        "options": {"players": 2},
        "hands": [["7H", "2C"], ["3S"]],
        "compass": {"N": "AC", "E": "AD", "S": "AH", "W": "AS"},
    }
    state = tg.load_state(d)
    assert state.game == tg.make("currents", players=2)
    assert state.current_player == 0 and state.legal_moves()


def test_load_state_errors() -> None:
    with pytest.raises(tg.InvalidState, match="must be an object with a 'game' key"):
        tg.load_state({"hands": []})
    with pytest.raises(tg.InvalidState, match="unknown game 'go'"):
        tg.load_state({"game": "go"})
