"""Puzzles mined from seeded bot games: positions where exactly one move reaches the
game's goal (a *win* puzzle), or where exactly one move stops an opponent who would
otherwise reach it next turn (a *save* puzzle).

Each game declares its goal, line length and theme (its ``parts.puzzles``, kept in the
game's ``puzzle`` module; :mod:`tablegames.puzzles.games` reads them); the search in
:mod:`tablegames.puzzles.search`; who solves a puzzle (greedy, MCTS 300, MCTS 3000: its
difficulty) in :mod:`tablegames.puzzles.stats`; the rule against two puzzles of one idea
in :mod:`tablegames.puzzles.dedup`. The JSON format (``version`` 1) is described in
``docs/puzzles.md``; shipped sets live in ``tablegames/puzzles/sets/<game>.json``
(:func:`load_set`) and are written by ``python -m tablegames puzzles GAME --count N
--seed S --out FILE``.

>>> puzzles = generate("cardchess", count=1, seed=0)["puzzles"]
>>> len(puzzles), verify(puzzles[0])
(1, [])
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..bots import make_bot
from ..core import State, make
from ..errors import IllegalMove, InvalidState
from ..record import Record, replay
from ..words import counted
from .dedup import Ideas
from .games import GAMES, PuzzleGame
from .search import (
    difficulty,
    first_move_lines,
    follow,
    forced_answers,
    forced_first_moves,
    own_line,
    refutations,
    samples,
    shallow_values,
)
from .stats import SOLVERS, label, solved_by, solves

#: The value of ``format`` in a puzzle set.
FORMAT = "tablegames-puzzles"
#: The version of the JSON format written here.
VERSION = 1
#: Samples of the hidden cards on which a hidden-information puzzle is checked.
HIDDEN_SAMPLES = 6
#: At most this many puzzles come from one generating game.
PER_GAME = 2
#: After a puzzle, the generating game goes on this many decisions before the next one,
#: so that two puzzles of a set are not the same idea a turn apart.
GAP = 10
#: A puzzle must offer at least this many legal moves.
MIN_MOVES = 3
#: At most this share of a set may be puzzles the one-ply greedy solver solves.
GREEDY_SHARE = 1 / 3

__all__ = [
    "FORMAT",
    "GAMES",
    "GREEDY_SHARE",
    "VERSION",
    "PuzzleGame",
    "Verdict",
    "check_set",
    "examine",
    "generate",
    "judge",
    "load_set",
    "puzzle_game",
    "puzzle_state",
    "verify",
]


def puzzle_game(name: str) -> PuzzleGame:
    """The puzzle settings of game ``name``; ValueError naming the games that have them."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"no puzzles for game {name!r}; the games are: {', '.join(GAMES)}")
    return GAMES[name]


def examine(state: State, spec: PuzzleGame) -> dict[str, Any] | None:
    """The puzzle the player to move faces in ``state`` (without its record), or None.

    A win puzzle: exactly one first move starts a line of the player's own decisions that
    reaches the goal. A forced puzzle (games with ``spec.forced``): no move reaches it, and
    exactly one first move leaves a move that does after every reply. A save puzzle (games
    with ``spec.saves``): no move reaches the goal, and after every move but one the
    opponent has a line that reaches theirs. Forced and save puzzles are searched only
    where ``spec.deep_worth`` says they may be. On a
    hidden-information game a win puzzle is kept only if the same answer holds on
    :data:`HIDDEN_SAMPLES` deals of the cards the player cannot see."""
    if state.is_terminal:
        return None
    player = state.current_player
    moves = state.legal_moves()
    if len(moves) < MIN_MOVES or not spec.worth(state, player):
        return None
    lines = first_move_lines(state, player, spec.goal, spec.depth)
    good = [m for m, line in lines.items() if line is not None]
    puzzle: dict[str, Any]
    if len(good) == 1:
        solution = lines[good[0]]
        assert solution is not None
        if len(solution) < spec.min_line or not _same_on_samples(state, player, spec, solution):
            return None
        puzzle = {"kind": "win", "player": player, "solution": solution}
    elif not good and not spec.deep_worth(state, player):
        return None
    elif not good and spec.forced and (forced := _forced(state, player, spec)) is not None:
        puzzle = forced
        solution = forced["solution"]
    elif not good and spec.saves:
        refs = refutations(state, player, spec.goal, spec.depth, most_safe=1)
        if refs is None:
            return None
        safe = [m for m, line in refs.items() if line is None]
        if len(safe) != 1:
            return None
        solution = safe
        puzzle = {
            "kind": "save",
            "player": player,
            "solution": solution,
            "refutations": {m: line for m, line in refs.items() if line is not None},
        }
    else:
        return None
    puzzle["theme"] = spec.theme(state, solution, player, puzzle["kind"])
    now = state.game.evaluate(state)[player]
    puzzle["difficulty"] = difficulty(shallow_values(state, player), solution[0], now)
    puzzle["moves"] = len(moves)
    puzzle["view"] = "own" if state.game.info.hidden_information else "full"
    return puzzle


