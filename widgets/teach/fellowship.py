"""What the Fellowship of the Ring walkthrough calls: positions written compactly,
the engine's answers said in sentences (moves, events, counts, refusals) and the
pictures of its rules (the ring with arrows and marks, the strength chart).

Everything here reads the engine's public API (``legal_moves``, ``events``,
``counts``, ``observation``, the game's scene) and prints or draws it; nothing changes
a state except ``apply``.

>>> import tablegames as tg
>>> cards(["TH", "AS", "RJ"])
'10♥ A♠ the joker'
>>> s = position(tg.make("fellowship"), "2C 3C 4C 5C 3H 6C 7C 8C 9C TC QC KC RJ,KS",
...              ["JS 9S", "2D"])
>>> count(s)
Stacks by top card: 12 black, 1 red.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

import tablegames as tg
from tablegames import style
from tablegames.cards import SUIT_NAMES, is_red, pretty
from tablegames.fellowship.layout import Layout
from tablegames.fellowship.moves import NEIGHBOURS
from tablegames.fellowship.scene import state_scene
from tablegames.fellowship.state import FellowshipState, beats
from tablegames.scene import Arrow, Card, Rect, Scene, Text, to_svg
from tablegames.svg import Picture

from ..play import PlayWidget

#: the ranks in the strength chart, weakest number first and the ace last
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")


def cards(codes: Iterable[str | None]) -> str:
    """Card codes as a reader writes them: ``['KD', 'TS']`` -> ``'K♦ 10♠'``."""
    said = ["(hidden)" if c is None else "the joker" if c == "RJ" else pretty(c) for c in codes]
    return " ".join(said) or "nothing"


def plural(n: int, word: str) -> str:
    """``1 stack``, ``2 stacks``: a count with its noun."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def side(role: str | None) -> str:
    """A player's side in words: black, red, a suit's name, or 'not known yet'."""
    if role is None:
        return "not known yet"
    return SUIT_NAMES.get(role, role)


def position(
    game: tg.Game, circle: str, hands: Sequence[str], pile_top: str = "", **extra: Any
) -> FellowshipState:
    """A hand-built position from a short text: the 13 stacks of ``circle`` separated by
    spaces (a stack's cards bottom to top, joined by commas: ``2S,5C,KD``), each hand a
    string of codes; ``pile_top`` names the draw pile's first cards (the others follow in
    deck order); ``extra`` keys as in docs/fellowship-json.md (``turn``, ``roles``...).
    Without ``pile_top`` the cards not mentioned go into a shuffled draw pile."""
    data: dict[str, Any] = {
        "circle": [stack.split(",") for stack in circle.split()],
        "hands": [hand.split() for hand in hands],
        **extra,
    }
    if pile_top:
        used = {c for part in (circle.replace(",", " "), *hands, pile_top) for c in part.split()}
        rest = [c for c in game.card_deck() if c not in used]
        data["draw_pile"] = pile_top.split() + rest
    state: FellowshipState = game.state_from_json(data)  # type: ignore[assignment]
    return state


def moves(state: FellowshipState, place: int | None = None) -> None:
    """Say which moves the player to move has (only those touching ``place``, if given):
    the captures, the joker to cover, and how many moves that makes with the hand."""
    legal = [m for m in state.legal_moves() if place is None or place in (m.src, m.dst)]
    pairs = sorted({(m.src, m.dst) for m in legal if m.kind == "capture"})
    covers = sorted({m.dst for m in legal if m.kind == "cover"})
    where = "" if place is None else f" touching place {place}"
    who = f"Player {state.current_player}"
    said = ", ".join(f"{a} onto {b}" for a, b in pairs) or "none"
    print(f"{who}'s captures{where} ({len(pairs)}): {said}.")
    if covers:
        print(f"{who} may also cover the joker at place {covers[0]}.")
    print(
        f"Each is played with one of the {plural(len(state.hand), 'card')} in hand "
        f"({cards(state.hand)}): {plural(len(legal), 'move')} in all."
    )


def tell(state: FellowshipState) -> None:
    """Say in words what happened since the last decision (the state's events)."""
    for e in state.events:
        print(_event(e))


