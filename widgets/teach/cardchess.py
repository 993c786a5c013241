"""What the Card Chess walkthrough calls: positions on a known surface, a unit's moves
drawn and said in a sentence, what a move did told in words, refusals with cards written
as people write them (``10♠``, not ``TS``), the units of a stack from the bottom up.

Built on the engine's public API (``state_from_json``, ``reachable``, ``events``,
``covered``) and the scene's ``reach_scene``; nothing here knows a rule.

>>> unit("QD")
'the red queen'
>>> say("the unit on top of f6 is QD; TS below it is covered")
'the unit on top of f6 is Q♦; 10♠ below it is covered'
"""

from __future__ import annotations

import re
from typing import Any

import tablegames as tg
from tablegames.bots import RandomBot
from tablegames.cardchess import CardChessGame, CardChessState
from tablegames.cardchess.moves import cell_index
from tablegames.cardchess.scene import reach_scene
from tablegames.cards import is_red, pretty
from tablegames.puzzles import load_set
from tablegames.scene import to_svg
from tablegames.svg import Picture

from ..play import PlayWidget

SIDES = ("red", "black")
RANK_NAMES = {"K": "king", "Q": "queen", "J": "jack", "T": "ten"}

#: The walkthrough's surface: the start areas face down (4s, 6s to 9s and aces, never
#: seen), the terrain a checkerboard of colours, rank 6 first as on the board.
SURFACE = [
    ["4C", "6C", "7C", "8C", "9C", "AC"],  # rank 6, black's back rank (face down)
    ["4S", "6S", "7S", "8S", "9S", "AS"],  # rank 5 (face down)
    ["2C", "3D", "5S", "2H", "3C", "5D"],  # rank 4, terrain: a4 c4 e4 black
    ["5H", "2S", "3H", "5C", "2D", "3S"],  # rank 3, terrain: a3 c3 e3 red
    ["4D", "6D", "7D", "8D", "9D", "AD"],  # rank 2 (face down)
    ["4H", "6H", "7H", "8H", "9H", "AH"],  # rank 1, red's back rank (face down)
]

_CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b")


def colour(card: str) -> str:
    """``'red'`` for hearts and diamonds, ``'black'`` for clubs and spades."""
    return "red" if is_red(card) else "black"


def unit(card: str) -> str:
    """A unit in words: ``'the red queen'``."""
    return f"the {colour(card)} {RANK_NAMES[card[0]]}"


def say(text: str) -> str:
    """``text`` with every card code written as on the card (``QD`` -> ``Q♦``)."""
    return _CODE.sub(lambda m: pretty(m[0]), text)


def terrain(state: CardChessState) -> None:
    """Print which terrain cards (ranks 3 and 4) are red and which black."""
    cards = [card for rank in state.to_json()["surface"][2:4] for card in rank]
    for side in SIDES:
        mine = [pretty(card) for card in cards if colour(card) == side]
        print(f"{len(mine)} {side} terrain cards: {', '.join(mine)}")


def position(units: str, to_move: str = "red") -> CardChessState:
    """A hand-built position on :data:`SURFACE`. ``units`` lists the stacks, separated by
    commas, each a cell then its units bottom first: ``"a1 TD, f6 TS QD"`` puts 10♦ on
    a1 and Q♦ on 10♠ on f6. ``to_move`` is ``'red'`` or ``'black'``. Everything else
    takes the defaults of the ruling ``hand_built_defaults``.

    >>> position("a1 TD, f6 TS QD, b2 JD, c1 KD, d1 KH, e1 JH, f1 TH, e2 QH, a6 TC, "
    ...          "b6 JC, c6 KC, d6 KS, e5 JS, c5 QC, e4 QS").stacks[5]
    ('TS', 'QD')
    """
    stacks = {cell: cards for cell, *cards in (part.split() for part in units.split(","))}
    data = {"surface": SURFACE, "units": stacks, "current_player": SIDES.index(to_move)}
    state = CardChessGame().state_from_json(data)
    assert isinstance(state, CardChessState)
    return state


