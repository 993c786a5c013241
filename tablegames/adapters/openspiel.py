"""OpenSpiel Python games for every registered game, ``python_tablegames_<name>``.

Importing this module registers each game of :data:`tablegames.GAMES` with OpenSpiel as
``python_tablegames_<name>`` (:func:`register_games` registers games added later).
The games are written against the engine contract only:

- **Parameters** are the game's options, each as a parameter that survives OpenSpiel's
  game strings (:mod:`tablegames.adapters.parameters`: ``0`` stands for ``None`` in
  ``max_turns``, lists are JSON with ``;`` between items), plus ``seeds`` and
  ``max_game_length`` (below). :func:`parameters` and :func:`load_game` take the
  engine's own option values.
- **Actions**: one index per move the game can ever offer, from
  :meth:`tablegames.Game.action_space`; ``action_to_string`` gives the move's notation
  (for Poohsticks, the hand positions paying).
- **Chance** (``EXPLICIT_STOCHASTIC``). The engine draws every random event (the deal,
  each reshuffle, each die) from the seed carried in its state, so all of a game's luck
  is fixed once its seed is. The first node of every game is therefore an explicit
  chance node choosing the seed, uniformly among ``0 .. seeds - 1`` (``seeds=1024`` by
  default), and action ``s`` there is ``game.initial_state(seed=s)``. The OpenSpiel game
  is the tablegames game restricted to those deals; raise ``seeds`` for more of them.
  Explicit chance keeps states replayable from their history and lets algorithms that
  enumerate chance outcomes work; ``SAMPLED_STOCHASTIC`` is no option for a Python game
  anyway, as OpenSpiel (2.0.2) cannot serialise one ("GetRNGState unimplemented").
- **Information**: imperfect whenever the game has chance or hidden cards. No player
  sees the seed, which also fixes later reshuffles and rolls, so even Resistor (open
  board, dice) is not perfect information in OpenSpiel's sense: the full state holds
  the future of every random event.
- **Observations** are strings (no tensors): ``observation_string(p)`` is the JSON of
  ``state.observation(p)`` (other players' cards hidden); ``information_state_string(p)``
  adds the notation of every move made so far (all moves are played face up in these
  games; the view's per-decision ``events`` are left out there, the moves say it).
  Observers for all players' private information give the full state's JSON;
  public-only observers are not offered. ``resample_from_infostate`` deals the unseen
  cards afresh (the engine's ``determinize``), so ``ISMCTSBot`` can search without
  peeking.
- **Utility**: 1 for a win, -1 for a loss, 0 for a draw, at the end only. Zero-sum
  when ``game.zero_sum`` (two players who cannot share a win), general-sum otherwise.
- **Length**: OpenSpiel needs a bound on the number of decisions and some of the games
  have none (Card Chess units can move to and fro for ever). The parameter
  ``max_game_length`` (1000 by default) ends a game after that many decisions with the
  engine's returns of an unfinished game (0 for everyone): a draw.

States wrap immutable engine states, so cloning shares them instead of copying; a state
pickles (and serialises through ``pyspiel.serialize_game_and_state``) as the engine's
JSON plus its move history.

>>> import pyspiel
>>> from tablegames.adapters import openspiel  # registers the games
>>> game = pyspiel.load_game("python_tablegames_currents", {"players": 2})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 5965, 1024)
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True
>>> state.apply_action(7)
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()[:2]]
(1, ['AC>N', 'AC>E'])
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pyspiel

import tablegames as tg
from tablegames.adapters.parameters import Codec

#: Seeds the chance node chooses among, unless the ``seeds`` parameter says otherwise.
SEEDS = 1024
#: Decisions after which a game is cut off as a draw, unless ``max_game_length`` says.
MAX_GAME_LENGTH = 1000
PREFIX = "python_tablegames_"


def short_name(game_name: str) -> str:
    """The OpenSpiel name of a tablegames game: ``python_tablegames_<name>``."""
    return PREFIX + game_name


# ---- parameters ---------------------------------------------------------------------


def codecs(cls: type[tg.Game]) -> dict[str, Codec]:
    """How each option of a game class travels as a parameter."""
    return {o.name: Codec(o) for o in cls.option_table}


def parameter_specification(cls: type[tg.Game]) -> dict[str, Any]:
    """The OpenSpiel parameters of a game class, with their defaults."""
    spec = {name: c.default for name, c in codecs(cls).items()}
    if cls.info.chance:
        spec["seeds"] = SEEDS
    spec["max_game_length"] = MAX_GAME_LENGTH
    return spec


def parameters(game_name: str, **options: Any) -> dict[str, Any]:
    """The OpenSpiel parameters standing for the engine ``options`` of ``game_name``
    (``seeds`` and ``max_game_length`` pass through).

    >>> parameters("poohsticks", players=3, length=5, shape=["##", "#.", "##"])
    {'players': 3, 'length': 5, 'shape': '["##";"#.";"##"]'}
    """
    table = codecs(tg.GAMES[game_name])
    return {k: table[k].encode(v) if k in table else v for k, v in options.items()}


def load_game(game_name: str, **options: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a tablegames game with engine options (and ``seeds`` or
    ``max_game_length``).

    >>> load_game("poohsticks", players=3, max_turns=60).num_players()
    3
    """
    return pyspiel.load_game(short_name(game_name), parameters(game_name, **options))


