"""Fellowship of the Ring's questions: black against red, the Jack of Spades' timing,
when to commit to red, three and four players, skill against luck.

>>> import tablegames as tg
>>> row = colour_row(tg.make("fellowship"), ["greedy", "greedy"], 7)
>>> row["colour"] in ("black", "red", "stalemate", "tie")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ...bots import GreedyBot, MCTSBot
from ...core import Game, State
from ...fellowship.state import FellowshipState
from ..metrics import Share, clustered_ratio, mean_interval, wilson
from ..metrics import looks_z as looks_z  # the notebook reads it as fq.looks_z
from ..runs import RunContext
from .common import Played, Row, Table, duel_row, play, seat_share
from .strategies import add_local_bots

#: A human's time per turn, for minutes of play: about 15 s to find a capture and the
#: card to fill its gap from a five-card hand, 5 s to draw back up.
SECONDS_PER_TURN = 20.0
#: Draw-pile sizes at or below which the ``commit:K`` bot plays for red (section 3).
COMMIT_AT = (0, 5, 10, 20, 30)
BOROMIR = "JS"


def _st(state: State) -> FellowshipState:
    """``state`` as this game's state (the runs play only this game)."""
    return cast(FellowshipState, state)


class CommitBot(GreedyBot):
    """The greedy bot, except that when it has not drawn the Jack of Spades and at most
    ``pile`` cards are left to draw it plays for red: the move leaving the most red stacks
    over black ones (a capture's effect on the circle hides nothing, so it is read on
    the state itself)."""

    def __init__(self, seed: int | str = 0, pile: int = 5) -> None:
        super().__init__(seed)
        self.pile = pile

    def choose(self, state: State) -> Any:
        me = state.current_player
        black = _st(state).roles[me] == "black"  # it drew the jack (and may have played it)
        if black or len(_st(state).draw_pile) > self.pile:
            return super().choose(state)
        scored = []
        for m in state.legal_moves():
            counts = _st(state.apply(m)).counts()
            scored.append((m, counts["red"] - counts["black"]))
        best = max(v for _, v in scored)
        top = [m for m, v in scored if v == best]
        return top[self.rng.randrange(len(top))]


class CommitSearchBot(MCTSBot):
    """``mcts:30`` (information-set search), except that when it has not drawn the Jack
    of Spades and at most ``pile`` cards are left to draw it searches only deals in which
    the opponent holds the jack: it plays as the red player, where plain search weighs
    each colour by its chance (a guessed deal with the jack still in the pile gets it
    swapped with a random card of the opponent's hand)."""

    def __init__(self, seed: int | str = 0, pile: int = 5, iterations: int = 30) -> None:
        super().__init__(iterations=iterations, seed=seed)
        self.pile = pile
        self._me: int | None = None  # the committed player during a search, else None

    def analyse(self, state: State) -> Any:
        me = state.current_player
        st = _st(state)
        commit = st.game.num_players == 2 and st.roles[me] != "black"
        self._me = me if commit and len(st.draw_pile) <= self.pile else None
        try:
            return super().analyse(state)
        finally:
            self._me = None

    def _ismcts(self, root: Any, state: State) -> None:
        super()._ismcts(root, self.committed(state))

    def committed(self, sample: State) -> State:
        """A guessed deal as this search plays it: while committed, with the opponent
        holding the jack."""
        if self._me is None:
            return sample
        return jack_to_opponent(sample, 1 - self._me, self.rng.randrange(5))


def jack_to_opponent(state: State, opponent: int, pick: int) -> State:
    """``state`` (two players) with the Jack of Spades in ``opponent``'s hand: if it lies
    in the draw pile it trades places with the opponent's card number ``pick`` (modulo
    the hand's size), and the opponent is black."""
    st = _st(state)
    if st.roles[opponent] == "black" or BOROMIR not in st.draw_pile or not st.hands[opponent]:
        return state
    d = state.to_json()
    hand, pile = d["hands"][opponent], d["draw_pile"]
    i = pick % len(hand)
    j = pile.index(BOROMIR)
    hand[i], pile[j] = BOROMIR, hand[i]
    d["roles"] = ["black" if p == opponent else "red" for p in range(2)]
    return state.game.state_from_json(d)


