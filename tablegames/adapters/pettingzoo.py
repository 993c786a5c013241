"""PettingZoo AEC environments for every registered game: ``env("currents", players=2)``.

Each game is a turn-based AEC environment in the style of PettingZoo's classic card and
board games:

- Agents ``player_0`` ... ``player_{n-1}``; the agent to act is the engine's
  ``current_player`` (for a Currents goaltending interrupt, the defender).
- Actions: ``Discrete(len(game.action_space()))``, one index per move the game can ever
  offer (:mod:`tablegames.actions`); :meth:`TablegamesEnv.action_label` names one.
- Observations: a dict with ``"action_mask"`` (``int8``, 1 for each legal action of the
  agent to act, all 0 for the others) and ``"observation"``, the agent's own view
  ``state.observation(player)`` (other players' cards hidden) as compact UTF-8 JSON in
  a zero-padded ``uint8`` vector of ``observation_bytes`` (4096 by default; the largest
  view met in random games of every game is about 1,200). :func:`decode_observation`
  reads it back.
- Rewards: the change of ``state.returns()`` (1 for a win, -1 for a loss, 0 for a draw),
  so they come at the end of the game.
- ``reset(seed=s)`` deals ``game.initial_state(seed=s)``; a later ``reset()`` without a
  seed deals the next seed drawn from ``s``, so a seeded run repeats exactly.
- ``max_steps`` (optional) truncates a game after that many decisions: useful for
  games without a length bound of their own (Card Chess, Resistor).
- ``render()``: the text board (``str(state)``, every card face up: it is the view of
  whoever runs the table), returned for ``render_mode="ansi"``, printed for ``"human"``.

An action that is not legal raises :class:`tablegames.IllegalMove` (listing the legal
ones) instead of ending the game with a penalty.

>>> from tablegames.adapters.pettingzoo import env
>>> e = env("currents", players=2)
>>> e.reset(seed=1)
>>> e.agent_selection, int(e.action_space("player_1").n)
('player_1', 5965)
>>> obs, reward, terminated, truncated, info = e.last()
>>> [e.unwrapped.action_label(i) for i in obs["action_mask"].nonzero()[0][:3]]
['AC>N', 'AC>E', 'AC>S']
"""

from __future__ import annotations

import json
import operator
import random
from typing import Any

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import tablegames as tg
from tablegames import rng

#: Bytes of the JSON observation vector unless ``observation_bytes`` says otherwise.
OBSERVATION_BYTES = 4096
RENDER_MODES = ("human", "ansi")


def env(
    game_name: str,
    *,
    render_mode: str | None = None,
    max_steps: int | None = None,
    observation_bytes: int = OBSERVATION_BYTES,
    **options: Any,
) -> AECEnv:
    """The AEC environment of ``game_name`` with game ``options``, wrapped as PettingZoo's
    classic environments are (an error when it is used before ``reset``)."""
    raw = TablegamesEnv(
        game_name,
        render_mode=render_mode,
        max_steps=max_steps,
        observation_bytes=observation_bytes,
        **options,
    )
    return wrappers.OrderEnforcingWrapper(raw)


def decode_observation(observation: Any) -> dict[str, Any]:
    """The view dict (``state.observation(player)``) held by an observation of :func:`env`
    (the whole observation dict or its ``"observation"`` vector)."""
    if isinstance(observation, dict):
        observation = observation["observation"]
    data = bytes(np.asarray(observation, dtype=np.uint8)).rstrip(b"\0")
    view: dict[str, Any] = json.loads(data.decode("utf-8"))
    return view


class TablegamesEnv(AECEnv):  # type: ignore[misc]
    """One tablegames game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self,
        game_name: str,
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
        observation_bytes: int = OBSERVATION_BYTES,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise ValueError(f"max_steps must be None or a positive integer, not {max_steps!r}")
        if isinstance(observation_bytes, bool) or not isinstance(observation_bytes, int):
            raise ValueError(f"observation_bytes must be an integer, not {observation_bytes!r}")
        if observation_bytes < 64:
            raise ValueError(f"observation_bytes must be at least 64, not {observation_bytes}")
        self.game = tg.make(game_name, **options)
        self.space = self.game.action_space()
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.observation_bytes = observation_bytes
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"tablegames_{game_name}_v0",
            "is_parallelizable": False,
        }
        n = self.game.num_players
        self.possible_agents: list[str] = [f"player_{i}" for i in range(n)]
        self._player = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(len(self.space)) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 255, (observation_bytes,), np.uint8),
                    "action_mask": spaces.Box(0, 1, (len(self.space),), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._seeder: random.Random | None = None
        #: the engine state of the game being played (None before the first reset)
        self.engine_state: tg.State | None = None
        #: the seed of the game dealt by the last reset
        self.seed_used: int | None = None

    # ---- spaces -------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def action_label(self, action: int) -> str:
        """What action index ``action`` means (the move notation, for most games)."""
        return self.space.labels[int(action)]

    # ---- the AEC API --------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            game_seed = rng.check_seed(operator.index(seed))  # NumPy integers too
            self._seeder = random.Random(game_seed)
        else:
            if self._seeder is None:
                self._seeder = random.Random()
            game_seed = self._seeder.getrandbits(rng.SEED_BITS)
        self.seed_used = game_seed
        self._set_state(self.game.initial_state(seed=game_seed))
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._returns = self._state().returns()
        self.agent_selection = self._selected()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: pass an action index, not None")
        index = int(action)
        move = self._legal.get(index)
        if move is None:
            self.space.move(self._state(), index)  # raises IllegalMove, naming the legal ones
        self._cumulative_rewards[agent] = 0.0
        self._set_state(self._state().apply(move))
        self.steps += 1
        returns = self._state().returns()
        self.rewards = {
            a: returns[self._player[a]] - self._returns[self._player[a]] for a in self.agents
        }
        self._returns = returns
        if self._state().is_terminal:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._selected()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self._player[agent]
        state = self._state()
        text = json.dumps(state.observation(player), separators=(",", ":")).encode("utf-8")
        if len(text) > self.observation_bytes:
            raise ValueError(
                f"the {self.game.name} view of {agent} takes {len(text)} bytes, more than "
                f"observation_bytes={self.observation_bytes}: make the environment with a "
                "larger observation_bytes"
            )
        observation = np.zeros(self.observation_bytes, np.uint8)
        observation[: len(text)] = np.frombuffer(text, np.uint8)
        mask = np.zeros(len(self.space), np.int8)
        if player == state.current_player and not self.truncations.get(agent, False):
            mask[list(self._legal)] = 1
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: make the env with one")
            return None
        text = str(self._state())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""

    # ---- helpers ------------------------------------------------------------------

    def _state(self) -> tg.State:
        if self.engine_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.engine_state

    def _set_state(self, state: tg.State) -> None:
        self.engine_state = state
        self._legal = self.space.legal(state) if not state.is_terminal else {}

    def _selected(self) -> str:
        """The agent to act: the engine's current player, or (game over) the first agent."""
        player = self._state().current_player
        if self._state().is_terminal or self.truncations.get(self.agents[0], False):
            return self.agents[0]
        return self.possible_agents[player]
