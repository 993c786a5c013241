"""The bots (random, greedy, MCTS) on every registered game: legal choices only,
reproducible from their seed, a search that never reads hidden cards, and the
determinization it samples from.

Per-game, positions come from a few seeded random moves into a game, so the bots
meet set-up phases, interrupts and mid-game hands alike.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from support.moves import random_walk

import tablegames as tg
from tablegames.bots import GreedyBot, MCTSBot, RandomBot, play_game
from tablegames.core import relative
from tablegames.determinize import InformationSet, visible_cards

NAMES = sorted(tg.GAMES)
HIDDEN = [n for n in NAMES if tg.GAMES[n].info.hidden_information]


#: The turn cap every game offers (Resistor needs it: random ampere players never score
#: and ties add rounds for ever).
MAX_TURNS = 60


def capped(name: str, **options: Any) -> tg.Game:
    """The game with its turn cap, so bot games end."""
    return tg.make(name, **{"max_turns": MAX_TURNS, **options})


def positions(name: str, count: int = 6, seed: int = 0) -> list[tg.State]:
    """Non-terminal positions reached by random moves from several seeds."""
    game = capped(name)
    out = []
    gen = random.Random(seed)
    for k in range(count):
        s = random_walk(game.initial_state(seed + k), gen, gen.randrange(0, 12))
        if not s.is_terminal:
            out.append(s)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_bots_only_choose_legal_moves(name: str) -> None:
    bots = [RandomBot(1), GreedyBot(1), MCTSBot(iterations=30, seed=1, rollout_depth=20)]
    for s in positions(name):
        legal = s.legal_moves()
        for bot in bots:
            assert bot.choose(s) in legal, (bot, s)


@pytest.mark.parametrize("name", NAMES)
def test_bots_play_whole_games_legally(name: str) -> None:
    game = capped(name)
    bots = [MCTSBot(iterations=10, seed=2, rollout_depth=10), GreedyBot(2)]
    bots += [RandomBot(p) for p in range(2, game.num_players)]
    result = play_game(game, bots, seed=3)
    assert result.final.is_terminal
    assert tg.replay(result.record)[-1].to_json() == result.final.to_json()


@pytest.mark.parametrize("name", NAMES)
def test_mcts_with_iterations_is_reproducible(name: str) -> None:
    s = positions(name, 1, seed=5)[0]
    a = MCTSBot(iterations=60, seed=9, rollout_depth=20).analyse(s)
    b = MCTSBot(iterations=60, seed=9, rollout_depth=20).analyse(s)
    assert a.moves == b.moves and a.iterations == 60


def test_mcts_analysis_counts_every_iteration_and_ranks_by_visits() -> None:
    s = tg.make("currents", players=2).initial_state(seed=4)
    a = MCTSBot(iterations=150, seed=1).analyse(s)
    assert sum(m.visits for m in a.moves) == 150
    assert [m.visits for m in a.moves] == sorted((m.visits for m in a.moves), reverse=True)
    assert all(0.0 <= m.win_chance <= 1.0 for m in a.moves)
    assert a.best.move in a.table() and a.mode == "ismcts"


def test_mcts_takes_an_immediate_win() -> None:
    # Card Chess, fixed set-up: play random moves until the side to move can cover the
    # second opposing king at once; UCT must find that move.
    game = tg.make("cardchess", max_turns=400)
    gen = random.Random(0)
    for seed in range(200):
        s = game.initial_state(seed)
        while not s.is_terminal:
            me = s.current_player
            wins = [m for m in s.legal_moves() if me in s.apply(m).winners]
            if wins:
                choice = MCTSBot(iterations=300, seed=0).choose(s)
                assert me in s.apply(choice).winners
                return
            s = s.apply(gen.choice(s.legal_moves()))
    pytest.fail("no position with a winning move found")


def test_mcts_budget_in_seconds_stops() -> None:
    s = tg.make("currents", players=2).initial_state(seed=1)
    a = MCTSBot(iterations=None, seconds=0.05, seed=1).analyse(s)
    assert a.iterations >= 1 and a.seconds < 1.0


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"iterations": None}, "budget"),
        ({"iterations": 0}, "iterations must be 1 or more"),
        ({"seconds": -1.0}, "seconds must be more than 0"),
    ],
)
def test_mcts_refuses_a_bad_budget(kwargs: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        MCTSBot(**kwargs)


def test_mcts_refuses_a_finished_game() -> None:
    result = play_game(capped("currents", players=2), seed=1)
    with pytest.raises(ValueError, match="game is over"):
        MCTSBot(iterations=5).analyse(result.final)


# ---- hidden information ---------------------------------------------------------------


class Poisoned:
    """A state that lets a bot read only what its player could: touching anything but
    the observation and the player's own move list fails the test."""

    ALLOWED = frozenset({"game", "current_player", "is_terminal", "observation", "legal_moves"})

    def __init__(self, state: tg.State) -> None:
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name: str) -> Any:
        if name not in self.ALLOWED:
            raise AssertionError(f"the bot read state.{name}, which may hold hidden cards")
        return getattr(object.__getattribute__(self, "_state"), name)