class EvenBot(MCTSBot):
    """``mcts:300`` that follows the text's advice to keep the colours even while nobody
    holds the Jack of Spades: among the moves its search rates within ``margin`` of the
    most visited one's win chance (and visited at least a tenth as often), it plays the one
    leaving black's and red's stacks closest to level (ties: the most visited). Once a
    player holds the jack, plain search."""

    def __init__(self, seed: int | str = 0, margin: float = 0.05, iterations: int = 300) -> None:
        super().__init__(iterations=iterations, seed=seed)
        self.margin = margin

    def choose(self, state: State) -> Any:
        if None not in _st(state).roles:  # the jack is in a hand: colours are known
            return super().choose(state)
        stats = self.analyse(state).moves
        best = stats[0]  # the most visited
        near = {
            m.move
            for m in stats
            if m.visits * 10 >= best.visits and m.win_chance >= best.win_chance - self.margin
        }
        order = {m.move: i for i, m in enumerate(stats)}
        options = [m for m in state.legal_moves() if str(m) in near]
        return min(options, key=lambda m: (abs(lead(state.apply(m))), order[str(m)]))


#: ``commit:K``: :class:`CommitBot` committing at K cards left to draw; ``searchcommit:K``:
#: :class:`CommitSearchBot` (mcts:30) doing the same; ``searchcommit300:K`` at the ladder's
#: top, mcts:300; ``even300:P``: :class:`EvenBot` keeping the colours level among moves
#: within P points of the best.
add_local_bots(
    {
        "commit": lambda arg, seed: CommitBot(seed, int(arg)),
        "searchcommit": lambda arg, seed: CommitSearchBot(seed, int(arg)),
        "searchcommit300": lambda arg, seed: CommitSearchBot(seed, int(arg), 300),
        "even300": lambda arg, seed: EvenBot(seed, int(arg) / 100),
    }
)


def colour_result(final: State) -> str:
    """``'black'``, ``'red'``, ``'stalemate'`` (the Jack of Spades never drawn) or ``'tie'``."""
    roles = _st(final).roles
    if None in roles:
        return "stalemate"
    if not final.winners:
        return "tie"
    return str(roles[min(final.winners)])


def jack_turn(states: Sequence[State]) -> int | None:
    """The turn at which the Jack of Spades reached a hand (0: dealt; None: never)."""
    return next((s.turn for s in states if None not in _st(s).roles), None)  # type: ignore[attr-defined]


def ending(final: State) -> str:
    """``'cards ran out'``, ``'stuck, one colour'`` or ``'stuck, both colours'``."""
    if any(e.kind == "no_cards" for e in final.events):  # type: ignore[attr-defined]
        return "cards ran out"
    tops = _st(final).tops
    shown = {"red" if t[1] in "DH" else "black" for t in tops if t != "RJ"}
    return "stuck, one colour" if len(shown) == 1 else "stuck, both colours"


def colour_row(game: Game, seats: list[str], seed: int) -> Row:
    """A two-player game: the winning colour, when the Jack of Spades was drawn and by
    which seat, how the game ended and its length."""
    return _colour_fields(play(game, seats, seed, keep=True), seats, seed)


def _colour_fields(p: Played, seats: list[str], seed: int) -> Row:
    """:func:`colour_row`'s fields of the played game ``p`` (kept states)."""
    roles = _st(p.final).roles
    return {
        "seed": seed,
        "seats": seats,
        "winners": sorted(p.final.winners),
        "colour": colour_result(p.final),
        "black_seat": roles.index("black") if "black" in roles else None,
        "jack_turn": jack_turn(p.states),
        "ending": ending(p.final),
        "decisions": p.decisions,
    }


