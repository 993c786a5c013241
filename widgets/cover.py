"""The "pass the device" cover of a hotseat table (one device, several people).

In a game with hidden cards (``game.info.hidden_information``) played by two or more
humans on one screen, each person may see only their own hand. :class:`PassDevice`
keeps the board showing the view of the human seat to move (``viewer=seat``) and,
whenever the decision passes to another human seat, covers the board: the canvas draws
a plain plate saying "Pass the device to <seat>" instead of the position (the cards are
not drawn under it, so nothing of the previous seat's hand stays on the canvas), the
move list and move buttons are emptied, and one button, "I am <seat>: show my cards",
lifts the cover for that seat. Bots' turns keep the last human's view; at the end of the
game every card shows. A game without hidden cards, or with a single human, has no
cover.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from ipycanvas import Canvas
from ipywidgets import Button, Layout

import tablegames as tg

if TYPE_CHECKING:
    from .play import PlayWidget

#: The move list's only entry while the board is covered.
COVERED = "(covered: pass the device)"
#: The plate's colours: a card back's blue, with light writing.
PLATE = "#1f3a5f"
PLATE_INK = "#f5f5f5"


def covers(game: tg.Game, seats: list[Any]) -> bool:
    """Whether a hotseat of ``seats`` at ``game`` needs the cover: hidden cards and at
    least two human seats."""
    return bool(game.info.hidden_information) and sum(s == "human" for s in seats) >= 2


def cover_text(name: str) -> str:
    """What the cover says, for the seat named ``name``."""
    return f"Pass the device to {name}"


def reveal_label(name: str) -> str:
    """The label of the button that lifts the cover for the seat named ``name``."""
    return f"I am {name}: show my cards"


def draw_cover(c: Canvas, width: float, height: float, text: str) -> None:
    """Paint the whole canvas ``c`` with the cover plate and ``text`` in its middle."""
    c.fill_style = PLATE
    c.fill_rect(0, 0, width, height)
    c.fill_style = PLATE_INK
    c.font = "bold 22px 'DejaVu Sans', Arial, sans-serif"
    c.text_align = "center"
    c.text_baseline = "middle"
    c.fill_text(text, width / 2, height / 2 - 14)
    c.font = "15px 'DejaVu Sans', Arial, sans-serif"
    c.fill_text("(the cards are hidden until they press the button below)", width / 2,
                height / 2 + 16)  # fmt: skip


def cover_svg(width: float, height: float, text: str) -> str:
    """The cover as an SVG picture (a covered board's static picture)."""
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:g}' height='{height:g}'>"
        f"<rect x='0' y='0' width='{width:g}' height='{height:g}' fill='{PLATE}'/>"
        f"<text x='{width / 2:g}' y='{height / 2:g}' fill='{PLATE_INK}' "
        f"text-anchor='middle' font-size='22'>{html.escape(text)}</text></svg>"
    )


class PassDevice:
    """The cover of one :class:`~tablegames_widgets.play.PlayWidget` (see the module
    docstring). ``shown`` is the human seat whose view the board shows (None: nobody's
    yet); ``waiting`` the seat the device is being passed to while covered."""

    def __init__(self, play: PlayWidget) -> None:
        self.play = play
        self.shown: int | None = None
        self.waiting: int | None = None
        self.button = Button(button_style="primary", tooltip="Show the hand of the seat to move",
                             layout=Layout(width="auto"))  # fmt: skip
        self.button.add_class("tablegames-reveal")
        self.button.on_click(lambda _b: self.reveal())

    def reset(self) -> None:
        """A new game or position: the next human to decide gets the device afresh."""
        self.shown = None
        self.waiting = None

    def update(self, state: tg.State) -> bool:
        """Cover the board if ``state`` passes the decision to another human (or no human
        has taken the device yet), else set the viewpoint to the seat shown (every card
        once the game is over); True when covered: nothing else may show then."""
        board = self.play.board
        self.waiting = None
        if state.is_terminal:
            board.covered, board.viewer = None, None
            return False
        p = state.current_player
        human = self.play.seats[p] == "human"
        if (human and p == self.shown) or (not human and self.shown is not None):
            board.covered, board.viewer = None, self.shown
            return False
        name = board.player_name(p)
        if human:
            self.waiting = p
            board.covered = cover_text(name)
            self.button.description = reveal_label(name)
        else:  # a bot moves before any human has taken the device
            board.covered = f"Waiting for {name}'s first move"
        return True

    def show(self) -> None:
        """Show the covered table: the plate, no move to choose, the button to lift it."""
        play = self.play
        play.board.show(play.state)  # draws the plate, never the position
        play.buttons.children = (self.button,) if self.waiting is not None else ()
        play.moves.options = [(COVERED, COVERED)]
        play.moves.index = 0
        play.moves.disabled = play.play_selected.disabled = play.hint_button.disabled = True
        play._say(self.message())

    def message(self) -> str:
        """What the message line says while covered."""
        if self.waiting is None:
            return f"{self.play.board.covered}…"
        return f"{self.play.board.covered}, then press “{self.button.description}”."

    def refuses(self) -> bool:
        """True (and the person told so) while the board is covered."""
        if self.play.board.covered is None:
            return False
        self.play._say(self.message(), error=True)
        return True

    def reveal(self) -> None:
        """The person at the device says they are the seat waited for: show their view."""
        if self.waiting is None:
            return
        self.shown, self.waiting = self.waiting, None
        self.play.board.covered = None
        self.play.board.viewer = self.shown
        play = self.play
        play.input.reset()
        play._refresh(play.input.outcome(play.state))
        play.controls.play.value = play.controls.slider.value = len(play.history) - 1