@pytest.mark.parametrize("name", HIDDEN)
def test_ismcts_never_reads_hidden_information(name: str) -> None:
    for s in positions(name, 4, seed=7):
        me = s.current_player
        # Another truth behind the same observation: hidden cards dealt differently.
        other = InformationSet(s.game, s.observation(me)).sample(random.Random(42))
        assert other.to_json() != s.to_json()
        results = []
        for truth in (s, other):
            bot = MCTSBot(iterations=40, seed=3, rollout_depth=15)
            results.append(bot.analyse(Poisoned(truth)).moves)  # type: ignore[arg-type]
        assert results[0] == results[1]


@pytest.mark.parametrize("name", HIDDEN)
def test_greedy_never_reads_hidden_information(name: str) -> None:
    for s in positions(name, 4, seed=8):
        me = s.current_player
        other = InformationSet(s.game, s.observation(me)).sample(random.Random(43))
        picks = [str(GreedyBot(5).choose(Poisoned(t))) for t in (s, other)]  # type: ignore[arg-type]
        assert picks[0] == picks[1]


def without_events(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k != "events"}


@pytest.mark.parametrize("name", HIDDEN)
def test_determinization_keeps_the_observation_and_every_card(name: str) -> None:
    for s in positions(name, 8, seed=11):
        me = s.current_player
        view = s.observation(me)
        deck = frozenset(s.game.card_deck())
        iset = InformationSet(s.game, view)
        for k in range(3):
            sample = iset.sample(random.Random(k))
            assert without_events(sample.observation(me)) == without_events(view)
            truth_cards = Counter(visible_cards(without_events(s.to_json()), deck))
            assert Counter(visible_cards(without_events(sample.to_json()), deck)) == truth_cards


def test_determinization_deals_the_unseen_cards_at_random() -> None:
    s = tg.make("currents", players=2).initial_state(seed=2)
    iset = InformationSet(s.game, s.observation(0))
    hands = {tuple(iset.sample(random.Random(k)).hands[1]) for k in range(10)}
    assert len(hands) > 5
    assert set(iset.unseen) == set(s.hands[1]) | set(s.draw_pile)


def test_determinization_refuses_an_observation_with_a_duplicated_card() -> None:
    s = tg.make("currents", players=2).initial_state(seed=2)
    view = s.observation(0)
    view["hands"][0][0] = view["hands"][0][1]
    with pytest.raises(tg.InvalidState, match="more than once"):
        InformationSet(s.game, view)


def test_fellowship_unknown_roles_are_sampled_from_the_suits_nobody_is_known_to_hold() -> None:
    s = tg.make("fellowship", players=3).initial_state(seed=1)
    view = s.observation(0)
    assert view["roles"][1] is None and view["roles"][0] is not None
    seen = set()
    for k in range(30):
        roles = InformationSet(s.game, view).sample(random.Random(k)).roles
        assert roles[0] == s.roles[0] and len(set(roles)) == 3
        seen.add(roles[1:])
    assert len(seen) > 2