def _jack_in_hand_at(states: list[State]) -> int | None:
    """Index of the first of ``states`` in which the Jack of Spades is in a hand (every
    role known); None if it never is."""
    return next((i for i, s in enumerate(states) if None not in _st(s).roles), None)


def lead(state: State) -> int:
    """Black's lead on the circle: stacks topped black less stacks topped red."""
    counts = _st(state).counts()
    return counts["black"] - counts["red"]


def early_row(game: Game, seats: list[str], seed: int) -> Row:
    """A two-player game read for the advice to keep the colours balanced while
    nobody knows theirs: black's lead when the Jack of Spades reached a hand
    (``lead_at_jack``; None if never), the mean size of the lead over the circles
    from the deal to just before that (``mean_gap_before``; None if it was dealt)
    and the winning colour."""
    p = play(game, seats, seed, keep=True)
    at = _jack_in_hand_at(p.states)
    turn = jack_turn(p.states)
    before = p.states[:at] if at else []
    return {
        "seed": seed,
        "seats": seats,
        "winners": sorted(p.final.winners),
        "colour": colour_result(p.final),
        "jack_turn": turn,
        "lead_at_jack": None if at is None else lead(p.states[at]),
        "mean_gap_before": sum(abs(lead(s)) for s in before) / len(before) if before else None,
        "decisions": p.decisions,
    }


def tilt_row(game: Game, seats: list[str], seed: int) -> Row:
    """A two-player game read move by move for how visibly the Jack of Spades' holder
    plays its colour: black's lead on the circle after every decision (``leads``, the
    deal's first), who made each decision (``movers``), the index of the first state in
    which the jack is in a hand (``jack_at``; 0: dealt, None: never) and the first in
    which it lies face up on the circle (``jack_shown_at``; None: never played), with
    :func:`colour_row`'s fields."""
    p = play(game, seats, seed, keep=True)
    at = _jack_in_hand_at(p.states)
    shown = next(
        (i for i, s in enumerate(p.states) if any(BOROMIR in k for k in _st(s).circle)), None
    )
    return {
        **_colour_fields(p, seats, seed),
        "leads": [lead(s) for s in p.states],
        "movers": [s.current_player for s in p.states[:-1]],
        "jack_at": at,
        "jack_shown_at": shown,
    }


def colour_share(rows: Sequence[Row]) -> tuple[Share, float]:
    """Black's win share and a fair colour's (the games with a winner, halved)."""
    black = sum(r["colour"] == "black" for r in rows)
    won = sum(r["colour"] in ("black", "red") for r in rows)
    return wilson(black, len(rows)), won / len(rows) / 2


def tie_break(final: State) -> bool:
    """Whether counting the cards under the winners' tops (the most cards in the stacks
    a suit tops) would leave one winner of a shared win."""
    roles = _st(final).roles
    circle = _st(final).circle
    cards = {roles[w]: sum(len(s) for s in circle if s[-1][-1] == roles[w]) for w in final.winners}
    best = max(cards.values())
    return sum(v == best for v in cards.values()) == 1


def multi_row(game: Game, seats: list[str], seed: int) -> Row:
    """A three- or four-player game: winners, whether a card count breaks a shared
    win, length."""
    p = play(game, seats, seed)
    winners = sorted(p.final.winners)
    return {
        "seed": seed,
        "seats": seats,
        "winners": winners,
        "tie_broken": tie_break(p.final) if len(winners) > 1 else None,
        "decisions": p.decisions,
    }


def colours(ctx: RunContext, specs: tuple[str, str], max_games: int) -> list[Row]:
    """Two-player games between ``specs`` until black's share is decided."""
    table = Table(f"2p {' v '.join(specs)}", colour_row, "fellowship", {}, specs)
    return table.until_decided(ctx, colour_share, max_games=max_games)


