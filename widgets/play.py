"""Click-to-play for every game: humans click, bots answer.

Clicks become moves through :class:`~tablegames_widgets.move_input.MoveInput` (shared
with the puzzles and the table seats). :class:`PlayWidget` seats humans and bots round a
board.

Bots think off the widget's message handling when ``background`` is on (by default under
Voila, i.e. on play pages): the search runs in a worker thread and its move is applied
back on the kernel's event loop, so the page keeps answering meanwhile. The message line
says who is thinking, a click on the board is refused until the bot has moved, the
history controls still step through the game, and a new game (or position) makes the
pending answer stale, so it is dropped (a generation counter). MCTS seats then search
for at most ``bot_seconds``. Without a running event loop (plain Python, tests, notebooks
run by nbval) bots answer at once, inside the call, so results stay reproducible.
"""

from __future__ import annotations

import asyncio
import copy
import random
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ipywidgets import HTML, Button, Dropdown, HBox, Layout, VBox

import tablegames as tg
from tablegames.bots import Analysis, GreedyBot, MCTSBot, RandomBot
from tablegames.style import MUTED
from tablegames.svg import with_caption

from .board import Key
from .canvas import held
from .controls import Controls
from .cover import PassDevice, covers
from .move_input import MoveInput, Outcome
from .pictured import controls_of
from .preview import attach_previews
from .registry import board_for
from .rows import MoveButtons
from .static import Control, StaticPicture, panel_svg, under_voila
from .status import ERROR, PLAIN, status_html

#: Bots that answer at once: they move inside the call even in background mode.
QUICK_BOTS = (RandomBot, GreedyBot)


#: The move list's only entry when there is nothing to play (the list never shows blank).
NO_MOVE = "(no move: the game is over)"
#: The most moves bots make in a row without a person to decide, when they answer in the
#: call: a table of bots alone may play a game that never ends (Resistor's tied rounds
#: repeat when no turn cap is set), which would hold the kernel for ever. Play stops
#: there and the page says how to go on.
BOT_RUN_LIMIT = 5_000

#: The move list's only entry while a bot searches for its move.
BOT_MOVE = "(a bot is thinking)"


def seat_label(seat: Any) -> str:
    return "human" if seat == "human" else type(seat).__name__


#: The thread bots think in (one for the kernel: searches run one after another, so a
#: stale search never runs beside the next one on the same bot, and the GIL would make
#: two searches no faster anyway). Created on first use.
_THINKER: ThreadPoolExecutor | None = None


#: The least search time a bot's later decision in a turn gets (seconds), when the turn's
#: budget is spent.
MIN_SLICE = 0.05


def _thinker() -> ThreadPoolExecutor:
    global _THINKER
    if _THINKER is None:
        _THINKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tablegames-bot")
    return _THINKER


def time_bounded(seat: Any, seconds: float | None) -> Any:
    """``seat`` with its search bounded by ``seconds``: an MCTS bot without a time budget
    becomes a copy that stops at ``seconds`` or its iterations, whichever comes first
    (of its own class and settings, so a guided bot stays guided, with a generator
    fresh from its seed); any other seat is returned as it is."""
    if seconds is None or not isinstance(seat, MCTSBot) or seat.seconds is not None:
        return seat
    twin = copy.copy(seat)
    twin.seconds = seconds
    twin.rng = random.Random(seat.seed)
    return twin


