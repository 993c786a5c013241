"""Currents' game object: options, metadata and the initial state."""

from __future__ import annotations

from typing import Any

from .. import rng
from ..cards import standard_deck
from ..core import Game, GameInfo, State, relative
from ..options import Option, boolean, choice, max_turns_option
from ..parts import GameParts
from .builder import CurrentsBuilder  # noqa: F401  (the state's builder: see tablegames.builder)
from .geometry import SIZE, edge_roles
from .influence import edge_prospects
from .rules import CurrentsRules
from .state import ACES, START, CurrentsState, first_state

#: A riptide's direction: where it points (the pawn may not enter it moving against it).
RIPTIDE_DIRECTIONS = ("N", "E", "S", "W")


def _obstacles(v: Any) -> tuple[tuple[int, int] | tuple[int, int, str], ...]:
    """A list of distinct on-board intersections other than the start: ``[x, y]`` blocks
    the intersection, ``[x, y, "N"]`` (or E, S, W) is a riptide pointing that way."""
    if isinstance(v, (str, bytes)) or not hasattr(v, "__iter__"):
        raise ValueError(v)
    out: list[tuple[int, int] | tuple[int, int, str]] = []
    for p in v:
        if isinstance(p, (str, bytes)) or not hasattr(p, "__len__") or len(p) not in (2, 3):
            raise ValueError(p)
        xy = p[0], p[1]
        if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= SIZE for c in xy):
            raise ValueError(p)
        if len(p) == 3:
            if p[2] not in RIPTIDE_DIRECTIONS:
                raise ValueError(p)
            out.append((xy[0], xy[1], p[2]))
        else:
            out.append(xy)
    places = [o[:2] for o in out]
    if len(set(places)) != len(places) or START in places:
        raise ValueError(v)
    return tuple(sorted(out, key=lambda o: o[:2]))


OPTIONS = (
    Option("players", 4, "2 or 4", choice(4, 2), "the three-player board is not supported"),
    Option(
        "jokers",
        0,
        "0, 1 (the red joker) or 2 (both jokers)",
        choice(0, 1, 2),
        "jokers shuffled into the deck; a joker is played to shuffle the compass "
        "(or the currents: see wild_jokers)",
    ),
    Option(
        "wild_jokers",
        "off",
        "'off' (a joker shuffles the compass), 'currents' (it shuffles the currents), "
        "'split' (the red joker the compass, the black one the currents; needs jokers=2) or "
        "'both' (a joker shuffles both); anything but 'off' needs jokers",
        choice("off", "currents", "split", "both"),
        "the optional rule's 'really wild jokers': what a played joker shuffles",
    ),
    Option("easier_usurping", False, "True or False", boolean, "an equal rank also replaces"),
    Option(
        "combination_attacks",
        False,
        "True or False",
        boolean,
        "after a demotion, the same turn may replace the card again with another suit",
    ),
    Option(
        "obstacles",
        (),
        "a list of distinct intersections with 0 <= x, y <= 8, not the start [4, 4]: [x, y] "
        "blocks it, [x, y, d] with d one of 'N', 'E', 'S', 'W' is a riptide pointing that "
        "way (the pawn may not enter it moving against d)",
        _obstacles,
        "a pawn whose destination is blocked, or a riptide it would enter against its "
        "direction, stays where it is",
    ),
    max_turns_option(
        "each player's turn (its Move phase ends it)",
        "a goaltender's decision inside another player's turn is part of that turn, and the "
        "set-up placements are not turns",
    ),
    Option(
        "p0_edges",
        "NS",
        "'NS' (player 0 owns north and south) or 'EW'; two players only",
        choice("NS", "EW"),
        "in a two-player game, the pair of opposite goal edges player 0 chose; player 1 "
        "has the other pair",
    ),
)