def seats(
    ctx: RunContext, players: int, max_games: int = 1200, spec: str = "greedy", batch: int = 400
) -> list[Row]:
    """Games of ``players`` with ``spec`` in every seat until player 0's share is decided
    (at most ``max_games``), looking every ``batch`` games."""
    table = Table(
        f"{players}p {spec}", multi_row, "fellowship", {"players": players}, [spec] * players
    )
    return table.until_decided(ctx, seat_share, batch=batch, min_games=batch, max_games=max_games)


def commit(ctx: RunContext, n: int = 600) -> list[Row]:
    """``commit:K`` against greedy, seats rotated, ``n`` games for each K of :data:`COMMIT_AT`."""
    return _committing(ctx, "commit", "greedy", COMMIT_AT, n)


def search_commit(ctx: RunContext, ks: Sequence[int], n: int, iterations: int = 30) -> list[Row]:
    """``searchcommit:K`` against ``mcts:30`` (or, with 300 ``iterations``,
    ``searchcommit300:K`` against ``mcts:300``), seats rotated, ``n`` games for each K."""
    bot = "searchcommit" if iterations == 30 else f"searchcommit{iterations}"
    return _committing(ctx, bot, f"mcts:{iterations}", ks, n)


def _committing(ctx: RunContext, bot: str, against: str, ks: Sequence[int], n: int) -> list[Row]:
    """``bot:K`` against ``against``, seats rotated, ``n`` games for each K of ``ks``; each
    row notes its K (``commit_at``)."""
    out: list[Row] = []
    for k in ks:
        players = [f"{bot}:{k}", against]
        table = Table(
            f"{players[0]} v {against}", colour_row, "fellowship", {}, players, rotate=True
        )
        out += [{**r, "commit_at": k} for r in table.rows(ctx, n)]
    return out


def keep_even(ctx: RunContext, n: int, margin: int = 5, start: int = 0) -> list[Row]:
    """``even300:margin`` against plain ``mcts:300``, seats rotated, games ``start`` to
    ``start + n`` read as :func:`early_row` (black's lead at the jack's draw, the gap
    before it)."""
    players = [f"even300:{margin}", "mcts:300"]
    label = f"{players[0]} v mcts:300"
    table = Table(label, early_row, "fellowship", {}, players, rotate=True)
    return table.play(ctx, start, start + n)


def even_share(rows: Sequence[Row]) -> tuple[Share, float]:
    """The ``even300`` bot's win share over ``rows`` and a fair player's (half of the
    games with a winner)."""
    won = sum(any(r["seats"][w].startswith("even300") for w in r["winners"]) for r in rows)
    decided = sum(bool(r["winners"]) for r in rows)
    return wilson(won, len(rows)), decided / len(rows) / 2


def lone(ctx: RunContext, players: int, strong: str, weak: str, n: int) -> list[Row]:
    """``players``-player games with one ``strong`` seat among ``weak`` ones, the strong
    seat moved one place a game (:func:`lone_share` reads them)."""
    specs = [strong] + [weak] * (players - 1)
    label = f"{players}p {strong} among {weak}"
    table = Table(label, multi_row, "fellowship", {"players": players}, specs, rotate=True)
    return table.rows(ctx, n)


def lone_share(rows: Sequence[Row], strong: str) -> tuple[Share, float]:
    """The ``strong`` seat's win share over ``rows`` (a shared win counts) and a fair
    seat's (the winners per game shared out over the seats): above fair, the strong rung
    beats the weak one at that number of players.

    >>> rows = [{"seats": ["a", "b", "b"], "winners": w} for w in ([0], [1], [0, 2], [])]
    >>> share, fair = lone_share(rows, "a")
    >>> share.share, fair
    (0.5, 0.3333333333333333)
    """
    won = sum(any(r["seats"][w] == strong for w in r["winners"]) for r in rows)
    players = len(rows[0]["seats"])
    fair = sum(len(r["winners"]) for r in rows) / len(rows) / players
    return wilson(won, len(rows)), fair


