"""Fixed action spaces (tablegames.actions): every registered game and variant numbers
every legal move it meets, each state's legal moves apart, in a fixed order."""

from __future__ import annotations

import random

import pytest
from support.variants import variant_id, variants

import tablegames as tg
from tablegames.actions import ActionSpace, NotationSpace

VARIANTS = variants()
IDS = [variant_id(n, o) for n, o in VARIANTS]
#: Random states checked per variant (whole random games until there are as many), and the
#: decisions after which a game is abandoned.
STATES_PER_VARIANT = 3000
DECISIONS = 300
GAMES_PER_VARIANT = 12


def random_states(game: tg.Game, seed: int) -> list[tg.State]:
    chooser = random.Random(f"actions:{seed}")
    state = game.initial_state(seed)
    out = []
    for _ in range(DECISIONS):
        if state.is_terminal:
            break
        out.append(state)
        moves = state.legal_moves()
        state = state.apply(moves[chooser.randrange(len(moves))])
    return out


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_every_legal_move_has_its_own_action(name: str, options: dict[str, object]) -> None:
    game = tg.make(name, **options)
    space = game.action_space()
    assert isinstance(space, ActionSpace) and len(space) > 0
    states = seed = 0
    while states < STATES_PER_VARIANT:
        for state in random_states(game, seed):
            states += 1
            legal = space.legal(state)  # raises if two moves share an index
            assert list(legal.values()) == state.legal_moves()
            assert all(0 <= index < len(space) for index in legal)
            if isinstance(space, NotationSpace):
                assert all(space.labels[i] == str(m) for i, m in legal.items())
            index = list(legal)[states % len(legal)]
            assert space.move(state, index) == legal[index]
        seed += 1


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_action_space_is_fixed_and_lists_each_action_once(
    name: str, options: dict[str, object]
) -> None:
    space = tg.make(name, **options).action_space()
    assert len(set(space.labels)) == len(space.labels)
    # built once per game, and the same from a fresh game with the same options
    assert tg.make(name, **options).action_space().labels == space.labels
    assert tg.make(name, **options).action_space() is not space
    game = tg.make(name, **options)
    assert game.action_space() is game.action_space()


def test_action_space_sizes() -> None:
    """The sizes the action modules document (Poohsticks numbers hand positions)."""
    sizes = {
        ("currents", ()): 5965,
        ("currents", (("jokers", 2),)): 5969,
        ("fellowship", ()): 2028,
        ("fellowship", (("players", 3),)): 1352,
        ("poohsticks", ()): 95,
        ("poohsticks", (("players", 4),)): 179,
        ("cardchess", ()): 580,
        ("cardchess", (("setup", "progressive"),)): 772,
    }
    for (name, opts), size in sizes.items():
        assert len(tg.make(name, **dict(opts)).action_space()) == size, (name, opts)


def test_an_illegal_action_is_refused_with_the_legal_ones() -> None:
    game = tg.make("currents", players=2)
    state = game.initial_state(seed=1)
    space = game.action_space()
    illegal = next(i for i in range(len(space)) if i not in space.legal(state))
    with pytest.raises(tg.IllegalMove, match="not legal here; the legal actions are"):
        space.move(state, illegal)
    with pytest.raises(tg.IllegalMove, match="out of range"):
        space.move(state, len(space))


def test_a_game_that_declares_no_action_space_says_so() -> None:
    class Plain(tg.Game):
        name = "plain"
        info = tg.GAMES["currents"].info
        option_table = ()
        num_players = 2  # type: ignore[assignment]

        def initial_state(self, seed: int = 0) -> tg.State:
            raise NotImplementedError

        def state_from_json(self, data: object) -> tg.State:  # type: ignore[override]
            raise NotImplementedError

    with pytest.raises(NotImplementedError, match="'plain' declares no action_space: set parts"):
        Plain().action_space()


def test_a_space_refuses_a_label_twice() -> None:
    with pytest.raises(ValueError, match="'end' is there twice"):
        NotationSpace(["a", "end", "end"])


ZERO_SUM = [(n, o) for n, o in VARIANTS if tg.make(n, **o).zero_sum]


@pytest.mark.parametrize(("name", "options"), ZERO_SUM, ids=[variant_id(*v) for v in ZERO_SUM])
def test_zero_sum_games_return_zero_sums(name: str, options: dict[str, object]) -> None:
    """Adapters report a game as zero-sum from ``game.zero_sum``: check it on played games."""
    game = tg.make(name, **options)
    for seed in range(GAMES_PER_VARIANT):
        state = game.initial_state(seed)
        chooser = random.Random(seed)
        for _ in range(3000):
            if state.is_terminal:
                break
            moves = state.legal_moves()
            state = state.apply(moves[chooser.randrange(len(moves))])
        assert sum(state.returns()) == 0.0