def moves_from(state: CardChessState, cell: str) -> Picture:
    """Say where the unit on ``cell`` may move, and draw it: the unit framed in orange,
    the cells it may reach in blue."""
    cells = state.reachable(cell)
    top = state.to_json()["units"][cell][-1]
    where = ", ".join(cells) if cells else "nowhere"
    print(f"{unit(top).capitalize()} on {cell} may move to {len(cells)} cells: {where}.")
    return Picture(to_svg(reach_scene(state, cell_index(cell))))


def told(state: CardChessState) -> CardChessState:
    """Say what the last decision did, from the state's events; return the state."""
    for e in state.events:
        cards = [card or "" for card in e.cards]
        if e.kind == "move":
            print(f"{unit(cards[0]).capitalize()} moves {e.where}.")
        elif e.kind == "cover":
            print(f"It covers {unit(cards[1])} ({pretty(cards[1])}) on {e.where}.")
        elif e.kind == "uncover":
            print(f"{unit(cards[0]).capitalize()} on {e.where} is uncovered and free again.")
        elif e.kind == "place":
            side = SIDES[e.player].capitalize()
            print(f"{side} places {unit(cards[0])} ({pretty(cards[0])}) on {e.where}.")
        elif e.kind == "start":
            print(f"The set-up is over; {SIDES[e.player]} makes the first move.")
        elif e.kind == "win":
            print(f"{str(e.where).capitalize()} wins: both enemy kings are covered.")
        else:
            print(f"{e.kind}: {say(str(e.to_json()))}")
    return state


def refused(state: CardChessState, text: str) -> None:
    """Try the move ``text`` and print why the engine refuses it (or that it is legal)."""
    try:
        state.apply(state.parse_move(text))
    except tg.IllegalMove as refusal:
        echo, _, why = str(refusal).partition(": ")
        print(f"{text}: refused, {say(why)}" if why else f"Refused: {say(echo)}")
    else:
        print(f"{text} is legal.")


def stack(state: CardChessState, cell: str) -> None:
    """Print the stack on ``cell`` from the bottom up, saying which units are covered."""
    for card in state.to_json()["units"][cell]:
        status = "covered" if state.covered(card) else "not covered"
        print(f"{pretty(card)}, {unit(card)}: {status}")


def pick(play: PlayWidget, cell: str) -> PlayWidget:
    """Click the unit on ``cell`` on a play widget's board, as a reader would (the unit
    framed in orange, the cells it may reach in green), so the picture a stored notebook
    keeps shows the click; returns the widget, to display."""
    rect = play.board.key_rect(("from", cell_index(cell)))
    if rect is None:
        raise ValueError(f"no cell {cell} on the board")
    x, y, w, h = rect
    play.board.click_at(x + w / 2, y + h / 2)
    return play


def place_the_rest(state: CardChessState, seed: int = 1) -> CardChessState:
    """A progressive set-up finished from ``state`` by two random bots (seeded), one
    placement each in turn; prints how many units they placed."""
    bots = (RandomBot(seed), RandomBot(seed + 1))
    placed = 0
    while state.phase == "setup":
        state = state.apply(bots[state.current_player].choose(state))  # type: ignore[arg-type]
        placed += 1
    print(f"The bots placed {placed} units; {SIDES[state.current_player]} moves first.")
    return state


def three_puzzles() -> list[dict[str, Any]]:
    """Three puzzles of the shipped Card Chess set, of as many kinds as it has: the first
    of each kind, then the next ones in the set's order (works with any regenerated set)."""
    puzzles: list[dict[str, Any]] = load_set("cardchess")["puzzles"]
    firsts = list({p["kind"]: p for p in reversed(puzzles)}.values())[::-1]
    chosen = firsts[:3] + [p for p in puzzles if p not in firsts]
    return sorted(chosen[:3], key=puzzles.index)