def _forced(state: State, player: int, spec: PuzzleGame) -> dict[str, Any] | None:
    """A forced-win puzzle: exactly one first move wins next turn against every reply."""
    found = {m: a for m, a in forced_first_moves(state, player, spec.goal).items() if a}
    if len(found) != 1:
        return None
    ((move, answers),) = found.items()
    if not _forces_on_samples(state, player, spec, move):
        return None
    return {"kind": "forced", "player": player, "solution": [move], "answers": answers}


def _forces_on_samples(state: State, player: int, spec: PuzzleGame, move: str) -> bool:
    """On a hidden-information game: does ``move`` force the win on every sampled deal of
    the cards the player cannot see (the opponent's hand, the player's next draw)? On the
    real deal no other first move forces it, so no other is sure on every deal."""
    for sample in samples(state, player, HIDDEN_SAMPLES, f"forced:{move}"):
        try:
            after = sample.apply(sample.parse_move(move))
        except IllegalMove:
            return False
        if forced_answers(after, player, spec.goal) is None:
            return False
    return True


def _same_on_samples(state: State, player: int, spec: PuzzleGame, solution: list[str]) -> bool:
    """Does the answer stand on every sampled deal of the hidden cards?"""
    for sample in samples(state, player, HIDDEN_SAMPLES, f"puzzle:{solution}"):
        if not _answer_holds(sample, player, spec, solution):
            return False
    return True


def _answer_holds(state: State, player: int, spec: PuzzleGame, solution: list[str]) -> bool:
    try:
        after = follow(state, solution)
    except Exception:
        return False
    if not spec.goal(after[-1], player):
        return False
    lines = first_move_lines(state, player, spec.goal, spec.depth)
    return [m for m, line in lines.items() if line is not None] == [solution[0]]


def generate(
    name: str, count: int = 10, seed: int = 0, max_games: int | None = None
) -> dict[str, Any]:
    """A puzzle set of up to ``count`` puzzles of game ``name`` as a JSON-ready dict.

    The positions come from games between the bots of ``PuzzleGame.bots`` (seats
    alternating), seeded from ``seed``: the same arguments always give the same set.
    At most ``max_games`` games are played (default ``40 * count``), so a game that rarely
    yields puzzles returns fewer than ``count``."""
    spec = puzzle_game(name)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count must be a whole number of puzzles, 1 or more, not {count!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if max_games is not None and (
        isinstance(max_games, bool) or not isinstance(max_games, int) or max_games < 1
    ):
        raise ValueError(f"max_games must be a whole number, 1 or more, not {max_games!r}")
    limit = 40 * count if max_games is None else max_games
    game = make(name, **spec.options)
    gen = random.Random(f"puzzles:{name}:{seed}")
    found: list[dict[str, Any]] = []
    kinds: Counter[str] = Counter()
    # Where a game has several kinds, one-move wins (the easiest) fill at most half the set.
    most = count - count // 2 if spec.saves or spec.forced else count
    seen: set[str] = set()
    ideas = Ideas(spec.idea_cap)
    greedy_left = int(count * GREEDY_SHARE + 1e-9)  # puzzles greedy may still solve
    played = 0
    while len(found) < count and played < limit:
        game_seed = gen.getrandbits(32)
        seats = [spec.bots[(p + played) % 2] for p in range(game.num_players)]
        bots = [make_bot(s, f"{game_seed}:{p}") for p, s in enumerate(seats)]
        played += 1
        state = game.initial_state(game_seed)
        moves: list[str] = []
        here = 0
        wait = 0
        posed: set[tuple[str, ...]] = set()  # solutions already posed from this game
        while not state.is_terminal and len(moves) < spec.max_decisions and here < PER_GAME:
            key = json.dumps(state.to_json(), sort_keys=True)
            puzzle = None if wait or key in seen else examine(state, spec)
            wait = max(wait - 1, 0)
            if puzzle is not None and kinds[puzzle["kind"]] >= most:
                puzzle = None  # enough of this kind: leave room for the others
            if puzzle is not None and tuple(puzzle["solution"]) in posed:
                puzzle = None  # the same idea again, a few turns on (pieces shuffling)
            if puzzle is not None and not ideas.fresh(puzzle):
                puzzle = None  # the same idea on the same set-up, or the idea too often
            entry = None
            if puzzle is not None:
                record = Record(name, game.options_json(), game_seed, tuple(moves))
                entry = {
                    "id": f"{name}-{seed}-{len(found) + 1}",
                    **puzzle,
                    "record": record.to_json(),
                    "state": state.to_json(),
                }
                greedy = solves(entry, "greedy")
                if greedy and greedy_left <= 0:
                    entry = None  # a one-ply search finds it: too plain for the rest
                else:
                    greedy_left -= greedy
                    solved = solved_by(entry)
                    entry["difficulty"] = {
                        **entry["difficulty"],
                        "label": label(solved),
                        "solved_by": solved,
                    }
            if entry is not None:
                kinds[entry["kind"]] += 1
                posed.add(tuple(entry["solution"]))
                ideas.add(entry)
                seen.add(key)
                found.append(entry)
                here += 1
                wait = GAP
                if len(found) == count:
                    break
            move = bots[state.current_player].choose(state)
            state = state.apply(move)
            moves.append(str(move))
    found = _at_most_greedy_share(found)
    for i, p in enumerate(found):
        p["id"] = f"{name}-{seed}-{i + 1}"
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": name,
        "options": game.options_json(),
        "seed": seed,
        "count": len(found),
        "games_played": played,
        "goal": spec.goal_text,
        "depth": spec.depth,
        "stats": {
            **{who: sum(p["difficulty"]["solved_by"][who] for p in found) for who, _ in SOLVERS},
            "count": len(found),
        },
        "puzzles": found,
    }


