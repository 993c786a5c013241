"""Every operation of the table store, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

import tablegames as tg
from tablegames.tables import (
    BadToken,
    GameOver,
    NotYourTurn,
    StaleMove,
    TableError,
    TableInPlay,
    TableStore,
    UnknownTable,
    default_path,
    default_store,
)
from tablegames.tables.store import _safe_url


def play_out(store: TableStore, table: str, tokens: dict[int, str]) -> tg.Record:
    """Play the first legal move of whoever is to move until the game ends."""
    view = store.view(table, next(iter(tokens.values())))
    while not view.finished:
        view = store.view(table, tokens[view.to_move])
        view = store.play(table, tokens[view.to_move], view.legal_moves[0], view.ply)
    return store.record(table, tokens[0])


def test_create_gives_a_token_per_human_seat_a_spectator_token_and_a_creator_token(
    store: TableStore,
) -> None:
    t = store.create("fellowship", ["human", "random"], seed=5)
    assert set(t.tokens) == {0}
    assert len({t.tokens[0], t.spectator, t.creator}) == 3
    assert t.game == "fellowship" and t.seats == ("human", "random")
    assert store.view(t.table, t.spectator).seat is None


def test_view_shows_the_seat_its_observation_and_its_legal_moves(store: TableStore) -> None:
    t = store.create("poohsticks", ["human", "human"], seed=2)
    state = tg.make("poohsticks").initial_state(2)
    mover = state.current_player
    view = store.view(t.table, t.tokens[mover])
    assert view.seat == mover and view.ply == 0 and view.your_turn
    assert view.observation == state.observation(mover)
    assert view.legal_moves == tuple(str(m) for m in state.legal_moves())
    other = store.view(t.table, t.tokens[1 - mover])
    assert not other.your_turn and other.legal_moves == () and other.to_move == mover
    json.dumps(view.to_json())  # a page can send it as it is


def test_play_moves_the_table_on_for_every_seat(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    v0 = store.view(t.table, t.tokens[0])
    after = store.play(t.table, t.tokens[0], v0.legal_moves[0], v0.ply)
    assert after.ply == 1 and after.last_move == (0, v0.legal_moves[0])
    v1 = store.view(t.table, t.tokens[1])
    assert v1.ply == 1 and v1.your_turn


def test_play_accepts_a_move_object_as_well_as_its_notation(store: TableStore) -> None:
    t = store.create("poohsticks", ["human", "human"], seed=2)
    state = tg.make("poohsticks").initial_state(2)
    token = t.tokens[state.current_player]
    assert store.play(t.table, token, state.legal_moves()[0], 0).ply == 1


def test_a_bot_that_starts_moves_at_creation(store: TableStore) -> None:
    state = tg.make("poohsticks").initial_state(2)
    seats = ["random", "random"]
    seats[1 - state.current_player] = "human"
    t = store.create("poohsticks", seats, seed=2)
    view = store.view(t.table, t.spectator, advance=False)
    assert view.ply >= 1 and view.to_move == 1 - state.current_player
    assert t.ply == view.ply


def test_bots_answer_within_the_human_move(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "greedy"], seed=3)
    v = store.view(t.table, t.tokens[0])
    after = store.play(t.table, t.tokens[0], v.legal_moves[0], v.ply)
    assert after.ply == 2 and after.your_turn and after.last_move is not None
    assert after.last_move[0] == 1


def test_the_record_of_a_finished_table_replays_to_its_last_view(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=4)
    record = play_out(store, t.table, t.tokens)
    final = tg.replay(record.to_json())[-1]
    assert final.is_terminal
    assert record.seed == 4 and record.game == "fellowship"
    view = store.view(t.table, t.spectator)
    assert view.finished and view.winners == tuple(sorted(final.winners))
    assert view.to_move == -1 and view.legal_moves == ()


def test_the_record_is_refused_while_the_game_is_in_play(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=4)
    with pytest.raises(TableInPlay, match=r"still in play \(after 0 moves\)"):
        store.record(t.table, t.tokens[0])


def test_no_move_after_the_game_is_over(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=4)
    record = play_out(store, t.table, t.tokens)
    with pytest.raises(GameOver, match=f"is over \\(after {len(record.moves)} moves\\)"):
        store.play(t.table, t.tokens[0], "cover 1 7H", len(record.moves))


def test_a_stale_move_is_refused_naming_the_plies_and_nothing_is_written(
    store: TableStore,
) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    v0 = store.view(t.table, t.tokens[0])
    store.play(t.table, t.tokens[0], v0.legal_moves[0], 0)
    v1 = store.view(t.table, t.tokens[1])
    with pytest.raises(StaleMove, match=r"is at ply 1, but this move was chosen at ply 0") as e:
        store.play(t.table, t.tokens[1], v1.legal_moves[0], 0)
    assert isinstance(e.value, tg.IllegalMove) and (e.value.table_ply, e.value.chosen_at) == (1, 0)
    assert store.view(t.table, t.tokens[1]).ply == 1


def test_a_move_out_of_turn_is_refused(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    with pytest.raises(NotYourTurn, match=r"it is seat 0's turn .* not seat 1's"):
        store.play(t.table, t.tokens[1], "cover 1 7H", 0)


def test_a_spectator_cannot_play(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    with pytest.raises(NotYourTurn, match=r"a spectator .* cannot play"):
        store.play(t.table, t.spectator, "cover 1 7H", 0)


def test_an_illegal_move_is_the_games_error_and_is_not_written(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    with pytest.raises(tg.IllegalMove):
        store.play(t.table, t.tokens[0], "not a move", 0)
    assert store.view(t.table, t.tokens[0]).ply == 0


def test_a_bad_ply_is_a_value_error(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    with pytest.raises(ValueError, match="ply must be the view's ply"):
        store.play(t.table, t.tokens[0], "cover 1 7H", "0")  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["nosuchtable", "", "../etc", 7, None])
def test_a_bad_table_id_is_refused_clearly(store: TableStore, bad: object) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    with pytest.raises(UnknownTable, match="table"):
        store.view(bad, t.tokens[0])  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["x" * 43, "short", "", "a token with spaces!!!!", 12, None])
def test_a_bad_token_is_refused_without_showing_it(store: TableStore, bad: object) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    for call in (
        lambda: store.view(t.table, bad),  # type: ignore[arg-type]
        lambda: store.play(t.table, bad, "cover 1 7H", 0),  # type: ignore[arg-type]
        lambda: store.wait(t.table, bad, 0, timeout=0),  # type: ignore[arg-type]
        lambda: store.record(t.table, bad),  # type: ignore[arg-type]
    ):
        with pytest.raises(BadToken, match=f"not a seat or spectator token of table {t.table}"):
            call()


def test_a_token_of_another_table_is_refused(store: TableStore) -> None:
    a = store.create("fellowship", ["human", "human"], seed=3)
    b = store.create("fellowship", ["human", "human"], seed=3, creator=a.creator)
    assert a.tokens[0] != b.tokens[0]
    with pytest.raises(BadToken):
        store.view(b.table, a.tokens[0])


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (["human"], "has 2 seats"),
        (["human", "robot"], "unknown bot 'robot'"),
        (["random", "greedy"], "at least one 'human' seat"),
        ("human", "has 2 seats"),
    ],
)
def test_bad_seats_are_refused(store: TableStore, seats: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        store.create("fellowship", seats)  # type: ignore[arg-type]


def test_bad_games_options_and_creator_tokens_are_refused(store: TableStore) -> None:
    with pytest.raises(ValueError, match="unknown game"):
        store.create("chess", ["human", "human"])
    with pytest.raises(ValueError, match="players"):
        store.create("fellowship", ["human", "human"], options={"players": 9})
    with pytest.raises(BadToken, match="creator token is 20 to 128"):
        store.create("fellowship", ["human", "human"], creator="me")
    with pytest.raises(BadToken, match="creator token"):
        store.tables_of("me")


def test_options_reach_the_game(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human", "random"], options={"players": 3})
    view = store.view(t.table, t.tokens[0])
    assert view.options["players"] == 3 and len(view.seats) == 3


def test_tables_of_lists_a_creators_tables_newest_first_with_their_links(
    store: TableStore,
) -> None:
    a = store.create("fellowship", ["human", "human"], seed=1)
    b = store.create("poohsticks", ["human", "random"], seed=1, creator=a.creator)
    store.create("fellowship", ["human", "human"], seed=1)  # someone else's
    listed = store.tables_of(a.creator)
    assert [i.table for i in listed] == [b.table, a.table]
    assert listed[1].tokens == a.tokens and listed[1].spectator == a.spectator
    links = listed[0].links("http://host/voila/render/play.ipynb")
    assert (
        links["seat 0"]
        == f"http://host/voila/render/play.ipynb?table={b.table}&token={b.tokens[0]}"
    )
    assert set(links) == {"seat 0", "spectator"}
    assert store.tables_of("x" * 43) == []


def test_wait_returns_the_next_view_when_another_seat_moves(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    got: list[object] = []
    waiter = threading.Thread(target=lambda: got.append(store.wait(t.table, t.tokens[1], 0, 10)))
    waiter.start()
    time.sleep(0.1)
    v0 = store.view(t.table, t.tokens[0])
    store.play(t.table, t.tokens[0], v0.legal_moves[0], 0)
    waiter.join(10)
    view = got[0]
    assert view is not None and view.ply == 1 and view.your_turn  # type: ignore[attr-defined]


def test_wait_gives_none_after_the_timeout_and_at_once_when_behind(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    start = time.monotonic()
    assert store.wait(t.table, t.tokens[1], 0, timeout=0.2) is None
    assert 0.2 <= time.monotonic() - start < 2
    v0 = store.view(t.table, t.tokens[0])
    store.play(t.table, t.tokens[0], v0.legal_moves[0], 0)
    view = store.wait(t.table, t.tokens[1], 0, timeout=5)
    assert view is not None and view.ply == 1


def test_a_seat_handle_follows_the_table(store: TableStore) -> None:
    t = store.create("fellowship", ["human", "human"], seed=3)
    me, other = store.seat(t.table, t.tokens[0]), store.seat(t.table, t.tokens[1])
    assert (me.index, store.seat(t.table, t.spectator).index) == (0, -1)
    view = me.play(me.view().legal_moves[0], 0)
    assert [v.ply for v in other.follow(0, timeout=0.1)] == [view.ply]
    assert "token" not in repr(me).replace("table", "")


def test_a_second_store_on_the_same_database_sees_the_same_tables(url: str) -> None:
    with TableStore(url) as a, TableStore(url) as b:
        t = a.create("fellowship", ["human", "human"], seed=3)
        a.play(t.table, t.tokens[0], a.view(t.table, t.tokens[0]).legal_moves[0], 0)
        assert b.view(t.table, t.tokens[1]).ply == 1
        b.play(t.table, t.tokens[1], b.view(t.table, t.tokens[1]).legal_moves[0], 1)
        assert a.view(t.table, t.tokens[0]).ply == 2


def test_tokens_are_stored_only_as_hashes(sqlite_url: str) -> None:
    with TableStore(sqlite_url) as s:
        t = s.create("fellowship", ["human", "human"], seed=3)
    folder = Path(sqlite_url.removeprefix("sqlite:///")).parent
    raw = b"".join(f.read_bytes() for f in folder.iterdir())
    assert t.table.encode() in raw
    for token in (*t.tokens.values(), t.spectator, t.creator):
        assert token.encode() not in raw


def test_the_sqlite_file_is_in_wal_mode(sqlite_url: str) -> None:
    import sqlite3

    TableStore(sqlite_url).close()
    conn = sqlite3.connect(sqlite_url.removeprefix("sqlite:///"))
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    conn.close()


def test_store_urls_are_checked() -> None:
    with pytest.raises(ValueError, match=r"use sqlite:///PATH .* or postgresql://"):
        TableStore("mysql://somewhere")
    with pytest.raises(ValueError, match="needs a file path"):
        TableStore("sqlite:///")
    assert _safe_url("postgresql://me:secret@db/tables") == "postgresql://me:***@db/tables"


def test_default_store_reads_the_environment_variable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "sub" / "t.db"
    monkeypatch.setenv("TABLEGAMES_TABLES", f"sqlite:///{path}")
    with default_store() as s:
        assert s.url == f"sqlite:///{path}" and path.exists()
    monkeypatch.delenv("TABLEGAMES_TABLES")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "tablegames" / "tables.db"


def test_every_table_error_is_a_value_error() -> None:
    for cls in (BadToken, GameOver, NotYourTurn, StaleMove, TableInPlay, UnknownTable):
        assert issubclass(cls, TableError) and issubclass(cls, ValueError)
    assert issubclass(StaleMove, tg.IllegalMove) and issubclass(NotYourTurn, tg.IllegalMove)


def test_a_store_keeps_a_handful_of_connections_however_many_threads_wait(
    pg_url: str,
) -> None:
    import psycopg

    def connections() -> int:
        with psycopg.connect(pg_url, autocommit=True) as c:
            row = c.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'"
            ).fetchone()
            assert row is not None
            return int(row[0]) - 1  # not this one

    before = connections()
    with TableStore(pg_url) as store:
        t = store.create("fellowship", ["human", "human"], seed=3)
        for _ in range(3):  # a page may start a thread per wait
            threads = [
                threading.Thread(target=store.wait, args=(t.table, t.tokens[1], 0, 0.2))
                for _ in range(12)
            ]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
        assert connections() - before <= 4 + 1  # the pool's idle ones and the listener
    assert connections() == before