#: The events told in one fixed sentence, with the player (``{who}``), the place
#: (``{where}``) and the cards (``{cards}``) filled in; :func:`_event` tells the others.
SAID = {
    "fill": "{who} fills the gap at place {where} with the {cards}.",
    "cover": "{who} covers the joker at place {where} with the {cards}.",
    "no_move": "{who} has no capture and no joker to cover: the game ends here.",
    "no_cards": "{who} has no card left to fill a gap: the game ends here.",
    "win": "{who} wins.",
    "tie": "Nobody wins: the count is a draw.",
    "stalemate": (
        "Nobody wins: the Jack of Spades was never drawn, so nobody has a colour (stalemate)."
    ),
}


def _event(e: Any) -> str:
    who = f"Player {e.player}"
    said = SAID.get(e.kind)
    if said is not None:
        return said.format(who=who, where=e.where, cards=cards(e.cards))
    if e.kind == "reshuffle":
        return (
            f"The Jack of Spades was dealt into the ring: it went back among the {e.value[0]} "
            "undealt cards, they were shuffled, and the next card took its place."
        )
    if e.kind == "capture":
        src, dst = e.where.split(">")
        height = e.value[0]
        top = cards(e.cards[:1])
        mover = f"the {top}" if height == 1 else f"the stack of {height} ({top} on top)"
        return f"{who} moves {mover} from place {src} onto the {cards(e.cards[1:])} at place {dst}."
    if e.kind == "draw":
        return f"{who} draws {plural(len(e.cards), 'card')}: {cards(e.cards)}."
    if e.kind == "reveal" and e.cards:
        return (
            f"{who} plays the Jack of Spades into the ring: now everyone knows "
            f"{who.lower()} is black."
        )
    if e.kind == "reveal":
        return f"{who}'s side is revealed: {side(e.where)}."
    return f"{e.kind}: {e.to_json()}"


def count(state: FellowshipState) -> None:
    """Say how many stacks show each colour (or suit) on top and, once the game is over,
    who has won."""
    tally = state.counts().items()
    if state.game.num_players == 2:
        shown = ", ".join(f"{n} {side(k)}" for k, n in tally)
    else:
        shown = ", ".join(f"{side(k)} on {plural(n, 'stack')}" for k, n in tally)
    print(f"Stacks by top card: {shown}.")
    if state.is_terminal:
        winners = sorted(state.winners)
        names = " and ".join(f"player {p}" for p in winners)
        print(f"Winner: {names}." if winners else "No winner.")


def jack_of_spades(record: tg.Record) -> str:
    """Who got the Jack of Spades in a recorded two-player game, and how: dealt in a
    first hand or drawn on a turn (the walkthrough must not say "drew" for a dealt
    jack). Read from the hands of the replayed states.

    >>> jack_of_spades(tg.Record("fellowship", seed=3))
    'player 1 was dealt the Jack of Spades'
    """
    for turn, state in enumerate(record.states()):
        for p, held in enumerate(cast(FellowshipState, state).hands):
            if "JS" in held:
                if turn == 0:
                    return f"player {p} was dealt the Jack of Spades"
                return f"player {p} drew the Jack of Spades on turn {turn}"
    return "nobody drew the Jack of Spades"


def refuse(state: FellowshipState, text: str) -> None:
    """Try the move written ``text`` and print the engine's reason for refusing it (the
    same sentence a play page shows)."""
    try:
        state.parse_move(text)
        print(f"{text}: legal.")
    except tg.IllegalMove as refusal:
        print(f"Refused: {refusal}")


def meetings(state: FellowshipState) -> None:
    """Say, for every two neighbouring stacks, why neither captures the other (same
    colour, or same suit with three or four players; equal ranks), or which one can:
    how a reader checks that a ring is stuck."""
    same = "suit" if state.game.num_players > 2 else "colour"
    kinds: dict[str, list[str]] = {f"the same {same}": [], "equal ranks": [], "a capture": []}
    tops = state.tops
    for a in range(len(tops)):
        b = (a + 1) % len(tops)
        pair = f"{a}-{b} ({cards([tops[a]])} {cards([tops[b]])})"
        alike = tops[a][-1] == tops[b][-1] if same == "suit" else is_red(tops[a]) == is_red(tops[b])
        if "RJ" in (tops[a], tops[b]):
            kinds["a capture"].append(pair)  # the uncovered joker: either neighbour takes it
        elif alike:
            kinds[f"the same {same}"].append(pair)
        elif tops[a][0] == tops[b][0]:
            kinds["equal ranks"].append(pair)
        else:
            kinds["a capture"].append(pair)
    for kind, pairs in kinds.items():
        if pairs:
            print(f"Neighbours with {kind} ({len(pairs)}): {', '.join(pairs)}.")