# ---- evaluations ----------------------------------------------------------------------


def test_relative_scores_sum_to_zero_and_stay_below_a_win() -> None:
    assert relative([1.0, 0.0]) == (0.5, -0.5)
    four = relative([1.0, 0.5, 0.0, 0.5])
    assert abs(sum(four)) < 1e-9 and max(four) <= 0.5


@pytest.mark.parametrize("name", NAMES)
def test_every_game_evaluates_positions_between_minus_one_and_one(name: str) -> None:
    for s in positions(name, 8, seed=13):
        values = s.game.evaluate(s)
        assert len(values) == s.game.num_players
        assert all(-1.0 <= v <= 1.0 for v in values)


def test_currents_evaluation_favours_the_owner_of_the_edge_the_pawn_drifts_to() -> None:
    game = tg.make("currents", players=2)
    s = game.state_from_json(
        {
            "phase": "play",
            "pawn": [4, 7],
            "compass": {"N": "5C", "E": "5D", "S": "5H", "W": "5S"},
            "hands": [["2C", "3C"], ["2D", "3D"]],
        }
    )
    assert s.inspect().destination == (4, 7)  # no current acts: the pawn stays near N
    north_owner = game.owner["N"]
    values = game.evaluate(s)
    assert values[north_owner] > 0 > values[1 - north_owner]


def test_card_chess_samples_its_face_down_cards_from_an_observation() -> None:
    # Face-down cards never change what is legal, yet an observation masks them: a sample
    # keeps everything visible and deals the masked cards among themselves.
    for s in positions("cardchess", 4, seed=21):
        view = s.observation(0)
        sample = InformationSet(s.game, view).sample(random.Random(5))
        assert without_events(sample.observation(0)) == without_events(view)
        assert sorted(map(str, sample.legal_moves())) == sorted(map(str, s.legal_moves()))


def test_resistor_evaluation_rewards_the_score_then_the_climb() -> None:
    game = tg.make("resistor", amperes=2, resistors=1, dead_spaces=0)

    def value(**pieces: Any) -> float:
        base = {"resistors": ["f9"], "amperes": ["b0", "c0"], "scores": [0, 0]}
        s = game.state_from_json({**base, **pieces})
        return game.evaluate(s)[s.ampere_player]

    low, high = value(amperes=["b2", "c0"]), value(amperes=["b15", "c0"])
    charger_far, charger_near = (
        value(chargers=["b17"], amperes=["c0"]),
        value(chargers=["b3"], amperes=["c0"]),
    )
    assert 0 < low < high < charger_far < charger_near
    assert value(scores=[1, 0]) > charger_near  # a point beats any position
    assert value(drained=["d5"], amperes=["c0"]) < value()


def test_resistor_evaluation_reads_its_cache_of_boards_as_it_computed_them() -> None:
    """The progress of a board is kept once computed (searches meet boards again): a
    second evaluation, from the cache, equals the first, and a board's value is that of
    its pieces whatever the scores."""
    from tablegames.resistor import game as resistor_game

    resistor_game._PROGRESS.clear()
    states = positions("resistor", 12, seed=5)
    first = [s.game.evaluate(s) for s in states]
    assert resistor_game._PROGRESS, "nothing was kept"
    assert [s.game.evaluate(s) for s in states] == first
    resistor_game._PROGRESS.clear()
    assert [s.game.evaluate(s) for s in states] == first


def test_evaluation_only_searches_where_playouts_blur() -> None:
    assert tg.GAMES["resistor"].playout_depth == tg.GAMES["cardchess"].playout_depth == 0
    assert tg.GAMES["currents"].playout_depth == 0 and tg.GAMES["currents"].search_exploration < 1
    assert tg.GAMES["fellowship"].playout_depth == 50