def duels(ctx: RunContext, pairs: Sequence[tuple[str, str]], n: int) -> list[Row]:
    """Rotated two-player duels, ``n`` games a pair."""
    out: list[Row] = []
    for pair in pairs:
        out += Table(" v ".join(pair), duel_row, "fellowship", {}, pair, rotate=True).rows(ctx, n)
    return out


# ---- reading the stored tables ---------------------------------------------------


def colour_shares(rows: Sequence[Row]) -> dict[str, Share]:
    """Each ending's share of the games: black won, red won, stalemate, tie."""
    return {
        k: wilson(sum(r["colour"] == k for r in rows), len(rows))
        for k in ("black", "red", "stalemate", "tie")
    }


#: When the Jack of Spades reached a hand, as turn ranges (0: dealt).
JACK_TIMES = {
    "dealt": (0, 0),
    "turns 1-10": (1, 10),
    "turns 11-20": (11, 20),
    "turns 21-30": (21, 30),
}


def black_by_jack_time(rows: Sequence[Row]) -> dict[str, Share]:
    """Black's win share among the games where the Jack of Spades reached a hand in
    each range of :data:`JACK_TIMES`: how much knowing one's colour early is worth."""
    out = {}
    for name, (lo, hi) in JACK_TIMES.items():
        sub = [r for r in rows if r["jack_turn"] is not None and lo <= r["jack_turn"] <= hi]
        out[name] = wilson(sum(r["colour"] == "black" for r in sub), len(sub))
    return out


def black_holds(pile: int, hand: int = 5) -> float:
    """The chance that the opponent holds the Jack of Spades, for a player who has not
    drawn it and has not seen it played, with ``pile`` cards left to draw: it lies among
    the opponent's ``hand`` cards and the pile, each card equally likely."""
    return hand / (hand + pile)


def commit_shares(rows: Sequence[Row], bot: str = "commit") -> dict[int, tuple[Share, Share]]:
    """For each K: the ``commit:K`` bot's (or ``bot:K``'s) win share over all its games,
    and over the games in which it ended red (the games where committing could pay)."""
    out = {}
    for k in sorted({r["commit_at"] for r in rows}):
        sub = [r for r in rows if r["commit_at"] == k]
        mine = [r["seats"].index(f"{bot}:{k}") for r in sub]
        won = [m in r["winners"] for m, r in zip(mine, sub)]
        red = [
            w
            for m, r, w in zip(mine, sub, won)
            if r["black_seat"] is not None and r["black_seat"] != m
        ]
        out[k] = (wilson(sum(won), len(sub)), wilson(sum(red), len(red)))
    return out


def commit_outcome(row: Row, bot: str) -> str:
    """How a commitment game went for the committing seat (``bot``, e.g.
    ``'searchcommit300:30'``): ``'red won'``, ``'red lost'``, ``'black won'``,
    ``'black lost'`` or ``'stalemate'`` (a tie is a loss for both)."""
    if row["black_seat"] is None:
        return "stalemate"
    me = row["seats"].index(bot)
    colour = "black" if row["black_seat"] == me else "red"
    return f"{colour} {'won' if me in row['winners'] else 'lost'}"


def commit_pairs(
    rows: Sequence[Row], k: int, base: int, bot: str = "searchcommit300"
) -> dict[tuple[str, str], int]:
    """The games committing at ``k`` paired with those committing at ``base`` on the
    same deal and seats (the tables of each K share their seeds): how often each pair of
    outcomes (:func:`commit_outcome`, at ``k`` first) came up.

    >>> a = {"seed": 1, "seats": ["b:5", "m"], "winners": [0], "black_seat": 1, "commit_at": 5}
    >>> b = {**a, "seats": ["b:30", "m"], "winners": [1], "commit_at": 30}
    >>> commit_pairs([a, b], 30, 5, "b")
    {('red lost', 'red won'): 1}
    """
    at = {r["seed"]: r for r in rows if r["commit_at"] == base}
    out: dict[tuple[str, str], int] = {}
    for r in rows:
        if r["commit_at"] != k or r["seed"] not in at:
            continue
        pair = (commit_outcome(r, f"{bot}:{k}"), commit_outcome(at[r["seed"]], f"{bot}:{base}"))
        out[pair] = out.get(pair, 0) + 1
    return out