class PlayWidget(StaticPicture, VBox):  # type: ignore[misc]
    """Play ``game`` on a board: each seat is ``"human"`` or a bot with ``choose(state)``.

    The default seats: player 0 human, the others random bots. All humans share the
    screen (hotseat). Every move is also reachable from the keyboard: the list of
    legal moves with a Play button.

    ``background`` (default: on under Voila) lets bots think in a worker thread while
    the page stays usable (see the module docstring); ``bot_seconds`` then bounds each
    MCTS seat's search (None: its iterations only).

    ``pass_device`` (default: on under Voila, i.e. on play pages): in a game with hidden
    cards and two or more human seats, each human sees only their own hand and the board
    is covered while the device passes between them (see ``cover.py``).
    """

    def __init__(
        self,
        game: tg.Game,
        seats: Sequence[Any] | None = None,
        seed: int = 0,
        background: bool | None = None,
        bot_seconds: float | None = 0.8,
        pass_device: bool | None = None,
        **board_options: Any,
    ) -> None:
        self.game = game
        self.background = under_voila() if background is None else background
        self.bot_seconds = bot_seconds
        self._seat(game, seats, seed)
        self._turn: tuple[int, float] | None = None  # the bot whose turn runs, since when
        self.thinking: int | None = None  #: the player whose bot is searching, if any
        self._generation = 0  # bumped by every new position: older bot answers are stale
        self.seed = seed
        self.history: list[tg.State] = [game.initial_state(seed)]
        humans = [p for p, seat in enumerate(self.seats) if seat == "human"]
        # One human sees only their own hand; at a hotseat table every hand shows.
        board_options.setdefault("viewer", humans[0] if len(humans) == 1 else None)
        on = under_voila() if pass_device is None else pass_device
        self.cover = PassDevice(self) if on and covers(game, self.seats) else None
        if self.cover is not None:  # covered from the first drawing on
            board_options.update(viewer=None, covered="")
        self.board = board_for(self.history[0], **board_options)
        self.input = MoveInput(self.board)
        self.message = HTML()
        self.said = ""  #: the message line's text (the static picture's caption)
        self._said_error = False
        self.message.add_class("tablegames-message")
        self._make_move_controls()
        self.hint_iterations = 300
        self.last_hint: Analysis | None = None
        self.controls = Controls(1, self._review, play_label="Replay")
        self.board.on_click(self._clicked)
        self.board.on_key(self.controls.handle_key)
        super().__init__(
            [
                self.board,
                self.message,
                self.buttons,
                HBox([self.moves, self.play_selected, self.hint_button]),
                self.controls,
            ]
        )
        self.add_class("tablegames-play")
        self.previews = attach_previews(self)  #: what-if previews (preview.py)
        self._advance()

    def _seat(self, game: tg.Game, seats: Sequence[Any] | None, seed: int) -> None:
        """The seats: "human" or a bot (anything with ``choose(state)``); by default player 0
        human and random bots. In background mode MCTS seats get the page's time bound."""
        n = game.num_players
        self.seats: list[Any] = (
            list(seats)
            if seats is not None
            else ["human"] + [tg.RandomBot(f"{seed}:{p}") for p in range(1, n)]
        )
        if len(self.seats) != n:
            raise ValueError(f"{game.name} needs {n} seats, not {len(self.seats)}")
        self._timed: set[int] = set()
        if self.background:
            bounded = [time_bounded(seat, self.bot_seconds) for seat in self.seats]
            # Seats whose time bound is ours to share across a turn's decisions.
            self._timed = {p for p, seat in enumerate(bounded) if seat is not self.seats[p]}
            self.seats = bounded

    def _make_move_controls(self) -> None:
        """The move buttons, the list of every legal move with its Play button, and Hint."""
        self.buttons = MoveButtons(self.play, layout=Layout(flex_flow="row wrap"))
        self.moves = Dropdown(description="Move", tooltip="Every legal move, to play from the "
                              "keyboard", layout=Layout(width="360px"))  # fmt: skip
        self.play_selected = Button(description="Play", tooltip="Play the move chosen in the list")
        self.play_selected.on_click(lambda _b: self._play_from_list())
        self.hint_button = Button(
            description="Hint",
            tooltip="Ask a Monte Carlo tree search for the best move (it sees only your cards)",
        )
        self.hint_button.on_click(lambda _b: self.hint())

    # ---- state -----------------------------------------------------------------------

    @property
    def state(self) -> tg.State:
        return self.history[-1]

    def new_game(self, seed: int | None = None) -> None:
        """Start again (with a new seed if given)."""
        if seed is not None:
            self.seed = seed
        self.history = [self.game.initial_state(self.seed)]
        self._turn = None
        if self.cover is not None:
            self.cover.reset()
        self.input.reset()
        self._advance()

    def restart(self, seats: Sequence[Any], seed: int) -> bool:
        """Start a new game of the same game with new ``seats`` on this very widget, if
        the humans sit where they sat (so the board's viewpoint and the hotseat cover stay
        right); False (nothing changed) otherwise. A play page's New game then redraws
        one board instead of building a new widget tree: measured, about a tenth of the
        kernel's CPU and none of the forty widgets' messages per new game."""
        if [s == "human" for s in seats] != [s == "human" for s in self.seats]:
            return False
        self._seat(self.game, seats, seed)
        self.last_hint = None
        self.new_game(seed)
        if self.said and self.board.covered is None:  # the same board: say it is a new game
            self._say(f"New game. {self.said}")
        return True

    def start_from(self, state: tg.State) -> None:
        """Play on from ``state`` (a position built with ``game.state_from_json`` or edited)."""
        if state.game != self.game:
            raise ValueError(f"the position is from another game: {state.game!r}")
        self.history = [state]
        self._turn = None
        if self.cover is not None:
            self.cover.reset()
        self.input.reset()
        self._advance()

    def play(self, move: Any) -> None:
        """Apply a move for the player to decide (a move object or its notation); refused
        while a bot is thinking or the board is covered."""
        if self._busy() or (self.cover is not None and self.cover.refuses()):
            return
        state = self.state
        try:
            if isinstance(move, str):
                move = state.parse_move(move)
            new = state.apply(move)
        except tg.IllegalMove as exc:
            self._say(str(exc), error=True)
            return
        self.history.append(new)
        self._turn = None
        self.input.reset()
        self._advance()

    def _advance(self, keep_view: bool = False) -> None:
        """Let bots move until a human must decide or the game ends; then redraw (unless
        ``keep_view``: the person looks at an earlier position). In the background a bot's
        turn starts its search and returns (see :meth:`_think`)."""
        self._generation += 1
        self.thinking = None
        made = 0  # bot moves made in the call
        while (made < BOT_RUN_LIMIT and not self.state.is_terminal
               and self.seats[self.state.current_player] != "human"):  # fmt: skip
            bot = self.seats[self.state.current_player]
            loop = self._loop()
            if loop is not None and not isinstance(bot, QUICK_BOTS):
                self._think(loop)
                break
            # Random and greedy bots answer in microseconds: in the call, as one redraw (a
            # burst of background answers made the page's step slider echo old positions)
            self.history.append(self.state.apply(bot.choose(self.state)))
            made += 1
        stopped = made == BOT_RUN_LIMIT and not self.state.is_terminal
        if keep_view:
            self.controls.set_length(len(self.history))
            self._say(f"{self.prompt(self.state)} (press End to return to the game)")
            return
        # Draw first: the slider's observer then finds the board up to date (one redraw).
        self._refresh(self.input.outcome(self.state))
        self.controls.set_length(len(self.history))
        self.controls.play.value = self.controls.slider.value = len(self.history) - 1
        if stopped:
            self._say(
                f"The bots made {made:,} moves in a row and the game has not ended, so play "
                "stopped here (a table of bots alone may never finish). Choose a move and "
                "press Play to let them go on, or start a new game."
            )

    def _loop(self) -> asyncio.AbstractEventLoop | None:
        """The event loop to apply bot moves on, or None to let bots answer at once."""
        if not self.background:
            return None
        try:
            return asyncio.get_running_loop()
        except RuntimeError:  # plain Python: no loop runs, so think in the call
            return None

    def _think(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start the bot to move searching in the worker thread; its answer comes back on
        ``loop`` (the kernel's, where widget messages belong) in :meth:`_answered`. A turn
        of several decisions (Poohsticks' steps) shares one ``bot_seconds`` budget, each
        later decision getting at least :data:`MIN_SLICE`."""
        state = self.state
        self.thinking = p = state.current_player
        now = time.perf_counter()
        if self._turn is None or self._turn[0] != p:
            self._turn = (p, now)
        if p in self._timed and self.bot_seconds is not None:
            spent = now - self._turn[1]
            self.seats[p].seconds = max(self.bot_seconds - spent, MIN_SLICE)
        generation = self._generation
        future = loop.run_in_executor(_thinker(), self.seats[self.thinking].choose, state)
        future.add_done_callback(lambda f: self._answered(generation, state, f))

    def _answered(self, generation: int, state: tg.State, future: asyncio.Future[Any]) -> None:
        """A bot's move is back: apply it, unless the game has moved on since (stale)."""
        if generation != self._generation or future.cancelled():
            return
        self.thinking = None
        error = future.exception()
        if error is not None:
            self._refresh(self.input.outcome(self.state))
            self._say(f"The bot failed to move: {error}", error=True)
            return
        try:
            new = state.apply(future.result())
        except tg.IllegalMove as exc:
            self._say(f"The bot chose an illegal move: {exc}", error=True)
            return
        reviewing = self.controls.index < len(self.history) - 1
        self.history.append(new)
        self.input.reset()
        self._advance(keep_view=reviewing)

    def close(self) -> None:
        """Close the widget; a bot still thinking for it is ignored when it answers."""
        self._generation += 1
        super().close()

    def static_svg(self) -> str:
        """The static picture: what the widget shows now (see ``static.py``): the board
        with its framed places, its caption, the message line and the controls."""
        board = self.board
        keys: tuple[Key, ...] = ()
        if board.covered is None:  # the Resistor board frames single clicks before any
            keys = (*getattr(board, "drawn", {}).get("offered", ()), *board.targets)
        rects = [r for r in map(board.key_rect, keys) if r]
        picked = [r for r in map(board.key_rect, board.selected) if r]
        caption = board.covered if board.covered is not None else board.describe(board.state)
        said = self.said or self.prompt(self.state)
        lines = [(caption, MUTED), (said, ERROR if self._said_error else PLAIN)]
        return panel_svg(board.static_svg(), picked=picked, offered=rects, lines=lines,
                         rows=self._control_rows(), halo=board.frame_halo)  # fmt: skip

    def board_picture(self) -> str:
        """The board as shown, with the message line under it, and no controls: the
        loading screen's picture (drawn buttons would look clickable there)."""
        return with_caption(self.board.static_svg(), self.said or self.prompt(self.state))

    def _control_rows(self) -> list[list[Control]]:
        """The widget's buttons, menu and sliders as the static picture draws them."""
        move_row = [*controls_of(self.moves), *controls_of(self.play_selected),
                    *controls_of(self.hint_button)]  # fmt: skip
        return [controls_of(self.buttons), move_row, *self.controls.static_rows()]

    def __repr__(self) -> str:
        seats = ", ".join(seat_label(s) for s in self.seats)
        return f"<PlayWidget: {self.game.name}, seats {seats}; {self.prompt(self.state)}>"

    # ---- input -------------------------------------------------------------------------

    def _busy(self) -> bool:
        """True (and the person told so) while a bot searches for its move."""
        if self.thinking is None:
            return False
        name = self.board.player_name(self.thinking)
        self._say(f"{name} is thinking… wait for their move.", error=True)
        return True

    def _clicked(self, key: Key) -> None:
        if self.controls.index != len(self.history) - 1:
            self._say("You are looking at an earlier position: press End (or ⏭) to play on.")
            return
        if self.state.is_terminal or self._busy():
            return
        out = self.input.click(self.state, key)
        if out.move is not None:
            self.play(out.move)
        else:
            self._refresh(out)

    def hint(self) -> Analysis | None:
        """Suggest a move for the human to decide: an MCTS search from that player's own
        view (hidden cards sampled, never read). The best move is selected in the list
        and its places highlighted; the message gives the top moves' win chances. In the
        background the search runs in the worker thread (bounded by ``bot_seconds``) and
        None is returned: the hint shows when it is found, unless the game moved on."""
        state = self.state
        if self.cover is not None and self.cover.refuses():
            return None
        if state.is_terminal or self.seats[state.current_player] != "human":
            self._say("A hint is for a human's turn.")
            return None
        loop = self._loop()
        bot = MCTSBot(iterations=self.hint_iterations,
                      seconds=self.bot_seconds if loop is not None else None,
                      seed=f"{self.seed}:hint:{len(self.history)}")  # fmt: skip
        if loop is None:
            return self._show_hint(state, bot.analyse(state))
        generation = self._generation
        self.hint_button.disabled = True
        self._say("Searching for a hint…")
        future = loop.run_in_executor(_thinker(), bot.analyse, state)

        def found(f: asyncio.Future[Analysis]) -> None:
            if generation != self._generation or self.state is not state or f.cancelled():
                return  # the game moved on: the hint is stale
            self.hint_button.disabled = False
            if self.controls.index != len(self.history) - 1:
                self._say("The hint is ready: press End, then Hint, to see it.")
                return
            if f.exception() is not None:
                self._say(f"The hint's search failed: {f.exception()}", error=True)
            else:
                self._show_hint(state, f.result())

        future.add_done_callback(found)
        return None

    def _show_hint(self, state: tg.State, analysis: Analysis) -> Analysis:
        legal = {str(m): m for m in state.legal_moves()}
        best = legal[analysis.best.move]
        self.input.reset()
        self.board.show(state, targets=tuple(self.board.move_keys(best)))
        self.moves.value = best
        others = "; ".join(
            f"{self.board.move_label(legal[m.move])} {100 * m.win_chance:.0f}%"
            for m in analysis.moves[1:3]
        )
        self._say(
            f"Hint: {self.board.move_label(best)} (win chance about "
            f"{100 * analysis.best.win_chance:.0f}% after {analysis.iterations} playouts)"
            + (f"; then {others}." if others else ".")
        )
        self.last_hint = analysis
        return analysis

    def _play_from_list(self) -> None:
        if self.moves.value is not None and self.moves.value not in (NO_MOVE, BOT_MOVE):
            self.play(self.moves.value)

    def _review(self, i: int) -> None:
        """Show position ``i`` of the game; the last one is the game itself, to play on."""
        if self.board.covered is not None:
            return
        if i < len(self.history) - 1:
            self.board.show(self.history[i])
            self._say(f"Position {i} of {len(self.history) - 1} (press End to return to the game).")
        elif self.board.state is not self.state:
            self.input.reset()
            self._refresh(self.input.outcome(self.state))

    def _refresh(self, out: Outcome) -> None:
        """Redraw for the live position: the board, then the move lists (the dropdown and
        the preview list drawn from it) in one drawing batch, one message to the page."""
        with held():
            self._redraw(out)

    def _redraw(self, out: Outcome) -> None:
        state = self.state
        if self.cover is not None and self.cover.update(state):
            self.cover.show()
            return
        self.hint_button.disabled = state.is_terminal or self.seats[state.current_player] != "human"
        self.board.show(state, selected=out.picked, targets=out.targets)
        thinking = self.thinking is not None
        self.buttons.show([] if thinking else out.choices, self.board.move_label)
        legal = state.legal_moves() if not state.is_terminal and not thinking else []
        empty = BOT_MOVE if thinking else NO_MOVE
        with self.moves.hold_sync():  # one message for the list, not three
            self.moves.options = [(self.board.move_label(m), m) for m in legal] or [(empty, empty)]
            self.moves.index = self._first_with(legal, out.picked)
            self.moves.disabled = self.play_selected.disabled = not legal
        hint = self.board.hint(state, out.picked) if out.picked else ""
        self._say(out.message or hint or self.prompt(state), error=bool(out.message))

    def _first_with(self, moves: list[tg.Move], picked: tuple[Key, ...]) -> int:
        """Where the move list starts: at the first move that uses every place picked on
        the board (so the list follows the clicks), else at its top."""
        keys = self.board.move_keys
        return next((i for i, m in enumerate(moves) if set(picked) <= set(keys(m))), 0)

    def prompt(self, state: tg.State) -> str:
        """What the player to decide should do (or the result)."""
        if state.is_terminal:
            won = sorted(state.winners)
            names = [self.board.player_name(p) for p in won]
            if not self.board.player_names:  # "player 1", mid-sentence
                names = [n.lower() for n in names]
            return (f"Game over: {' and '.join(names)} won." if won
                    else "Game over: no winner.")  # fmt: skip
        p = state.current_player
        who = f"{self.board.player_name(p)} ({seat_label(self.seats[p])})"
        if self.thinking == p and state is self.state:
            return f"{who} is thinking…"
        hint = getattr(self.board, "prompt", None)
        return f"{who}: {hint(state) if callable(hint) else 'your move.'}"

    def _say(self, text: str, error: bool = False) -> None:
        self.said = text
        self._said_error = error
        self.message.value = status_html(text, ERROR if error else PLAIN)