@functools.lru_cache(maxsize=64)
def _make(name: str, options_json: str) -> tg.Game:
    """The engine game (shared: games are immutable) for a name and JSON options."""
    return tg.make(name, **json.loads(options_json))


# ---- game ---------------------------------------------------------------------------


def _game_type(cls: type[tg.Game], game: tg.Game) -> pyspiel.GameType:
    """The game type; its utility depends on the options (``game.zero_sum``)."""
    info = cls.info
    gt = pyspiel.GameType
    zero_sum = game.zero_sum
    chance = gt.ChanceMode.EXPLICIT_STOCHASTIC if info.chance else gt.ChanceMode.DETERMINISTIC
    return pyspiel.GameType(
        short_name=short_name(cls.name),
        long_name=f"tablegames {info.title}",
        dynamics=gt.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=(
            gt.Information.IMPERFECT_INFORMATION
            if info.chance or info.hidden_information
            else gt.Information.PERFECT_INFORMATION
        ),
        utility=gt.Utility.ZERO_SUM if zero_sum else gt.Utility.GENERAL_SUM,
        reward_model=gt.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=parameter_specification(cls),
    )


class TablegamesGame(pyspiel.Game):  # type: ignore[misc]
    """A tablegames game as an OpenSpiel game (made by ``pyspiel.load_game``); one
    subclass per engine game (:data:`GAME_CLASSES`) names it in ``engine_class``."""

    engine_class: type[tg.Game]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = self.engine_class
        params = {**parameter_specification(cls), **(params or {})}
        table = codecs(cls)
        unknown = sorted(set(params) - set(table) - {"seeds", "max_game_length"})
        if unknown:
            raise ValueError(f"unknown parameter(s) {unknown} for {short_name(cls.name)}")
        options = {name: c.decode(params[name]) for name, c in table.items()}
        self.tg_game = _make(cls.name, json.dumps(options, sort_keys=True))
        self.space = self.tg_game.action_space()
        self.seeds: int = params.get("seeds", 0) if cls.info.chance else 0
        self.max_length: int = params["max_game_length"]
        if cls.info.chance and self.seeds < 1:
            raise ValueError(f"parameter seeds must be a positive integer, not {self.seeds}")
        if self.max_length < 1:
            raise ValueError(
                f"parameter max_game_length must be a positive integer, not {self.max_length}"
            )
        zero_sum = self.tg_game.zero_sum
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=self.seeds,
            num_players=self.tg_game.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(cls, self.tg_game), info, params)

    def new_initial_state(self) -> TablegamesState:
        return TablegamesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        return Observer(iig_obs_type, params)


# ---- state --------------------------------------------------------------------------


class _Node:
    """An engine state with the moves that led to it: immutable, so clones share it
    (``deepcopy`` returns it) and it pickles as JSON."""

    __slots__ = ("_legal", "moves", "state")

    def __init__(self, state: tg.State, moves: tuple[str, ...]) -> None:
        self.state = state
        self.moves = moves
        self._legal: dict[int, Any] | None = None

    def legal(self, space: Any) -> dict[int, Any]:
        if self._legal is None:
            self._legal = space.legal(self.state) if not self.state.is_terminal else {}
        return self._legal

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        g = self.state.game
        options = json.dumps(g.options_json(), sort_keys=True)
        return (_node_from_json, (g.name, options, self.state.to_json(), self.moves))


def _node_from_json(
    name: str, options_json: str, data: dict[str, Any], moves: tuple[str, ...]
) -> _Node:
    return _Node(_make(name, options_json).state_from_json(data), tuple(moves))


