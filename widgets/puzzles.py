"""Puzzles on a board: pose a position from a puzzle set, take the answer by click or from
the move list, say whether it is right and why, and move on to the next one.

The puzzles are those of :mod:`tablegames.puzzles` (``load_set``); answers are judged
by its :func:`~tablegames.puzzles.judge`, a search, so any line that reaches the goal is
right, not only the stored one. Clicks become moves through the play widget's
:class:`~tablegames_widgets.play.MoveInput`, the same matching as on the play pages.

Hidden cards: a puzzle whose ``view`` is ``own`` is drawn from the solver's seat only
(the board's ``viewer``), and the moves the solver tries are played on a deal of the
hidden cards sampled from what the solver sees (``tablegames.puzzles.search.samples``),
so a card drawn when the turn passes is never one of the real hidden cards either.

Currents: the answer (and a wrong one) is explained with the inspector's influence
lines, drawn on the position with the card down and the pawn about to move: the
currents acting on it, the net push as an arrow and the edge it crosses.

:class:`PuzzlePage` is the "Puzzles" play page: a game chooser over the shipped sets.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from ipywidgets import HTML, Button, Dropdown, HBox, Layout, VBox

import tablegames as tg
from tablegames import style
from tablegames.puzzles import Verdict, judge, load_set, puzzle_game, puzzle_state
from tablegames.puzzles.search import own_line, samples
from tablegames.record import Record
from tablegames.svg import document, place, svg_size, text_svg, wrap

from .board import BoardWidget, Key
from .move_input import MoveInput
from .pictured import controls_of
from .registry import board_for
from .rows import MoveButtons
from .static import Control, StaticPicture, controls_svg

RIGHT = "#2e7d32"  #: the colour of "right"
WRONG = "#c62828"  #: the colour of "wrong" (the play widget's error colour)
CHOOSE = "(choose a move)"  #: the move list's first entry: no move chosen yet
#: The static picture is at least this wide (px), so the text beside a narrow board reads.
MIN_PICTURE_WIDTH = 520

__all__ = ["PuzzlePage", "PuzzleWidget", "puzzle_list", "question"]


def puzzle_list(puzzles: str | Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> list[Any]:
    """The puzzles to pose: a game's name (its shipped set), a set (a dict with
    ``puzzles``), or a list of puzzles; ValueError when there are none."""
    if isinstance(puzzles, str):
        found = list(load_set(puzzles)["puzzles"])
    elif isinstance(puzzles, Mapping):
        found = list(puzzles.get("puzzles", []))
    else:
        found = list(puzzles)
    if not found:
        raise ValueError("no puzzles to pose: give a game name, a puzzle set or a list of puzzles")
    return found


def stars(level: int, most: int = 5) -> str:
    """Difficulty 1-``most`` as filled and empty stars."""
    level = max(1, min(most, int(level)))
    return "★" * level + "☆" * (most - level)


#: The difficulty labels of a set (who solves the puzzle), as stars of 3 and a reason.
LABELS = {
    "easy": (1, "a one-ply search finds it"),
    "medium": (2, "a one-ply search misses it; MCTS with 300 iterations finds it"),
    "hard": (3, "only MCTS with 3,000 iterations finds it, or none of the bots"),
}


def rating(difficulty: Mapping[str, Any]) -> tuple[str, str]:
    """The difficulty as (stars and word, why): from who solves it (``label``), or for a
    set without it from the one-ply rating (``level`` of 5)."""
    label = difficulty.get("label")
    if label in LABELS:
        n, why = LABELS[label]
        return f"{stars(n, 3)} ({label})", why
    level = int(difficulty["level"])
    return f"{stars(level)} ({level} of 5)", f"difficulty {level} of 5"


def question(puzzle: Mapping[str, Any], name: str, opponent: str) -> str:
    """What the puzzle asks, in one sentence (``name``: the solver, ``opponent``: the other
    side, as the board names them)."""
    spec = puzzle_game(Record.from_json(puzzle["record"]).game)
    if puzzle["kind"] == "forced":
        return (
            f"{name} to move: find the move after which you win next turn, "
            f"whatever {opponent} does."
        )
    if puzzle["kind"] == "save":
        return (
            f"{name} to move: {opponent} threatens to reach their goal next turn "
            f"({spec.goal_text}). Find the only move that stops it."
        )
    if spec.depth > 1:
        return (
            f"As {name}, find the first of up to {spec.depth} moves of your own that "
            f"let you {spec.goal_text}."
        )
    return f"As {name}, find the one move that lets you {spec.goal_text}."


class PuzzleWidget(StaticPicture, VBox):  # type: ignore[misc]
    """One puzzle at a time (see the module docstring).

    ``puzzles``: a game's name, a puzzle set or a list of puzzles; ``start``: the index
    of the first one shown. Board options (``square``, ``four_colour``...) go to the board.
    ``PuzzleWidget("cardchess").answer("b4-c5").solved`` is True (its first puzzle).
    """

    def __init__(
        self,
        puzzles: str | Mapping[str, Any] | Sequence[Mapping[str, Any]],
        start: int = 0,
        **board_options: Any,
    ) -> None:
        self.puzzles = puzzle_list(puzzles)
        self.board_options = board_options
        self.index = 0
        self.moves: list[str] = []  #: the solver's right moves so far (notation)
        self.verdict: Verdict | None = None  #: what the last answer was judged
        self.done = False  #: solved or solution shown: clicks wait for Next puzzle
        self.said = ""  #: the message line's text (also under the static picture)
        self.header = HTML()
        self.header.add_class("tablegames-puzzle-header")
        self.message = HTML()
        self.message.add_class("tablegames-message")
        self.buttons = MoveButtons(self.answer, layout=Layout(flex_flow="row wrap"))
        self.move_list = Dropdown(
            description="Move",
            layout=Layout(width="360px"),
            tooltip="Every legal move, to answer from the keyboard",
        )
        self.answer_button = Button(description="Answer", button_style="primary",
                                    tooltip="Answer with the move chosen in the list")  # fmt: skip
        self.answer_button.on_click(lambda _b: self._answer_from_list())
        self.retry_button = Button(description="Try again", icon="undo",
                                   tooltip="Back to the puzzle's position")  # fmt: skip
        self.retry_button.on_click(lambda _b: self.retry())
        self.solution_button = Button(description="Show solution", icon="eye",
                                      tooltip="Play the solution and say why it works")  # fmt: skip
        self.solution_button.on_click(lambda _b: self.show_solution())
        self.previous_button = Button(description="Previous", icon="arrow-left",
                                      tooltip="The previous puzzle")  # fmt: skip
        self.previous_button.on_click(lambda _b: self.go(self.index - 1))
        self.next_button = Button(description="Next puzzle", icon="arrow-right",
                                  button_style="success", tooltip="The next puzzle")  # fmt: skip
        self.next_button.on_click(lambda _b: self.go(self.index + 1))
        self.board: BoardWidget = self._make_board(0)
        self.input = MoveInput(self.board)
        self.holder = VBox([self.board])
        super().__init__(
            [
                self.header,
                self.holder,
                self.message,
                self.buttons,
                HBox([self.move_list, self.answer_button]),
                HBox(
                    [
                        self.retry_button,
                        self.solution_button,
                        self.previous_button,
                        self.next_button,
                    ],
                    layout=Layout(flex_flow="row wrap"),
                ),
            ]
        )
        self.add_class("tablegames-puzzle")
        self.go(start)

    # ---- the puzzle shown ------------------------------------------------------------

    @property
    def puzzle(self) -> Any:
        """The puzzle shown (a dict of its set)."""
        return self.puzzles[self.index]

    @property
    def solver(self) -> int:
        return int(self.puzzle["player"])

    @property
    def state(self) -> tg.State:
        """The position the solver answers in now (after their right moves so far)."""
        return self._line[-1]

    def _make_board(self, index: int) -> BoardWidget:
        puzzle = self.puzzles[index]
        state = puzzle_state(puzzle)
        viewer = int(puzzle["player"]) if puzzle.get("view") == "own" else None
        options = {"viewer": viewer, **self.board_options}
        board = board_for(state, **options)
        board.on_click(self._clicked)
        return board

    def go(self, index: int) -> None:
        """Show puzzle ``index`` (counted from 0), from its start."""
        if not 0 <= index < len(self.puzzles):
            raise ValueError(f"there are {len(self.puzzles)} puzzles: 0 to {len(self.puzzles) - 1}")
        game = Record.from_json(self.puzzles[index]["record"]).game
        if game != self.board.state.game.name:  # another game: another board
            self.board = self._make_board(index)
            self.input = MoveInput(self.board)
            self.holder.children = [self.board]
        self.index = index
        puzzle = self.puzzle
        posed = puzzle_state(puzzle)
        if puzzle.get("view") == "own":
            # Moves are played on a deal of the hidden cards consistent with the solver's
            # view: the position shown is the same, the real hidden cards are never read.
            dealt = samples(posed, self.solver, 1, f"widget:{puzzle['id']}")
            self._start = dealt[0] if dealt else posed
        else:
            self._start = posed
        self._posed = posed
        viewer = self.solver if puzzle.get("view") == "own" else None
        if self.board.viewer != viewer:
            self.board.viewer = viewer
        self.previous_button.disabled = index == 0
        self.next_button.disabled = index == len(self.puzzles) - 1
        self._header()
        self.retry()

    def retry(self) -> None:
        """Back to the puzzle's position (the answer so far forgotten)."""
        self.moves = []
        self._line = [self._start]
        self.verdict = None
        self.done = False
        self.input.picked = ()
        self._lines(False)
        self._show(self._posed, self.input.outcome(self._start))
        self._say(self._prompt())

    def _header(self) -> None:
        p = self.puzzle
        name, opponent = self._names()
        shown, why = rating(p["difficulty"])
        starred, _, word = shown.partition(" ")
        title = tg.GAMES[self.board.state.game.name].info.title
        self.header_text = (
            f"Puzzle {self.index + 1} of {len(self.puzzles)} · {title} · difficulty {shown}"
        )
        self.question_text = question(p, name, opponent)
        self.header.value = (
            "<div class='tablegames-puzzle-title' style='font-size:1.15em'>"
            f"<b>Puzzle {self.index + 1} of {len(self.puzzles)}</b> · {html.escape(title)} · "
            f"<span title='{html.escape(why)}' style='color:#ef6c00'>{starred}</span>"
            f" <span style='color:#666'>difficulty {html.escape(word.strip('()'))}</span></div>"
            f"<div class='tablegames-puzzle-question'>{html.escape(self.question_text)}</div>"
        )

    def _names(self) -> tuple[str, str]:
        """The solver's and the opponent's names as the board says them."""
        n = self.board.state.game.num_players
        name = self.board.player_name(self.solver)
        if n == 2:
            return name, self.board.player_name(1 - self.solver)
        return name, "an opponent"

    def _prompt(self) -> str:
        hint = getattr(self.board, "prompt", None)
        how = hint(self.state) if callable(hint) else "your move."
        return f"Your answer: {how}"

    # ---- answering --------------------------------------------------------------------

    def _clicked(self, key: Key) -> None:
        if self.done:
            self._say("Press Next puzzle (or Try again).")
            return
        out = self.input.click(self.state, key)
        if out.move is not None:
            self.answer(out.move)
        else:
            self._show(self.state, out)
            if out.message:
                self._say(out.message, colour=WRONG)
            else:
                self._say(self.board.hint(self.state, out.picked) or self._prompt())

    def _answer_from_list(self) -> None:
        if self.move_list.value is not None:
            self.answer(self.move_list.value)
        else:
            self._say("Choose a move in the list first, or click it on the board.")

    def answer(self, move: Any) -> Verdict:
        """Answer with ``move`` (a move or its notation): judged by search; a right move
        of a longer line is played and the next one awaited."""
        if self.done:
            return self.verdict or Verdict(True, True, "")
        state = self.state
        try:
            move = state.parse_move(move) if isinstance(move, str) else move
            after = state.apply(move)
        except tg.IllegalMove as exc:
            self._say(str(exc), colour=WRONG)
            return Verdict(False, False, str(exc))
        text = str(move)
        verdict = judge(self.puzzle, [*self.moves, text])
        self.verdict = verdict
        label = self.board.move_label(move)
        if verdict.solved:
            self.moves.append(text)
            self._line.append(after)
            self.done = True
            self._explain(state, after)
            self._say(f"Right! {label}. {_sentence(self.puzzle['theme'])}", colour=RIGHT)
        elif verdict.right:
            self.moves.append(text)
            self._line.append(after)
            self.input.picked = ()
            self._show(after, self.input.outcome(after))
            self._say(f"Right so far ({label}): go on. {self._prompt()}", colour=RIGHT)
        else:
            self._explain(state, after)
            why = self._why(state, after, verdict, text)
            self._say(f"Wrong: {label}. {why} Press Try again.", colour=WRONG)
        return verdict

    def _why(self, before: tg.State, after: tg.State, verdict: Verdict, text: str) -> str:
        """Why a wrong move fails: the judge's reason, and where everything is visible
        the opponent's line that then reaches their goal (found by the engine)."""
        why = _sentence(verdict.text, text).replace("the opponent", self._names()[1])
        spec = puzzle_game(before.game.name)
        visible = self.puzzle.get("view") != "own"
        if visible and not after.is_terminal and after.current_player != self.solver:
            other = after.current_player
            line = own_line(after, other, spec.goal, spec.depth)
            if line is not None and "opponent" not in verdict.text:
                name = self.board.player_name(other)
                why += f" Then {name} plays {' '.join(line)} and reaches their goal."
        note = self.board.move_result_note(before, after)
        return f"{why} {note}" if note else why

    def show_solution(self) -> None:
        """Play the stored solution from the position and say why it works."""
        self.moves = []
        line = [self._start]
        try:
            for text in self.puzzle["solution"]:
                line.append(line[-1].apply(line[-1].parse_move(text)))
        except tg.IllegalMove:  # a sampled deal that differs: fall back to the posed one
            line = [self._posed]
            for text in self.puzzle["solution"]:
                line.append(line[-1].apply(line[-1].parse_move(text)))
        self._line = line
        self.done = True
        labels = [
            self._label(s, s.parse_move(text))
            for s, text in zip(line, self.puzzle["solution"], strict=False)
        ]
        labels[1:] = [w[:1].lower() + w[1:] if w[1:2].islower() else w for w in labels[1:]]
        self._explain(line[-2], line[-1])
        self._say(
            f"The solution: {', then '.join(labels)}. {self.puzzle['theme'][:1].upper()}"
            f"{self.puzzle['theme'][1:]}.",
            colour=RIGHT,
        )

    def _label(self, state: tg.State, move: Any) -> str:
        """The board's words for ``move`` played in ``state`` (boards read the piece that
        moves from the state they show, so it is shown for the call, without a redraw)."""
        shown = self.board._state
        self.board._state = state
        try:
            return self.board.move_label(move)
        finally:
            self.board._state = shown

    def _explain(self, before: tg.State, after: tg.State) -> None:
        """Show what a move did: the position the board chooses (after it, or more: on
        Currents the card down and the pawn about to move, with the influence lines)."""
        self._lines(True)
        self._show(self.board.move_result(before, after), None)

    def _lines(self, on: bool) -> None:
        """The Currents board's influence lines on or off (nothing on other boards)."""
        if hasattr(self.board, "influence_lines"):
            self.board.influence_lines = on

    # ---- drawing ----------------------------------------------------------------------

    def _show(self, state: tg.State, out: Any) -> None:
        """Draw ``state`` with the clicks so far (``out``: a MoveInput outcome, None when
        the answer is given) and refresh the move list and the buttons."""
        picked = out.picked if out is not None else ()
        targets = out.targets if out is not None else ()
        self.board.show(state, selected=picked, targets=targets)
        answering = out is not None and not self.done and not state.is_terminal
        legal = state.legal_moves() if answering else []
        choices = out.choices if answering and out is not None else []
        self.buttons.show(choices, self.board.move_label)
        labels = [(self.board.move_label(m), m) for m in legal]
        # The list opens on no move: a preselected move is a guess the puzzle makes for
        # the solver (and was the answer itself in one set).
        self.move_list.options = (
            [(CHOOSE, None), *labels]
            if labels
            else [("(answered: Try again or Next puzzle)", None)]
        )
        self.move_list.index = 0
        self.move_list.disabled = self.answer_button.disabled = not legal

    def _say(self, text: str, colour: str = "#333") -> None:
        self.said = text
        self.said_colour = colour
        # Right and wrong stand out: a tinted box with a bar in their colour.
        box = {RIGHT: "#e8f5e9", WRONG: "#ffebee"}.get(colour)
        frame = (
            f";background:{box};border-left:4px solid {colour};padding:4px 8px;"
            "border-radius:3px;line-height:1.45"
            if box
            else ""
        )
        self.message.value = (
            f"<div role='status' aria-live='polite' style='color:{colour};font-size:1.05em"
            f"{frame}'>{html.escape(text)}</div>"
        )

    def static_svg(self) -> str:
        """The static picture: the counter and question above the board, the message
        under it (green when right, red when wrong)."""
        board = self.board.static_svg()
        board_width, height = svg_size(board)
        width = max(board_width, MIN_PICTURE_WIDTH)  # room for the text beside a narrow board
        size = 14.0
        step = size * 1.35
        parts: list[str] = []
        y = 6 - size * 0.35
        for line in wrap(self.header_text, width - 16, size):
            y += step
            parts.append(text_svg(8, y, line, size, bold=True))
        for line in wrap(self.question_text, width - 16, size):
            y += step
            parts.append(text_svg(8, y, line, size))
        top = y + size * 0.7
        parts.append(place(board, 0, top))
        y = top + height
        colour = getattr(self, "said_colour", style.TEXT)
        for line in wrap(self.said, width - 16, size):
            y += step
            parts.append(text_svg(8, y, line, size, fill=colour))
        controls, bottom = controls_svg(self._control_rows(), width, y + size * 0.5)
        label = f"{self.header_text}. {self.question_text} {self.said}"
        return document(width, round(bottom + 4), label, parts + controls)

    def _control_rows(self) -> list[list[Control]]:
        """The buttons and the move list as the static picture draws them."""

        under = (self.retry_button, self.solution_button, self.previous_button, self.next_button)
        return [
            controls_of(self.buttons),
            [*controls_of(self.move_list), *controls_of(self.answer_button)],
            [c for b in under for c in controls_of(b)],
        ]

    def __repr__(self) -> str:
        return (
            f"<PuzzleWidget: puzzle {self.index + 1} of {len(self.puzzles)} "
            f"({self.puzzle['id']}); {self.said}>"
        )


