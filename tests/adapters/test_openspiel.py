"""The OpenSpiel adapter (tablegames.adapters.openspiel): OpenSpiel's own random
simulation test and serialization round trip for every registered game and variant,
honest game types, hidden cards hidden, and OpenSpiel's MCTS bot playing Currents."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest
from support.variants import variant_id, variants

pytest.importorskip(
    "pyspiel", reason="the openspiel extra is not installed (pip install 'tablegames[openspiel]')"
)
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tablegames as tg
from tablegames.adapters import openspiel

VARIANTS = variants()
IDS = [variant_id(n, o) for n, o in VARIANTS]
#: Random games per variant in pyspiel.random_sim_test (each also serialises its state
#: after decisions 0-9, 16, 32, 64, ...).
SIMS = 5
GT = pyspiel.GameType


def load(name: str, **options: Any) -> Any:
    return openspiel.load_game(name, **options)


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_openspiel_random_sim_test(name: str, options: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(name, **options), num_sims=SIMS, serialize=True, verbose=False)


def random_state(game: Any, seed: int, decisions: int) -> Any:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    state.apply_action(seed)
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_openspiel_serialization_round_trip(name: str, options: dict[str, Any]) -> None:
    game = load(name, **options)
    for seed, decisions in ((1, 0), (2, 7), (3, 60)):
        state = random_state(game, seed, decisions)
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game)
        assert state2.history() == state.history()
        assert str(state2) == str(state)
        assert state2.engine_state == state.engine_state
        assert state2.legal_actions() == state.legal_actions()
        again = pickle.loads(pickle.dumps(state))
        assert again.engine_state == state.engine_state and again.history() == state.history()
    # the game string alone rebuilds the same game
    assert str(pyspiel.load_game(str(game))) == str(game)


def test_every_registered_game_loads_by_name() -> None:
    for name in tg.GAMES:
        game = pyspiel.load_game(f"python_tablegames_{name}")
        assert game.get_type().short_name == f"python_tablegames_{name}"
        assert game.num_distinct_actions() == len(tg.make(name).action_space())


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_game_type_and_info_say_what_the_game_is(name: str, options: dict[str, Any]) -> None:
    game = load(name, **options)
    engine = tg.make(name, **options)
    gtype, info = game.get_type(), engine.info
    assert gtype.dynamics == GT.Dynamics.SEQUENTIAL
    assert gtype.chance_mode == (
        GT.ChanceMode.EXPLICIT_STOCHASTIC if info.chance else GT.ChanceMode.DETERMINISTIC
    )
    imperfect = info.chance or info.hidden_information
    assert gtype.information == (
        GT.Information.IMPERFECT_INFORMATION if imperfect else GT.Information.PERFECT_INFORMATION
    )
    assert gtype.utility == (GT.Utility.ZERO_SUM if engine.zero_sum else GT.Utility.GENERAL_SUM)
    assert (gtype.min_num_players, gtype.max_num_players) == (info.min_players, info.max_players)
    assert game.num_players() == engine.num_players
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_chance_outcomes() == (openspiel.SEEDS if info.chance else 0)
    assert game.max_game_length() == openspiel.MAX_GAME_LENGTH


def test_chance_node_chooses_the_seed() -> None:
    game = load("currents", players=2, seeds=16)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(16))
    assert all(p == pytest.approx(1 / 16) for _, p in outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 9) == "seed 9"
    state.apply_action(9)
    assert state.engine_state == tg.make("currents", players=2).initial_state(seed=9)


def test_observations_hide_the_other_hands() -> None:
    game = load("currents", players=4)
    state = random_state(game, 4, 10)
    engine = state.engine_state
    for player in range(4):
        view = json.loads(state.observation_string(player))
        assert view == json.loads(json.dumps(engine.observation(player)))
        assert all(c is None for p, h in enumerate(view["hands"]) if p != player for c in h)
        info = json.loads(state.information_state_string(player))
        assert info["view"] == {**view, "events": []}
        assert len(info["moves"]) == 10 and all(isinstance(m, str) for m in info["moves"])


def test_information_state_moves_are_the_moves_made() -> None:
    game = load("fellowship")
    state = game.new_initial_state()
    state.apply_action(3)
    made = []
    for _ in range(5):
        action = state.legal_actions()[0]
        made.append(state.action_to_string(state.current_player(), action))
        state.apply_action(action)
    assert json.loads(state.information_state_string(0))["moves"] == made


def test_parameters_are_the_games_options() -> None:
    game = pyspiel.load_game("python_tablegames_poohsticks(players=3,length=5,max_turns=80)")
    engine = tg.make("poohsticks", players=3, length=5, max_turns=80)
    assert game.tg_game == engine
    assert load("poohsticks").tg_game.options["length"] is None  # 0 stands for None
    obstacles = load("currents", players=2, obstacles=[[2, 6], [3, 3]])
    assert obstacles.tg_game.options["obstacles"] == ((2, 6), (3, 3))
    assert "obstacles=[[2;6];[3;3]]" in str(obstacles)
    with pytest.raises(ValueError, match="option players=3 is not allowed for currents"):
        load("currents", players=3)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'speed'"):
        pyspiel.load_game("python_tablegames_fellowship", {"speed": 1})
    with pytest.raises(ValueError, match=r"unknown parameter\(s\) \['speed'\]"):
        openspiel.GAME_CLASSES["fellowship"]({"speed": 1})
    with pytest.raises(ValueError, match="seeds must be a positive integer"):
        load("fellowship", seeds=0)


def test_a_game_cut_off_at_max_game_length_is_a_draw() -> None:
    game = load("cardchess", max_game_length=6)
    state = random_state(game, 1, 6)
    assert state.is_terminal() and not state.engine_state.is_terminal
    assert state.returns() == [0.0, 0.0]


def test_an_illegal_action_is_refused() -> None:
    game = load("currents", players=2)
    state = game.new_initial_state()
    state.apply_action(1)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal here"):
        state.apply_action(illegal)


def test_mcts_bot_plays_currents_to_the_end() -> None:
    """OpenSpiel's own MCTS bot (random rollouts) plays both seats of a two-player game.

    MCTSBot searches the true state it is given, hidden cards included: it shows that
    OpenSpiel algorithms run on the adapter, not how well a fair player would do.
    """
    game = load("currents", players=2)
    rng = np.random.RandomState(7)
    bots = [
        mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=20,
            evaluator=mcts.RandomRolloutEvaluator(1, rng),
            random_state=rng,
        )
        for _ in range(2)
    ]
    state = game.new_initial_state()
    state.apply_action(5)
    decisions = 0
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
        decisions += 1
    assert state.engine_state.is_terminal and state.engine_state.winners
    assert sorted(state.returns()) == [-1.0, 1.0]
    assert decisions > 4


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_resample_from_infostate_keeps_what_the_player_knows(
    name: str, options: dict[str, Any]
) -> None:
    game = load(name, **options)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for decisions in (0, 5, 30):
        state = random_state(game, decisions, decisions)
        if state.is_terminal():
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()


def test_ismcts_bot_plays_currents_without_peeking() -> None:
    """OpenSpiel's information-set MCTS, resampling the hidden cards through the adapter."""
    game = load("currents", players=2)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 10, random_state=rng)
    state = game.new_initial_state()
    state.apply_action(2)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.engine_state.is_terminal and sorted(state.returns()) == [-1.0, 1.0]
