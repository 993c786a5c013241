"""Seeded randomness carried inside states.

A state stores one integer, its generator seed. Each random event builds a
``random.Random`` from it, uses it, and stores a fresh seed drawn from it in the
next state. So states stay immutable, JSON-ready and exactly replayable, and no
module-level generator is ever touched.
"""

from __future__ import annotations

import _random
import random
from typing import Final, TypeVar

T = TypeVar("T")

#: The C seeding under ``random.Random.seed`` (which, for an int, only adds the check of its
#: type and ``gauss_next``).
_seed: Final = _random.Random.seed

#: Seeds stay below 2**52 so they survive a trip through JavaScript numbers.
SEED_BITS = 52


def generator(seed: int) -> random.Random:
    """A generator for one random event of a state whose seed is ``seed``: exactly
    ``random.Random(seed)`` (same state), seeded by the C seeding directly, without the
    interpreted ``Random.__init__`` and ``Random.seed`` that ``Random(seed)`` runs first:
    every new game and every reshuffle makes one."""
    gen = random.Random.__new__(random.Random)
    _seed(gen, seed)
    gen.gauss_next = None  # type: ignore[attr-defined]  # as Random.seed sets it (for gauss())
    return gen


def next_seed(rng: random.Random) -> int:
    """The seed for the next state, drawn from the generator just used."""
    return rng.getrandbits(SEED_BITS)


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``, drawn exactly as it draws (the same number, and the generator
    left the same), without its interpreted call chain: bots pick a random move this way
    on every step of a playout."""
    if n <= 0:
        raise ValueError(f"randbelow() needs a positive bound, not {n}")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, cards: list[T]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (the same draws from
    the generator, so the same order and the same next seed), without its method call per
    card: the engine reshuffles on hot paths (draw piles, playouts)."""
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(cards))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def check_seed(seed: object) -> int:
    """Validate a user-given seed: any int (not bool)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    return seed