def _at_most_greedy_share(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The set without its last puzzles that greedy solves, until greedy solves at most
    :data:`GREEDY_SHARE` of it (a set that comes out short of ``count`` needs this)."""
    kept = list(found)
    while sum(p["difficulty"]["solved_by"]["greedy"] for p in kept) > len(kept) * GREEDY_SHARE:
        last = max(i for i, p in enumerate(kept) if p["difficulty"]["solved_by"]["greedy"])
        del kept[last]
    return kept


def puzzle_state(puzzle: Mapping[str, Any]) -> State:
    """The position of ``puzzle`` (a dict of a set), rebuilt from its ``state``."""
    record = Record.from_json(puzzle["record"])
    return record.make_game().state_from_json(puzzle["state"])


def verify(puzzle: Mapping[str, Any]) -> list[str]:
    """Check ``puzzle`` by search, not by its stored answers: what is wrong with it (empty
    when it holds). The position must be its record's replay, the solution must reach the
    goal, and every other first move must not (win), or must let the opponent reach theirs
    (save)."""
    problems: list[str] = []
    record = Record.from_json(puzzle["record"])
    spec = puzzle_game(record.game)
    state = puzzle_state(puzzle)
    if replay(record.to_json())[-1] != state:
        problems.append("the state is not the replay of the record")
    player = puzzle["player"]
    if state.current_player != player:
        problems.append(f"player {player} is not to move")
        return problems
    solution = list(puzzle["solution"])
    if puzzle["kind"] == "win":
        after = follow(state, solution)
        if not spec.goal(after[-1], player):
            problems.append(f"the solution {solution} does not reach the goal")
        if any(s.current_player != player for s in after[:-1]):
            problems.append("the solution line hands the turn over before its end")
        lines = first_move_lines(state, player, spec.goal, spec.depth)
        others = [m for m, line in lines.items() if line is not None and m != solution[0]]
        if others:
            problems.append(f"other first moves also reach the goal: {others}")
        if not problems and not _same_on_samples(state, player, spec, solution):
            problems.append("on some deal of the hidden cards the answer is different")
    elif puzzle["kind"] == "forced":
        lines = first_move_lines(state, player, spec.goal, spec.depth)
        if any(line is not None for line in lines.values()):
            problems.append("the player could reach the goal at once: not a two-move puzzle")
        forced = forced_first_moves(state, player, spec.goal)
        if not forced.get(solution[0]):
            problems.append(f"some reply to {solution[0]} leaves no winning answer")
        others = [m for m, a in forced.items() if a and m != solution[0]]
        if others:
            problems.append(f"other first moves also force the win: {others}")
        if not problems and not _forces_on_samples(state, player, spec, solution[0]):
            problems.append("on some deal of the hidden cards the first move does not force it")
    elif puzzle["kind"] == "save":
        refs = refutations(state, player, spec.goal, spec.depth)
        if refs is None:
            return [*problems, "the position is no one-move defence"]
        if refs.get(solution[0], "missing") is not None:
            problems.append(f"the opponent still reaches the goal after {solution[0]}")
        unanswered = [m for m, line in refs.items() if line is None and m != solution[0]]
        if unanswered:
            problems.append(f"other moves also stop the opponent: {unanswered}")
        lines = first_move_lines(state, player, spec.goal, spec.depth)
        if any(line is not None for line in lines.values()):
            problems.append("the player could win at once: not a defence puzzle")
    else:
        problems.append(f"unknown puzzle kind {puzzle['kind']!r}")
    return problems


@dataclass(frozen=True)
class Verdict:
    """What :func:`judge` says of an answer: whether it ``solves`` the puzzle, whether
    every move so far is ``right`` (a line may be right but unfinished), and ``text``,
    why, in words."""

    solved: bool
    right: bool
    text: str


def judge(puzzle: Mapping[str, Any], moves: Sequence[str]) -> Verdict:
    """Judge an answer (``moves``, notation, the player's own moves from the position) by
    search, so any line that works is right, not only the stored one; a wrong move gets
    the reason: the opponent's answer that punishes it, or that no line reaches the goal.

    >>> puzzle = load_set("cardchess")["puzzles"][0]
    >>> judge(puzzle, puzzle["solution"]).solved
    True
    """
    record = Record.from_json(puzzle["record"])
    spec = puzzle_game(record.game)
    state = puzzle_state(puzzle)
    player = puzzle["player"]
    kind = puzzle["kind"]
    if not moves:
        return Verdict(False, True, f"your move: {spec.goal_text}")
    for i, text in enumerate(moves):
        try:
            after = state.apply(state.parse_move(text))
        except IllegalMove as e:
            return Verdict(False, False, f"{text} cannot be played here: {e}")
        if kind != "win":
            return _judge_reply(puzzle, spec, state, after, text)
        if spec.goal(after, player):
            return Verdict(True, True, f"right: {spec.goal_text} ({puzzle['theme']})")
        if after.is_terminal or after.current_player != player:
            return Verdict(
                False,
                False,
                f"{text} ends your turn without reaching the goal, which is to {spec.goal_text}",
            )
        if own_line(after, player, spec.goal, spec.depth - i - 1) is None:
            left = spec.depth - i - 1
            return Verdict(
                False,
                False,
                f"after {text} no line of {counted(left, 'more move')} reaches the goal",
            )
        state = after
    return Verdict(False, True, "right so far: go on")


def _judge_reply(
    puzzle: Mapping[str, Any], spec: PuzzleGame, state: State, after: State, text: str
) -> Verdict:
    """Judge the first move of a forced or save puzzle by the opponent's best reply."""
    player = puzzle["player"]
    if puzzle["kind"] == "forced":
        answers = forced_answers(after, player, spec.goal)
        if answers is not None:
            return Verdict(True, True, f"right: {puzzle['theme']}")
        for reply in [] if after.is_terminal else after.legal_moves():
            back = after.apply(reply)
            if back.is_terminal or not any(
                spec.goal(back.apply(m), player) for m in back.legal_moves()
            ):
                if puzzle.get("view") == "own":  # the reply would show their hidden cards
                    return Verdict(
                        False,
                        False,
                        f"after {text} the opponent may have a reply (with cards you "
                        "cannot see) that leaves no winning move",
                    )
                return Verdict(
                    False, False, f"after {text} the opponent answers {reply} and no move wins"
                )
        return Verdict(False, False, f"{text} does not force the win")
    if after.is_terminal or after.current_player == player:
        return Verdict(False, False, f"{text} does not answer the threat")
    line = own_line(after, after.current_player, spec.goal, spec.depth)
    if line is None:
        return Verdict(True, True, f"right: {puzzle['theme']}")
    return Verdict(
        False, False, f"after {text} the opponent plays {' '.join(line)} and reaches their goal"
    )


def load_set(name: str) -> dict[str, Any]:
    """The shipped puzzle set of game ``name`` (``tablegames/puzzles/sets/<name>.json``)."""
    puzzle_game(name)
    text = resources.files(__package__).joinpath("sets", f"{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    check_set(data)
    return data


def check_set(data: Any) -> None:
    """Raise InvalidState unless ``data`` has the shape of a puzzle set of this version."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidState(f"a puzzle set is a JSON object with format {FORMAT!r}")
    if data.get("version") != VERSION:
        raise InvalidState(
            f"puzzle set version {data.get('version')!r}; this engine reads version {VERSION}"
        )
    missing = {"game", "options", "seed", "count", "goal", "puzzles"} - set(data)
    if missing:
        raise InvalidState(f"the puzzle set lacks {', '.join(sorted(missing))}")
    need = {"id", "kind", "player", "solution", "theme", "difficulty", "record", "state"}
    for i, p in enumerate(data["puzzles"]):
        lacking = need - set(p) if isinstance(p, dict) else need
        if lacking:
            raise InvalidState(f"puzzle {i} lacks {', '.join(sorted(lacking))}")
