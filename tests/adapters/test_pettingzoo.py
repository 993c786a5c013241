"""The PettingZoo adapter (tablegames.adapters.pettingzoo): PettingZoo's own API and seed
tests for every registered game and variant, and what the adapter promises on top."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from support.variants import variant_id, variants

pytest.importorskip(
    "pettingzoo",
    reason="the pettingzoo extra is not installed (pip install 'tablegames[pettingzoo]')",
)
import numpy as np
from pettingzoo.test import api_test, seed_test

import tablegames as tg
from tablegames.adapters.pettingzoo import TablegamesEnv, decode_observation, env

VARIANTS = variants()
IDS = [variant_id(n, o) for n, o in VARIANTS]
#: api_test's warnings that every environment with a dict observation (observation and
#: action mask) gets, unless PettingZoo lists it by name as one of its classic games.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)
#: Cycles per PettingZoo test: one whole game at least for most games; Card Chess and
#: Resistor games are cut off (the tests stop at num_cycles).
CYCLES = 300


def unexpected(caught: list[warnings.WarningMessage]) -> list[str]:
    return [
        str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
    ]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_pettingzoo_api_test(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, **options), num_cycles=CYCLES)
    assert unexpected(caught) == []


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_pettingzoo_seed_test(name: str, options: dict[str, Any]) -> None:
    seed_test(lambda: env(name, **options), num_cycles=CYCLES)


def play(e: Any, seed: int, chooser: np.random.Generator) -> list[dict[str, Any]]:
    """One game with random legal actions; what ``last()`` gave at each step."""
    e.reset(seed=seed)
    seen = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        seen.append({"agent": agent, "obs": obs, "reward": reward, "done": terminated})
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(chooser.choice(np.flatnonzero(obs["action_mask"]))))
    return seen


def test_observation_is_the_players_own_view() -> None:
    e = env("currents", players=4)
    e.reset(seed=5)
    raw = e.unwrapped
    for agent in raw.agents:
        player = int(agent.split("_")[1])
        view = decode_observation(e.observe(agent))
        assert view == raw.engine_state.observation(player)
        # hidden information stays hidden: only the player's own hand is shown
        hands = view["hands"]
        assert all(c is not None for c in hands[player])
        assert all(c is None for p, h in enumerate(hands) if p != player for c in h)
        assert all(c is None for c in view["draw_pile"])


def test_action_mask_marks_the_legal_moves_of_the_agent_to_act() -> None:
    e = env("fellowship", players=3)
    e.reset(seed=2)
    raw = e.unwrapped
    state = raw.engine_state
    for agent in raw.agents:
        mask = e.observe(agent)["action_mask"]
        if agent == e.agent_selection:
            labels = [raw.action_label(i) for i in np.flatnonzero(mask)]
            assert sorted(labels) == sorted(str(m) for m in state.legal_moves())
        else:
            assert not mask.any()


def test_rewards_are_the_games_returns_at_the_end() -> None:
    e = env("currents", players=2)
    seen = play(e, 11, np.random.default_rng(0))
    final = e.unwrapped.engine_state
    assert final.is_terminal
    last = {s["agent"]: s["reward"] for s in seen if s["done"]}
    assert last == {f"player_{p}": r for p, r in enumerate(final.returns())}
    assert all(s["reward"] == 0 for s in seen if not s["done"])


def test_reset_with_a_seed_deals_that_seed() -> None:
    e = env("poohsticks", players=3)
    e.reset(seed=42)
    assert e.unwrapped.engine_state == tg.make("poohsticks", players=3).initial_state(seed=42)
    e.reset(seed=np.int64(42))
    assert e.unwrapped.seed_used == 42


def test_unseeded_resets_follow_the_last_seed() -> None:
    a, b = env("cardchess"), env("cardchess")
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert a.unwrapped.seed_used == b.unwrapped.seed_used != 3
    assert a.unwrapped.engine_state == b.unwrapped.engine_state


def test_same_seed_same_game() -> None:
    games = [play(env("poohsticks"), 9, np.random.default_rng(1)) for _ in range(2)]
    assert len(games[0]) == len(games[1])
    for x, y in zip(*games):
        assert x["agent"] == y["agent"]
        assert np.array_equal(x["obs"]["observation"], y["obs"]["observation"])


def test_render_gives_the_text_board() -> None:
    e = env("currents", players=2, render_mode="ansi")
    e.reset(seed=1)
    assert e.render() == str(e.unwrapped.engine_state)
    quiet = env("currents", players=2)
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert quiet.render() is None


def test_render_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    e = env("fellowship", render_mode="human")
    e.reset(seed=1)
    e.render()
    assert str(e.unwrapped.engine_state) in capsys.readouterr().out


def test_an_illegal_action_is_refused() -> None:
    e = env("currents", players=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(tg.IllegalMove, match="not legal here"):
        e.step(illegal)
    with pytest.raises(ValueError, match="must act"):
        e.step(None)


def test_max_steps_truncates() -> None:
    e = env("cardchess", max_steps=5)
    e.reset(seed=1)
    steps = 0
    for _agent in e.agent_iter():
        obs, _reward, _terminated, truncated, _info = e.last()
        if truncated:
            assert not obs["action_mask"].any()
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5 and not e.unwrapped.engine_state.is_terminal


def test_bad_environment_arguments() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        env("chess")
    with pytest.raises(ValueError, match="players"):
        env("currents", players=3)
    with pytest.raises(ValueError, match="render_mode"):
        env("currents", render_mode="rgb_array")
    with pytest.raises(ValueError, match="max_steps"):
        env("currents", max_steps=0)
    with pytest.raises(ValueError, match="observation_bytes must be at least 64"):
        env("currents", observation_bytes=10)
    small = env("currents", observation_bytes=100)
    small.reset(seed=1)
    with pytest.raises(ValueError, match="larger observation_bytes"):
        small.observe("player_0")


def test_observations_fit_the_default_vector_with_room() -> None:
    """The largest view of random games stays well inside 4096 bytes."""
    for name, options in VARIANTS:
        e = TablegamesEnv(name, **options)
        e.reset(seed=0)
        for _ in range(150):
            if e.unwrapped.engine_state.is_terminal:
                break
            for agent in e.agents:
                obs = e.observe(agent)["observation"]
                assert np.count_nonzero(obs) < 2048, (name, options)
            e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