class TablegamesState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state of a tablegames game: before the deal (a chance node), or an
    engine state and the moves that led to it."""

    def __init__(self, game: TablegamesGame) -> None:
        super().__init__(game)
        self.node: _Node | None = None
        if not game.seeds:
            self.node = _Node(game.tg_game.initial_state(seed=0), ())

    def _game(self) -> TablegamesGame:
        g: TablegamesGame = self.get_game()
        return g

    @property
    def engine_state(self) -> tg.State | None:
        """The engine state (None before the deal)."""
        return None if self.node is None else self.node.state

    def current_player(self) -> int:
        if self.node is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.node.state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        if self.node is None or player != self.current_player():
            return []
        return sorted(self.node.legal(self._game().space))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = self._game().seeds
        return [(s, 1.0 / seeds) for s in range(seeds)]

    def _apply_action(self, action: int) -> None:
        game = self._game()
        if self.node is None:
            if not 0 <= action < game.seeds:
                raise ValueError(f"the deal is a seed from 0 to {game.seeds - 1}, not {action}")
            self.node = _Node(game.tg_game.initial_state(seed=int(action)), ())
            return
        move = self.node.legal(game.space).get(action)
        if move is None:
            game.space.move(self.node.state, action)  # raises IllegalMove, naming the legal ones
        self.node = _Node(self.node.state.apply(move), (*self.node.moves, str(move)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self._game().space.labels[action]

    def is_terminal(self) -> bool:
        node = self.node
        if node is None:
            return False
        return node.state.is_terminal or len(node.moves) >= self._game().max_length

    def returns(self) -> list[float]:
        if self.node is None:
            return [0.0] * self._game().tg_game.num_players
        return [float(r) for r in self.node.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TablegamesState:
        """A state that ``player_id`` cannot tell from this one, for searches such as
        OpenSpiel's ``ISMCTSBot``: the engine's determinization deals the cards the player
        has not seen at random, and a fresh seed decides the future shuffles and rolls.
        (A game without hidden cards keeps its position and only gets the fresh seed.)"""
        game = self._game()
        other = TablegamesState(game)
        if self.node is None:
            return other
        state = self.node.state
        seed = int(probability_sampler() * 2**48)
        if state.game.info.hidden_information:
            sample = state.game.determinize(state.observation(player_id), seed)
        else:
            sample = state.game.state_from_json({**state.to_json(), "seed": seed})
        other.node = _Node(sample, self.node.moves)
        return other

    def __str__(self) -> str:
        if self.node is None:
            return f"before the deal: one of {self._game().seeds} seeds"
        return str(self.node.state)


# ---- observations -------------------------------------------------------------------


class Observer:
    """String observations (see the module docstring); no tensor."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.all_players = False
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            if private == pyspiel.PrivateInfoType.NONE or not iig_obs_type.public_info:
                raise ValueError(
                    "tablegames observations include the public information and the "
                    "observing player's own cards (or every player's); public-only or "
                    "private-only observations are not offered"
                )
            self.all_players = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: TablegamesState, player: int) -> None:
        """Nothing to fill: these observations have no tensor."""

    def string_from(self, state: TablegamesState, player: int) -> str:
        node = state.node
        if node is None:
            return "before the deal"
        view = node.state.to_json() if self.all_players else node.state.observation(player)
        if self.perfect_recall:  # the moves made tell what happened: no need for the events
            view = {"moves": list(node.moves), "view": {**view, "events": []}}
        return json.dumps(view, separators=(",", ":"), sort_keys=True)


# ---- registration -------------------------------------------------------------------

#: The OpenSpiel game class registered for each engine game, by engine name.
GAME_CLASSES: dict[str, type[TablegamesGame]] = {}


def register_games() -> list[str]:
    """Register every game of :data:`tablegames.GAMES` not yet registered; their names.

    Each game is registered as a class of its own: OpenSpiel aborts the interpreter at
    exit when a registered creator is a closure or a ``functools.partial``.
    """
    done = []
    for name, cls in tg.GAMES.items():
        if name in GAME_CLASSES:
            continue
        game_class = type(
            f"{cls.__name__}Spiel",
            (TablegamesGame,),
            {"engine_class": cls, "__module__": __name__, "__doc__": f"{cls.info.title}."},
        )
        pyspiel.register_game(_game_type(cls, cls()), game_class)
        GAME_CLASSES[name] = game_class
        done.append(short_name(name))
    return done


register_games()