def commit_edge(row: Row, bot: str) -> float:
    """One game's part in the committing seat's (``bot``'s, e.g. ``'searchcommit300:15'``)
    edge over a fair share: 1 if it won, less 1/2 if the game had a winner (a stalemate or
    a tie counts for nobody). Its mean over a table is the seat's share less
    :func:`commit_fair`.

    >>> row = {"seats": ["m", "b:15"], "winners": [1], "colour": "red"}
    >>> commit_edge(row, "b:15"), commit_edge({**row, "winners": []}, "b:15")
    (0.5, -0.5)
    """
    won = row["seats"].index(bot) in row["winners"]
    return won - 0.5 * (row["colour"] in ("black", "red"))


def commit_gap(
    rows: Sequence[Row], k: int, base: int, bot: str = "searchcommit300", z: float = 1.959964
) -> tuple[float, float, float, int]:
    """The committing seat's edge over fair at ``k`` less that at ``base``, on the deals
    played at both (the tables of each K share their seeds and seats, game by game), with
    a normal interval on the per-deal differences (``z``: 95% unless widened) and the
    number of deals: ``(gap, low, high, deals)``, as shares (0.01 a point).

    >>> a = {"seed": 1, "seats": ["b:15", "m"], "winners": [0], "colour": "red", "commit_at": 15}
    >>> b = {**a, "seats": ["b:30", "m"], "winners": [1], "colour": "black", "commit_at": 30}
    >>> c = {**b, "seed": 2, "winners": [0], "colour": "red"}
    >>> commit_gap([a, b, c], 15, 30, "b")
    (1.0, 1.0, 1.0, 1)
    """
    at = {r["seed"]: r for r in rows if r["commit_at"] == base}
    gaps = [
        commit_edge(r, f"{bot}:{k}") - commit_edge(at[r["seed"]], f"{bot}:{base}")
        for r in rows
        if r["commit_at"] == k and r["seed"] in at
    ]
    return (*mean_interval(gaps, z), len(gaps))


def edge_verdict(low: float, high: float) -> str:
    """The reading of an edge over fair from its (widened) interval, in points: ``'a
    gain'`` above 0, ``'a loss'`` below, ``'no gain of 2 points'`` inside [-2, +2],
    else ``'not decided'``.

    >>> edge_verdict(0.3, 6.2), edge_verdict(-1.5, 1.9), edge_verdict(-3.0, 4.0)
    ('a gain', 'no gain of 2 points', 'not decided')
    """
    if low > 0:
        return "a gain"
    if high < 0:
        return "a loss"
    return "no gain of 2 points" if low >= -2 and high <= 2 else "not decided"


def gap_verdict(low: float, high: float, k: int, base: int) -> str:
    """The reading of :func:`commit_gap` (``k`` less ``base``) from its (widened)
    interval, in points: one K better when it excludes 0, as good within 2 points when it
    lies inside [-2, +2], else not told apart.

    >>> gap_verdict(-5.0, -0.4, 15, 30), gap_verdict(-1.0, 1.5, 15, 30)
    ('K = 30 better', 'as good (within 2 points)')
    >>> gap_verdict(-4.0, 1.0, 15, 30)
    'not told apart'
    """
    if high < 0:
        return f"K = {base} better"
    if low > 0:
        return f"K = {k} better"
    return "as good (within 2 points)" if low >= -2 and high <= 2 else "not told apart"