def pick(play: PlayWidget, *places: int) -> PlayWidget:
    """Click the stacks at ``places`` on a play widget's board, as a reader would (the
    picked stacks framed in orange, what may follow framed in green), so the picture a
    stored notebook keeps shows the clicks; returns the widget, to display."""
    for place in places:
        rect = play.board.key_rect(("stack", place))
        if rect is None:
            raise ValueError(f"no place {place} on the board")
        x, y, w, h = rect
        play.board.click_at(x + w / 2, y + h / 2)
    return play


def neighbours(place: int) -> tuple[int, int]:
    """The two places next to ``place`` (the ring wraps round: 12 is next to 0)."""
    return NEIGHBOURS[place]


def picture(
    state: FellowshipState,
    arrow: tuple[int, int] | None = None,
    places: Iterable[int] = (),
    hand: Iterable[str] = (),
    viewer: int | None = None,
    note: str = "",
) -> Picture:
    """The position as the game draws it, with what the text points at: an ``arrow``
    from one place to another (a capture), ``places`` ringed, ``hand`` cards ringed in
    their hands, a ``note`` written under it; ``viewer`` draws what that player sees."""
    scene = state_scene(state, viewer=viewer)
    lay = Layout(40.0, state.game.num_players)
    mark = style.HIGHLIGHT
    for i in places:
        x, y, w, h = lay.stack_rect(i)
        scene.overlay.append(Rect(x - 4, y - 4, w + 8, h + 8, stroke=mark, width=3, radius=6))
    wanted = set(hand)
    for p, held in enumerate(state.hands):
        for k, card in enumerate(held[:5]):
            if card in wanted:
                x, y, w, h = lay.hand_rect(p, k)
                scene.overlay.append(
                    Rect(x - 3, y - 3, w + 6, h + 6, stroke=mark, width=3, radius=5)
                )
    if arrow is not None:  # inside the ring, clear of the cards and the place numbers
        cx, cy = lay.center
        (x1, y1), (x2, y2) = (lay.stack_center(i) for i in arrow)
        shrink = 0.66
        scene.overlay.append(
            Arrow(
                cx + (x1 - cx) * shrink,
                cy + (y1 - cy) * shrink,
                cx + (x2 - cx) * shrink,
                cy + (y2 - cy) * shrink,
                width=4,
            )
        )
    if note:
        scene.height += 30
        scene.overlay.append(Text(12, scene.height - 10, note, 15, bold=True))
    return Picture(to_svg(scene))


def seen_by(state: FellowshipState, player: int) -> Picture:
    """The picture as ``player`` sees it: the other hands face down, unknown sides as ?."""
    return picture(state, viewer=player)


def strength_chart() -> Picture:
    """Which card captures which, as a chart of cards: the black card of each row, moved
    onto the red card of each column, captures it where the square is green. Suits do not
    matter for strength; only colour (or suit) decides whether two cards may meet."""
    cw, ch, step, left, top = 26.0, 36.0, 31.0, 44.0, 74.0
    n = len(RANKS)
    width, height = left + n * step + 16, top + n * step + 40
    scene = Scene(width, height, "Strength: which top card captures which")
    out = scene.pieces
    out.append(Text(left, 16, "captured card (below) →", 13, style.MUTED))
    out.append(Text(12, top + n * step + 28, "↑ moving card (on top)", 13, style.MUTED))
    for k, r in enumerate(RANKS):
        out.append(Card(r + "H", left + k * step + 2, 26, cw, ch))
        out.append(Card(r + "S", 8, top + k * step - 3, cw, ch * 0.8))
    yes, no = "#66bb6a", "#eeeeee"
    for i, a in enumerate(RANKS):
        for j, b in enumerate(RANKS):
            hit = beats(a + "S", b + "H")
            x, y = left + j * step + 2, top + i * step
            out.append(Rect(x, y, cw, cw, yes if hit else no, style.CARD_EDGE, radius=3))
            if hit:
                out.append(Text(x + cw / 2, y + cw * 0.72, "✓", 16, "#ffffff", "middle", bold=True))
    return Picture(to_svg(scene))
