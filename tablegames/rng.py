"""Seeded randomness carried inside states.

A state stores one integer, its generator seed. Each random event builds a
``random.Random`` from it, uses it, and stores a fresh seed drawn from it in the
next state. So states stay immutable, JSON-ready and exactly replayable, and no
module-level generator is ever touched.
"""

from __future__ import annotations

import random

#: Seeds stay below 2**52 so they survive a trip through JavaScript numbers.
SEED_BITS = 52


def generator(seed: int) -> random.Random:
    """A generator for one random event of a state whose seed is ``seed``."""
    return random.Random(seed)


def next_seed(rng: random.Random) -> int:
    """The seed for the next state, drawn from the generator just used."""
    return rng.getrandbits(SEED_BITS)


def check_seed(seed: object) -> int:
    """Validate a user-given seed: any int (not bool)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    return seed