def commit_fair(rows: Sequence[Row], k: int) -> float:
    """A fair player's share of the games committing at ``k``: half of those with a
    winner (a stalemate counts for nobody)."""
    sub = [r for r in rows if r["commit_at"] == k]
    return sum(r["colour"] in ("black", "red") for r in sub) / len(sub) / 2


def seat_report(label: str, rows: Sequence[Row]) -> str:
    """A three- or four-player table in words: each seat's win share against a fair
    seat's (player 0's half-width), how often one player wins alone, two or more share
    the win, or all tie (nobody wins), and how often a card count would break a shared
    win."""
    players = len(rows[0]["seats"])
    share, fair = seat_share(rows)
    half = 100 * (share.high - share.low) / 2
    single = wilson(sum(len(r["winners"]) == 1 for r in rows), len(rows))
    shared = [r for r in rows if len(r["winners"]) > 1]
    broken = wilson(sum(bool(r["tie_broken"]) for r in shared), len(shared))
    lines = [f"{label:12} {len(rows):5} games, fair share {100 * fair:.1f}% a seat"]
    for p in range(players):
        extra = f" (+-{half:.1f})" if p == 0 else ""
        lines.append(f"{'':12} player {p} wins {seat_share(rows, p)[0]}{extra}")
    none = wilson(sum(not r["winners"] for r in rows), len(rows))  # every player tied
    lines.append(f"{'':12} one winner {single}, shared {wilson(len(shared), len(rows))}")
    lines.append(f"{'':12} all tied (nobody wins) {none}")
    lines.append(f"{'':12} a card count breaks {broken} of shared wins")
    return "\n".join(lines)


#: Black's lead on the circle when the Jack of Spades was drawn, as ranges of stacks.
LEADS = {"red ahead by 2+": (-13, -2), "within 1": (-1, 1), "black ahead by 2+": (2, 13)}


def black_by_lead(rows: Sequence[Row]) -> dict[str, Share]:
    """Black's win share among the games in which the jack was drawn (not dealt), by
    black's lead on the circle at that moment (:data:`LEADS`): how much a lead that
    built up while nobody knew their colour decides the game."""
    drawn = [r for r in rows if r["jack_turn"]]
    out = {}
    for name, (lo, hi) in LEADS.items():
        sub = [r for r in drawn if lo <= r["lead_at_jack"] <= hi]
        out[name] = wilson(sum(r["colour"] == "black" for r in sub), len(sub))
    return out


def gap_before(rows: Sequence[Row]) -> tuple[float, Share]:
    """Over the games in which the jack was drawn (not dealt): the mean gap between
    the colours on the circle before the draw (stacks, averaged over those turns), and
    the share of games in which it stood within one stack when the jack came."""
    drawn = [r for r in rows if r["jack_turn"]]
    mean = sum(r["mean_gap_before"] for r in drawn) / len(drawn)
    return mean, wilson(sum(abs(r["lead_at_jack"]) <= 1 for r in drawn), len(drawn))


def duel_outcomes(rows: Sequence[Row], strong: str) -> dict[str, Share]:
    """A duel's games as shares: the stronger bot won, the weaker won, nobody won (a
    stalemate or a tie; a shared win counts for both)."""
    n = len(rows)
    by = [{r["seats"][w] for w in r["winners"]} for r in rows]
    return {
        "stronger won": wilson(sum(strong in b for b in by), n),
        "weaker won": wilson(sum(any(s != strong for s in b) for b in by), n),
        "nobody won": wilson(sum(not b for b in by), n),
    }


def black_edge(row: Row) -> float:
    """One game's part in black's edge over a fair colour: +1/2 if black won, -1/2 if
    red won, 0 for a stalemate or tie. Its mean over a table is black's share less the
    fair share (half of the games with a winner)."""
    return {"black": 0.5, "red": -0.5}.get(str(row["colour"]), 0.0)