def _sentence(text: str, move: str = "") -> str:
    """``text`` as a sentence, the notation ``move`` it starts with (the judge's words)
    read as "it" (the message names the move in words just before)."""
    if move and text.startswith(move + " "):
        text = "it" + text[len(move) :]
    elif move and text.startswith(f"after {move} "):
        text = "after it," + text[len(move) + 6 :]
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


# ---- the "Puzzles" play page ----------------------------------------------------------------

PAGE_CSS = """
<style>
.tablegames-page { max-width: 1000px; font-family: 'DejaVu Sans', Arial, sans-serif; }
.tablegames-page h1 { font-size: 1.6em; margin: 0.2em 0; }
.tablegames-page .howto { color: #444; max-width: 760px; line-height: 1.45; }
.tablegames-puzzle-question { margin: 0.3em 0 0.5em 0; max-width: 760px; line-height: 1.45; }
.tablegames-puzzle .tablegames-message { max-width: 760px; }
.tablegames-page ul.page-list { padding-left: 0; }
.tablegames-page ul.page-list li { display: inline; margin-right: 1em; }
</style>
"""


class PuzzlePage(VBox):  # type: ignore[misc]
    """The "Puzzles" play page: a game chooser and a :class:`PuzzleWidget` on the shipped
    set of the game chosen (every game with a set), and links to the games' play pages."""

    def __init__(self, game: str | None = None) -> None:
        from tablegames.puzzles import GAMES as PUZZLE_GAMES

        from .guard import install

        install()  # the visitor's widget messages are checked before any work

        self.games = [g for g in PUZZLE_GAMES if g in tg.GAMES]
        if game is None:
            game = self.games[0]
        if game not in self.games:
            raise ValueError(f"no puzzles for {game!r}; the games are: {', '.join(self.games)}")
        self.chooser = Dropdown(
            options=[(tg.GAMES[g].info.title, g) for g in self.games],
            value=game, description="Game", layout=Layout(width="260px"),
            tooltip="The game whose puzzles to solve",
        )  # fmt: skip
        self.chooser.observe(lambda ch: self.choose(ch["new"]), names="value")
        title = HTML(
            PAGE_CSS + "<h1>Puzzles</h1><p class='howto'>Positions from real games where "
            "exactly one move wins (or saves the game). Click your answer on the board, or "
            "pick it in the list and press Answer; the page says whether it is right and "
            "why. Hidden cards stay hidden: you see only what the player to move sees.</p>"
        )
        links = "".join(
            f"<li><a href='{g}.ipynb'>{html.escape(tg.GAMES[g].info.title)}</a></li>"
            for g in self.games
        )
        self.footer = HTML(f"<p>Play a whole game:</p><ul class='page-list'>{links}</ul>")
        self.widget = PuzzleWidget(game)
        self.holder = VBox([self.widget])
        super().__init__([title, self.chooser, self.holder, self.footer])
        self.add_class("tablegames-page")

    def choose(self, game: str) -> None:
        """Serve the set of ``game``, from its first puzzle."""
        self.widget = PuzzleWidget(game)
        self.holder.children = [self.widget]

    def __repr__(self) -> str:
        return f"<PuzzlePage: {self.chooser.value}>"