class CurrentsGame(Game):
    """Currents (Jason McIntosh): push the pawn off your goal edge by playing currents.

    >>> import tablegames as tg
    >>> game = tg.make("currents", players=4)
    >>> state = game.initial_state(seed=7)
    >>> state.phase, state.current_player, len(state.legal_moves())
    ('setup', 3, 16)
    """

    name = "currents"
    info = GameInfo(
        name="currents",
        title="Currents",
        min_players=2,
        max_players=4,
        chance=True,
        hidden_information=True,
        rules="currents.txt",
        length_bound="none in the rules; the max_turns option caps the turns of a game",
    )
    option_table = OPTIONS
    ladder_rungs = ("random", "greedy", "guided:100")
    parts = GameParts.of(
        serialize="tablegames.currents.serialize",
        text="tablegames.currents.text",
        scene="tablegames.currents.scene",
        action_space="tablegames.currents.actions",
        puzzles="tablegames.currents.puzzle",
        board="tablegames_widgets.currents.board:CurrentsBoard",
    )
    # the options, set as attributes by Game.__init__
    players: int
    easier_usurping: bool
    combination_attacks: bool
    wild_jokers: str
    max_turns: int | None
    rules: CurrentsRules

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self._options
        if o["wild_jokers"] != "off" and o["jokers"] == 0:
            raise ValueError(
                f"option wild_jokers={o['wild_jokers']!r} needs jokers in the deck: "
                "set jokers=1 or jokers=2"
            )
        if o["wild_jokers"] == "split" and o["jokers"] != 2:
            raise ValueError(
                "option wild_jokers='split' gives each joker its own job, so it needs jokers=2"
            )
        if o["p0_edges"] != "NS" and o["players"] != 2:
            raise ValueError("option p0_edges applies to two players only (players=2)")
        #: blocking obstacles: intersections the pawn never enters
        self.obstacle_set = frozenset(ob for ob in o["obstacles"] if len(ob) == 2)
        #: riptides: intersection -> the direction it points (see :func:`rules.stopped_by`)
        self.riptides: dict[tuple[int, int], str] = {
            (ob[0], ob[1]): ob[2] for ob in o["obstacles"] if len(ob) == 3
        }
        self.owner, self.goaltender = edge_roles(self.players, o["p0_edges"])
        #: who places each ace during set-up, in order (reverse turn order from the last player)
        self.setup_order: tuple[int, ...] = (3, 2, 1, 0) if self.players == 4 else (1, 1, 0, 0)
        self.deck: tuple[str, ...] = standard_deck(o["jokers"])
        #: the deck without its aces, in deck order: what each new game shuffles and deals
        self.pile: tuple[str, ...] = tuple(c for c in self.deck if c not in ACES)
        #: the switches above that ``apply`` reads, as one compiled-friendly tuple
        self.rules = CurrentsRules(
            self.players,
            self.max_turns,
            self.easier_usurping,
            self.combination_attacks,
            self.wild_jokers,
            self.obstacle_set,
            self.riptides,
            self.owner,
            self.goaltender,
            self.setup_order,
        )

    @property
    def num_players(self) -> int:
        return self.players

    def initial_state(self, seed: int = 0) -> CurrentsState:  # type: ignore[override]
        """Aces aside, three cards dealt to each player, the last player to place an ace
        (see :func:`tablegames.currents.state.first_state`)."""
        return first_state(self, rng.check_seed(seed))

    #: MCTS searches with the evaluation alone and explores little: at 600 iterations it
    #: won 23 of 30 games against the greedy bot so, 15 of 30 with exploration 1.0, and
    #: 20 of 40 with 50-move random playouts (benchmarks/tournament.py measures it).
    playout_depth = 0
    search_exploration = 0.4
    #: The guided search (:class:`tablegames.bots.GuidedMCTSBot`) plays no playouts here
    #: (rollout depth 0, epsilon 0) and grows its tree by greedy priors instead, a node
    #: holding at most ``3 + 1 * sqrt(visits)`` children: about 100 moves a turn spread a
    #: plain search one ply deep, no better than greedy (docs/bots.md).
    guided_playout = (0, 0.0)
    guided_widening = (3.0, 1.0)
    #: Columns this game adds to the rows of :mod:`tablegames.analysis` (``game_rows``,
    #: ``simulate``): column and the kind of event it counts over a game.
    event_columns = (
        ("asks", "ask"),  # a goaltender was asked (they held enough cards of the suit)
        ("saves", "defend"),  # ... and stopped the pawn on the edge
        ("declines", "decline"),  # ... and let it cross
        ("undefendable", "no_defence"),  # a crossing nobody could be asked to stop
        ("reshuffles", "reshuffle"),
        ("demotions", "demote"),
        ("jokers", "joker"),
        ("blocked", "blocked"),  # the pawn's destination was an obstacle
    )
    #: Columns counting the decisions with at least one event of a kind (``game_rows``):
    #: threats are Move phases that would carry the pawn off the board.
    decision_columns = (("threats", "cross"),)
    #: Hidden cards lie only in the hands and the draw pile (tests/bots/test_determinize.py
    #: holds the redealt samples to the ones read from JSON).
    samples_by_redeal = True

    def evaluate(self, state: State) -> tuple[float, ...]:
        """Where the currents carry the pawn next: the nearer that point lies to a
        player's own edges (whose crossing wins for them), the better for that player."""
        if state.is_terminal:
            return state.returns()
        assert isinstance(state, CurrentsState)
        return relative(edge_prospects(state, self.owner, self.players))
