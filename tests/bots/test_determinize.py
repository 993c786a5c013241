"""Samples built by redealing (``Game.samples_by_redeal``: one state read from JSON, the
others made from it with new hands, draw pile and seed) are exactly the samples reading
each from JSON gives, so an information-set search finds the same moves either way."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.moves import random_walk

import tablegames as tg
from tablegames.bots import MCTSBot
from tablegames.determinize import InformationSet

#: Set-ups whose hidden cards differ in number and kind: jokers and four hands in
#: Currents; unknown roles in Fellowship (the Jack of Spades with two players, suits
#: with more); face-down bridge cards and rocks in Poohsticks' river, a shaped river.
CONFIGS: dict[str, dict[str, Any]] = {
    "currents-2p": {"game": "currents", "players": 2},
    "currents-4p": {"game": "currents", "players": 4},
    "currents-4p-jokers2": {"game": "currents", "players": 4, "jokers": 2, "wild_jokers": "both"},
    "currents-combination-attacks": {
        "game": "currents",
        "combination_attacks": True,
        "easier_usurping": True,
    },
    "fellowship-2p": {"game": "fellowship", "players": 2},
    "fellowship-3p": {"game": "fellowship", "players": 3},
    "fellowship-4p": {"game": "fellowship", "players": 4},
    "poohsticks-2p": {"game": "poohsticks", "players": 2},
    "poohsticks-bridge-rocks": {"game": "poohsticks", "players": 3, "bridge": True, "rocks": 3},
    "poohsticks-shaped-powers": {
        "game": "poohsticks",
        "boat_powers": True,
        "shape": ["###", "#.#", "###", ".##", "##."],
    },
}
#: The kinds of decision each game's positions must include.
PHASES = {"currents": {"setup", "play", "defend"}, "fellowship": {"play"}, "poohsticks": {"play"}}
REDEALT = [name for name, cls in sorted(tg.GAMES.items()) if cls.samples_by_redeal]


def observations(game: tg.Game, count: int, seed: int) -> list[tg.State]:
    """Positions from ``count`` seeded random games: every decision outside the play
    phase (Currents' set-up, defence and combo), and every fifth of the play phase."""
    gen = random.Random(seed)
    out = []
    for k in range(count):
        s = game.initial_state(seed * 1000 + k)
        for n in range(80):
            if s.is_terminal:
                break
            if s.phase != "play" or n % 5 == 0:
                out.append(s)
            s = s.apply(gen.choice(s.legal_moves()))
    return out


def read_and_redealt(iset: InformationSet, k: int) -> tuple[tg.State, tg.State]:
    """The sample that ``Random(k)`` deals, read from JSON and redealt."""
    samples = []
    for redeal in (False, True):
        gen = random.Random(k)
        cards = list(iset.unseen)
        gen.shuffle(cards)
        seed = gen.getrandbits(48)
        assert iset._redeal is not None
        samples.append(
            iset._redeal.deal(cards, seed, gen) if redeal else iset.read(cards, seed, gen)
        )
    return samples[0], samples[1]


def test_currents_fellowship_and_poohsticks_sample_by_redeal() -> None:
    assert REDEALT == ["currents", "fellowship", "poohsticks"]


@pytest.mark.parametrize("config", list(CONFIGS))
def test_redealt_samples_are_the_samples_read_from_json(config: str) -> None:
    options = dict(CONFIGS[config])
    game = tg.make(str(options.pop("game")), max_turns=200, **options)
    phases = set()
    hidden = 0
    for s in observations(game, 12, seed=len(config)):
        iset = InformationSet(game, s.observation(s.current_player))
        hidden += len(iset.unseen)
        for k in range(3):
            read, redealt = read_and_redealt(iset, k)
            assert redealt == read
            assert redealt.to_json() == read.to_json()
            assert redealt.legal_moves() == read.legal_moves()
            assert redealt.apply(redealt.legal_moves()[-1]) == read.apply(read.legal_moves()[-1])
        phases.add(s.phase)
    assert PHASES[game.name] <= phases, phases  # these kinds of position were met
    assert hidden > 0


@pytest.mark.parametrize("name", REDEALT)
def test_a_redealt_sample_is_dataclasses_replace_of_the_base(name: str) -> None:
    """A native state's samples are rebuilt from its fields in order (and a Currents
    sample keeps the base's accept board): the same states, with the same legal moves, as
    ``dataclasses.replace``, which a plug-in's dataclass state gets."""
    game = tg.make(name, max_turns=200)
    kept = 0
    for s in observations(game, 4, seed=7):
        iset = InformationSet(game, s.observation(s.current_player))
        assert iset._redeal is not None and iset._redeal._args is not None
        fast = iset.sample(random.Random(1))
        kept += getattr(fast, "_board", None) is not None  # before listing its moves
        iset._redeal._args = None  # the plug-in path
        slow = iset.sample(random.Random(1))
        assert fast == slow and fast.legal_moves() == slow.legal_moves()
    assert (kept > 0) == (name == "currents")


def test_hidden_river_cards_are_redealt_in_poohsticks() -> None:
    """Face-down bridge cards and rocks are dealt anew in each sample, like hands."""
    game = tg.make("poohsticks", players=2, bridge=True, rocks=3)
    s = game.initial_state(4)
    iset = InformationSet(game, s.observation(0))
    assert iset._redeal is not None and "river" in iset._redeal._fields
    hidden = [*s.face_down, *s.rocks]  # type: ignore[attr-defined]
    rivers = {tuple(iset.sample(random.Random(k)).river[c] for c in hidden) for k in range(10)}  # type: ignore[attr-defined]
    assert len(rivers) == 10


def test_only_the_player_to_move_gets_redealt_samples() -> None:
    """Whether a position is valid may hang on the hand of the player to move (who can
    defend an edge): another viewer's samples are each read from JSON and checked."""
    game = tg.make("currents", players=2)
    s = random_walk(game.initial_state(2), random.Random(2), 6)
    assert not s.is_terminal
    assert InformationSet(game, s.observation(s.current_player))._redeal is not None
    assert InformationSet(game, s.observation(1 - s.current_player))._redeal is None


def test_a_redealt_sample_never_shares_its_hidden_cards_with_the_truth_by_reading_them() -> None:
    """The state a redeal starts from is the observation with the unseen cards dealt in
    sorted order, never the true state: a hand it deals differs from the truth as often
    as chance says."""
    game = tg.make("currents", players=2)
    s = random_walk(game.initial_state(7), random.Random(7), 6)
    assert not s.is_terminal
    iset = InformationSet(game, s.observation(s.current_player))
    other = 1 - s.current_player
    hands = [iset.sample(random.Random(k)).hands[other] for k in range(20)]  # type: ignore[attr-defined]
    assert sum(h == s.hands[other] for h in hands) <= 1  # type: ignore[attr-defined]
    assert len(set(hands)) > 15


def test_mcts_finds_the_same_moves_with_redealt_and_read_samples(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = tg.make("currents", players=2)
    states = [random_walk(game.initial_state(k), random.Random(k), 2 * k + 3) for k in range(3)]
    assert not any(s.is_terminal for s in states)
    redealt = [MCTSBot(iterations=150, seed=3).analyse(s).moves for s in states]
    monkeypatch.setattr(type(game), "samples_by_redeal", False)
    read = [MCTSBot(iterations=150, seed=3).analyse(s).moves for s in states]
    assert redealt == read


def test_a_redeal_still_refuses_an_impossible_observation() -> None:
    """The one state read from JSON checks the position: a joker on the compass is
    refused when the information set is made."""
    game = tg.make("currents", players=2, jokers=1)
    s = random_walk(game.initial_state(3), random.Random(3), 6)
    view = s.observation(s.current_player)
    view["compass"]["N"] = "RJ"
    view["hands"][s.current_player] = [c for c in view["hands"][s.current_player] if c != "RJ"]
    with pytest.raises(tg.InvalidState):
        InformationSet(game, view)
