"""A seat at a shared table: the board as that seat sees it, its moves, and the others'
moves as they are played on other devices.

:class:`SeatWidget` holds one :class:`~tablegames.tables.Seat` (a table and a token) and
only ever the seat's own :class:`~tablegames.tables.View` (see ``drawing.py``: another
seat's cards never reach this kernel). A click is turned into a move as on the play
pages (:class:`~tablegames_widgets.move_input.MoveInput`) and sent with
``store.play(table, token, move, ply)``, naming the ply it was chosen at: a move that
comes too late (someone moved first, in another tab or on another device) is refused,
and the page says so and shows the table as it is; nothing is lost.

The others' moves arrive through a follower thread that waits on the store
(``store.wait``: SQLite is polled every 5 to 50 ms, PostgreSQL notifies) and hands each
new view to the kernel's event loop, so the page keeps answering clicks meanwhile and a
move made elsewhere shows within a fraction of a second. Bots at the table move through
the store (``wait`` plays a due bot, once per turn whichever page asks), in that thread,
never on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import threading
import time
from typing import Any

from ipywidgets import HTML, Button, Dropdown, HBox, Layout, VBox

import tablegames as tg
from tablegames.tables import GameOver, NotYourTurn, Seat, StaleMove, TableError, View

from ..board import Key
from ..move_input import MoveInput, Outcome
from ..registry import board_for
from ..rows import MoveButtons
from ..status import ERROR, PLAIN, status_html
from .drawing import seat_state

#: The move list's only entry when this seat has nothing to play.
NOT_YOUR_TURN = "(not your turn)"
#: ... and once the game is over.
GAME_OVER = "(the game is over)"

CSS = """
<style>
.tablegames-seat .seat-head { margin: 0 0 6px 0; }
.tablegames-seat .seat-head h2 { font-size: 1.3em; margin: 0.1em 0 0.2em 0; }
.tablegames-seat .seat-head .who { color: #333; }
.tablegames-seat .seat-head .you { font-weight: bold; color: #1565c0; }
.tablegames-seat .seat-head .last { color: #555; font-size: 0.95em; }
</style>
"""


class SeatWidget(VBox):  # type: ignore[misc]
    """One seat's page at a shared table (see the module docstring).

    ``follow`` starts the follower thread (default: when the kernel's event loop runs,
    as under Voila; tests call :meth:`refresh` instead). ``board_options`` go to the
    game's board (``square``, ``four_colour``).
    """

    def __init__(
        self,
        seat: Seat,
        *,
        follow: bool | None = None,
        poll_timeout: float = 5.0,
        **board_options: Any,
    ) -> None:
        self.seat = seat
        self.store = seat.store
        self.poll_timeout = poll_timeout
        self.closed = False
        self.view: View = seat.view()
        state, viewer = seat_state(self.view)
        self.state = state
        self.board = board_for(state, viewer=viewer, **board_options)
        self.input = MoveInput(self.board)
        self.head = HTML()
        self.head.add_class("seat-head")
        self.message = HTML()
        self.message.add_class("tablegames-message")
        self.said = ""
        self.buttons = MoveButtons(self.play, layout=Layout(flex_flow="row wrap"))
        self.moves = Dropdown(description="Move", tooltip="Every move you may play now, to "
                              "play from the keyboard", layout=Layout(width="360px"))  # fmt: skip
        self.play_selected = Button(description="Play", tooltip="Play the move chosen in the list")
        self.play_selected.on_click(lambda _b: self._play_from_list())
        self.board.on_click(self._clicked)
        self.follower: threading.Thread | None = None
        self.shown_at = time.monotonic()  #: when the last view was shown (for tests)
        parts = [self.head, self.board, self.message, self.buttons]
        if self.view.seat is not None:
            parts.append(HBox([self.moves, self.play_selected]))
        super().__init__(parts)
        self.add_class("tablegames-seat")
        self._refresh(self._fresh())
        if follow is None:
            follow = _running_loop() is not None
        if follow:
            self.start_following()

    # ---- the table's state ------------------------------------------------------------

    @property
    def your_turn(self) -> bool:
        return self.view.your_turn

    def show(self, view: View, force: bool = False) -> None:
        """Show ``view`` if it is newer than the one shown (``force``: the same ply too,
        to clear a pick). Older views, which the follower may hand over late, and the
        follower's copy of a move this page made itself are not drawn again."""
        if self.closed or view.ply < self.view.ply or (view.ply == self.view.ply and not force):
            return
        self.view = view
        self.state, _viewer = seat_state(view)
        self.input.picked = ()
        self.shown_at = time.monotonic()
        self._refresh(self._fresh())

    def _fresh(self) -> Outcome:
        """What the board offers with nothing picked: on this seat's turn, the moves
        made without clicks (buttons); else nothing."""
        if self.view.your_turn and not self.view.finished:
            return self.input.outcome(self.state)
        return Outcome()

    def refresh(self) -> View:
        """Read the table again from the store and show it."""
        view = self.seat.view()
        self.show(view, force=True)
        return view

    # ---- moves --------------------------------------------------------------------------

    def play(self, move: Any) -> View | None:
        """Send ``move`` (a move or its notation) for this seat, chosen at the ply shown.
        A refusal (someone moved first, not this seat's turn, game over, an illegal move)
        is shown on the message line, and the board shows the table as it is."""
        if self.view.seat is None:
            self._say("You are watching this table: spectators cannot move.", error=True)
            return None
        try:
            view = self.store.play(
                self.seat.table, self.seat.token, str(move), self.view.ply, advance=False
            )
        except (StaleMove, NotYourTurn, GameOver) as exc:
            self._refused(str(exc))
            return None
        except tg.IllegalMove as exc:  # the game's own refusal: the table did not move
            self._say(str(exc), error=True)
            return None
        except TableError as exc:
            self._say(str(exc), error=True)
            return None
        except Exception as exc:  # the database is unreachable: nothing was played
            self._say(f"Your move could not be sent ({exc}); try again.", error=True)
            return None
        self.show(view)
        if self.follower is None:
            self.store.advance(self.seat.table)  # no follower thread: bots answer here
            self.refresh()
        return view

    def _refused(self, reason: str) -> None:
        with contextlib.suppress(TableError):
            self.refresh()
        text = f"Your move was not played: {reason}. The board now shows the table as it is."
        self._say(text, error=True)

    def _clicked(self, key: Key) -> None:
        view = self.view
        if view.seat is None:
            self._say("You are watching this table: spectators cannot move.")
            return
        if view.finished:
            self._say(self._prompt(view))
            return
        if not view.your_turn:
            who = self.board.player_name(view.to_move)
            self._say(f"It is {who}'s turn: wait for their move.", error=True)
            return
        out = self.input.click(self.state, key)
        if out.move is not None and str(out.move) in view.legal_moves:
            self.play(out.move)
        else:
            self._refresh(out)

    def _play_from_list(self) -> None:
        if self.moves.value not in (None, NOT_YOUR_TURN):
            self.play(self.moves.value)

    # ---- following the table ------------------------------------------------------------

    def start_following(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        """Start the follower thread; each new view is shown on ``loop`` (default: the
        running loop, the kernel's)."""
        loop = loop or _running_loop()
        if loop is None:
            raise RuntimeError("following a table needs a running event loop (the kernel's)")
        if self.follower is not None or self.view.finished:
            return  # already following, or nothing more will happen at this table
        self.follower = threading.Thread(
            target=self._follow, args=(loop,), name="tablegames-table", daemon=True
        )
        self.follower.start()

    def _follow(self, loop: asyncio.AbstractEventLoop) -> None:
        ply = self.view.ply
        failures = 0
        while not self.closed:
            try:
                view = self.store.wait(
                    self.seat.table, self.seat.token, ply, timeout=self.poll_timeout
                )
                failures = 0
            except Exception as exc:  # the database went away: say so, try again
                failures += 1
                text = f"Lost touch with the table ({exc}); trying again…"
                loop.call_soon_threadsafe(self._say, text, True)
                time.sleep(min(0.2 * failures, 2.0))
                continue
            if view is None:
                continue
            ply = view.ply
            loop.call_soon_threadsafe(self.show, view)
            if view.finished:
                return

    def close(self) -> None:
        """Stop following the table and close the widget."""
        self.closed = True
        super().close()

    # ---- what the page says -------------------------------------------------------------

    def _refresh(self, out: Outcome) -> None:
        view = self.view
        mine = view.your_turn and not view.finished
        self.board.show(self.state, selected=out.picked if mine else (),
                        targets=out.targets if mine else ())  # fmt: skip
        legal = [m for m in out.choices if str(m) in view.legal_moves] if mine else []
        self.buttons.show(legal, self.board.move_label)
        if mine:
            moves = {str(m): m for m in self.state.legal_moves()}
            items = [(self.board.move_label(moves[n]) if n in moves else n, n)
                     for n in view.legal_moves]  # fmt: skip
        else:
            items = [(GAME_OVER if view.finished else NOT_YOUR_TURN, NOT_YOUR_TURN)]
        self.moves.options = items
        self.moves.index = 0
        self.moves.disabled = self.play_selected.disabled = not mine
        self.head.value = CSS + self._head(view)
        hint = self.board.hint(self.state, out.picked) if mine and out.picked else ""
        self._say(out.message or hint or self._prompt(view), error=bool(out.message))

    def _name(self, p: int) -> str:
        return self.board.player_name(p)

    def _head(self, view: View) -> str:
        title = tg.GAMES[view.game].info.title if view.game in tg.GAMES else view.game
        seats = []
        for p, kind in enumerate(view.seats):
            who = "you" if p == view.seat else ("human" if kind == "human" else f"{kind} bot")
            text = f"{html.escape(self._name(p))} ({html.escape(who)})"
            seats.append(f"<span class='you'>{text}</span>" if p == view.seat else text)
        you = ("You are watching (spectator)." if view.seat is None
               else f"You play {html.escape(self._name(view.seat))}.")  # fmt: skip
        last = ""
        if view.last_move is not None:
            p, move = view.last_move
            label = self._label(move)
            said = f"<span class='label'>: {html.escape(label)}</span>" if label else ""
            last = (f"<div class='last'>Move {view.ply}: {html.escape(self._name(p))} "
                    f"played <code>{html.escape(move)}</code>{said}</div>")  # fmt: skip
        return (
            f"<div class='seat-state' data-ply='{view.ply}' data-finished='{int(view.finished)}'>"
            f"<h2>{html.escape(title)}: table {html.escape(view.table)}</h2>"
            f"<div class='who'>{you} Seats: {', '.join(seats)}.</div>{last}</div>"
        )

    def _label(self, notation: str) -> str:
        """A move in words, as the board labels its buttons ('' if it cannot say)."""
        move_type = getattr(self.state, "move_type", None)
        if move_type is None:
            return ""
        try:
            label = str(self.board.move_label(move_type.from_notation(notation)))
        except Exception:  # a notation this board cannot put in words: the notation alone
            return ""
        return "" if label == notation else label

    def _prompt(self, view: View) -> str:
        if view.finished:
            if not view.winners:
                return "Game over: no winner."
            if view.seat is not None and view.seat in view.winners:
                others = [self._name(p) for p in view.winners if p != view.seat]
                return "Game over: you won" + (f" with {' and '.join(others)}." if others else "!")
            names = " and ".join(self._name(p) for p in view.winners)
            return f"Game over: {names} won."
        who = self._name(view.to_move)
        if view.your_turn:
            prompt = getattr(self.board, "prompt", None)
            return f"Your move: {prompt(self.state) if callable(prompt) else 'choose a move.'}"
        kind = view.seats[view.to_move]
        if kind != "human":
            return f"{who} ({kind} bot) is choosing a move…"
        return f"Waiting for {who} to move…"

    def _say(self, text: str, error: bool = False) -> None:
        self.said = text
        self.message.value = status_html(text, ERROR if error else PLAIN)

    def __repr__(self) -> str:
        who = "spectator" if self.view.seat is None else f"seat {self.view.seat}"
        return f"<SeatWidget: {self.view.game} table {self.view.table}, {who}, ply {self.view.ply}>"


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