def paired_edge_gap(
    a: Sequence[Row], b: Sequence[Row], z: float = 1.959964
) -> tuple[float, float, float]:
    """Black's edge over fair in ``a`` less that in ``b``, the two tables played on the
    same deals (row by row, the same seeds), with a normal interval on the per-deal
    differences (``z``: 95% unless widened): the paired reading of two variants.

    >>> rows = [{"seed": s, "colour": c} for s, c in enumerate(["black", "red", "red"])]
    >>> other = [{**r, "colour": "red"} for r in rows]
    >>> [round(x, 3) for x in paired_edge_gap(rows, other)]
    [0.333, -0.32, 0.987]
    """
    if [r["seed"] for r in a] != [r["seed"] for r in b]:
        raise ValueError("the tables are not on the same deals")
    return mean_interval([black_edge(x) - black_edge(y) for x, y in zip(a, b)], z)


def holder_moves(rows: Sequence[Row]) -> dict[str, list[list[int]]]:
    """The change in black's lead made by each move of :func:`tilt_row`'s games in which
    the Jack of Spades reached a hand, game by game, by whose move and when: the holder's
    moves before it drew the jack (``'holder, before'``: it did not know yet) and after
    (``'holder, after'``), the other player's before and after (the jack's draw being
    the first state with a holder; a dealt jack leaves no "before").

    >>> row = {"jack_at": 2, "black_seat": 0, "movers": [0, 1, 0, 1], "leads": [0, -1, -2, 0, -1]}
    >>> {k: v[0] for k, v in holder_moves([row]).items()}
    {'holder, before': [-1], 'holder, after': [2], 'other, before': [-1], 'other, after': [-1]}
    """
    out: dict[str, list[list[int]]] = {
        k: [] for k in ("holder, before", "holder, after", "other, before", "other, after")
    }
    for r in rows:
        if r["jack_at"] is None:
            continue
        leads, at, holder = r["leads"], r["jack_at"], r["black_seat"]
        game: dict[str, list[int]] = {k: [] for k in out}
        for i, mover in enumerate(r["movers"]):
            who = "holder" if mover == holder else "other"
            game[f"{who}, {'after' if i >= at else 'before'}"].append(leads[i + 1] - leads[i])
        for k, moves in game.items():
            if moves:
                out[k].append(moves)
    return out


def clustered_mean(games: Sequence[Sequence[float]], z: float = 1.959964) -> tuple[float, ...]:
    """The mean over every value of ``games`` (lists of values, one a game) with a 95%
    interval that treats the games, not the values, as independent
    (:func:`~tablegames.analysis.metrics.clustered_ratio`): ``(mean, low, high)``.

    >>> [round(x, 2) for x in clustered_mean([[1, 1], [0, 0], [1, 0]])]
    [0.5, -0.07, 1.07]
    """
    return clustered_ratio([(sum(g), len(g)) for g in games], z)


def first_after(rows: Sequence[Row], moves: int = 3) -> tuple[Share, Share]:
    """Over :func:`tilt_row`'s games in which the jack was drawn (not dealt) and the
    holder made ``moves`` moves after it: how often the holder's first ``moves`` moves
    after the draw raised black's lead by 2 stacks or more in all (the holder shows its
    colour), and how often the same player's last ``moves`` moves before the draw did
    (the same test on a player who did not yet know: a false alarm)."""
    shown, alarm, n = 0, 0, 0
    for r in rows:
        at, holder = r["jack_at"], r["black_seat"]
        if not at:
            continue
        mine = [i for i, m in enumerate(r["movers"]) if m == holder]
        after = [i for i in mine if i >= at][:moves]
        before = [i for i in mine if i < at][-moves:]
        if len(after) < moves or len(before) < moves:
            continue
        gain = [sum(r["leads"][i + 1] - r["leads"][i] for i in part) for part in (after, before)]
        n += 1
        shown += gain[0] >= 2
        alarm += gain[1] >= 2
    return wilson(shown, n), wilson(alarm, n)
