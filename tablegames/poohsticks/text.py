"""Plain-text drawing of a Poohsticks state, for terminals, logs and ``print(state)``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..cards import SUIT_NAMES, pretty

if TYPE_CHECKING:
    from .moves import PoohsticksMove
    from .state import PoohsticksState

BOAT_SUITS = "SDHC"


def cards_words(cards: tuple[str, ...] | list[str]) -> str:
    """Cards as a reader writes them: ``('KH', 'TS')`` -> ``'K♥ 10♠'``."""
    return " ".join(map(pretty, cards))


#: A move as messages say it, by its kind (filled in by :func:`told`).
MOVE_WORDS = {
    "move": "the {boat} boat onto {cell} paying {cards}",
    "power": "the {boat} boat's free move onto {cell}",
    "exit": "leaving the river with {cards}",
    "discard": "discarding {cards}",
    "end": "ending the turn",
}


def told(m: PoohsticksMove, words: Mapping[str, str]) -> str:
    """``m`` in the sentence ``words`` has for its kind, with ``{boat}`` (the suit's name),
    ``{cell}`` and ``{cards}`` (suit symbols) filled in; ``repr(m)`` for a kind it lacks.
    One table of sentences per audience: :data:`MOVE_WORDS`, a board's button labels."""
    said = words.get(m.kind)
    if said is None:
        return repr(m)
    return said.format(boat=SUIT_NAMES.get(m.boat, m.boat), cell=m.cell, cards=cards_words(m.cards))


def move_words(m: PoohsticksMove) -> str:
    """A move in words and suit symbols, for messages a player reads.

    >>> from .moves import parse
    >>> move_words(parse("S>A4 KH 3C")), move_words(parse("exit QD"))
    ('the spades boat onto A4 paying 3♣ K♥', 'leaving the river with Q♦')
    """
    return told(m, MOVE_WORDS)


def river_lines(s: PoohsticksState) -> list[str]:
    """The river, first row at the top: cards, ``##`` rocks, ``??`` face-down bridge cards,
    blanks where the shape has no card, and each boat as ``A♠`` (etc.) beside its card."""
    g = s.game
    w = g.width
    at = {b: p for p, b in enumerate(s.boats) if b is not None}
    out = ["     " + "".join(f"{chr(65 + c):^9}" for c in range(w))]
    for r in range(g.length):
        cells = []
        for c in range(w):
            i = r * w + c
            card = s.river[i]
            if card is None:
                text = ""
            elif i in s.rocks:
                text = "##"
            elif i in s.face_down:
                text = "??"
            else:
                text = pretty(card)
            if i in at:
                text += " " + pretty("A" + BOAT_SUITS[at[i]])
            cells.append(f"{text:^9}")
        out.append(f"{r + 1:>3}  " + "".join(cells).rstrip())
    return out


def board_text(s: PoohsticksState) -> str:
    """River, hands and whose decision it is."""
    lines = river_lines(s)
    lines.append("")
    for p, hand in enumerate(s.hands):
        lines.append(
            f"P{p} ({SUIT_NAMES[BOAT_SUITS[p]]}) hand: {' '.join(map(pretty, hand)) or '-'}"
        )
    lines.append(
        f"draw pile {len(s.draw_pile)}, discard pile {len(s.discard_pile)}, turn {s.turn}, "
        + (f"player {s.player} to decide" if s.player >= 0 else "game over")
    )
    return "\n".join(lines)


def describe(s: PoohsticksState) -> str:
    """One sentence: where each boat is and whose turn it is (or who won)."""
    g = s.game
    parts = []
    for p, b in enumerate(s.boats):
        boat = f"player {p}'s {SUIT_NAMES[BOAT_SUITS[p]]} boat"
        if p in s.exited:
            parts.append(f"{boat} has left the river")
        elif b is None:
            parts.append(f"{boat} waits to enter")
        else:
            parts.append(f"{boat} is on {g.names[b]} (row {b // g.width + 1} of {g.length})")
    if s.is_terminal:
        if len(s.winners) > 1:
            end = "the race ended in a tie between players " + " and ".join(
                map(str, sorted(s.winners))
            )
        elif s.winners:
            end = f"player {next(iter(s.winners))} won the race"
        else:
            end = "the race ended without a winner"
    else:
        end = f"player {s.player} is to play"
    return f"Poohsticks, turn {s.turn + 1}: " + "; ".join(parts) + f"; {end}."
