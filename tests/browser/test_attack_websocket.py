"""Issue 27 item 1: hostile frames on a page's own kernel websocket. Each attack is sent
by a light client to a real Voila server started as ``make play`` starts it; the server
must close the hostile connection (or refuse it), keep answering an ordinary visitor, not
balloon in memory, log one line and no traceback, and the pages must keep working.

On the code before the fix: the 2^62-part claim blocked the event loop until the memory
ceiling (2 GB) killed Voila; 50M parts froze it ~5 s a frame with the connection left
open; a v1 frame on a legacy connection was read as 100M parts. See docs/security.md.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.browser import open_board, start_voila, stop
from support.hostile import (
    InvalidHandshake,
    Watch,
    answered_in,
    claim,
    closed_within,
    message,
    offsets_of,
    open_socket,
    send_all,
    with_offsets,
)

#: How long an ordinary request may take while an attack runs: generous, as the machine
#: is shared (unfixed, the 2^62 claim never let it through; 4 claims of 50M took ~20 s).
PROMPT = 10.0
#: How much the Voila process may grow during one attack (unfixed: gigabytes).
GROWTH_MB = 200.0


class Server:
    def __init__(self, proc: subprocess.Popen[bytes], url: str, log: Path) -> None:
        self.proc, self.url, self.log = proc, url, log

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        stop(server.proc)


@pytest.fixture
def server(servers: list[Server], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's Voila server, started again if an attack killed the last one (or
    left it frozen: it is killed then, as it may not even handle SIGTERM)."""
    if not servers or servers[-1].proc.poll() is not None:
        tmp = tmp_path_factory.mktemp("voila")
        proc, url = start_voila(tmp)
        servers.append(Server(proc, url, tmp / "voila.log"))
    yield servers[-1]
    if servers[-1].proc.poll() is None and answered_in(servers[-1].url, PROMPT) is None:
        servers[-1].proc.kill()
        servers[-1].proc.wait()


def attack(
    server: Server, frames: list[bytes | str], v1: bool = True, wait: float = 5
) -> tuple[bool, Watch, float | None]:
    """Open a page's kernel websocket, send ``frames``; whether the server closed it
    (or refused the connection), the memory watch, and an ordinary request's time
    asked right after the frames went out."""
    before = len(server.log_text())
    with Watch(server.proc.pid) as watch:
        try:
            socket = open_socket(server.url, v1=v1)
        except InvalidHandshake:
            return True, watch, answered_in(server.url, PROMPT)
        with socket:
            send_all(socket, frames)
            time.sleep(1)  # the server reads the frames (else the request may come first)
            answered = answered_in(server.url, PROMPT)
            closed = closed_within(socket, wait)
    new = server.log_text()[before:]
    assert "Traceback" not in new, new[-3000:]
    assert not watch.killed, f"Voila passed {watch.ceiling_mb:.0f} MB and was killed"
    return closed, watch, answered


def check(server: Server, frames: list[bytes | str], v1: bool = True, wait: float = 5) -> None:
    closed, watch, answered = attack(server, frames, v1, wait)
    assert answered is not None, f"an ordinary request waited more than {PROMPT} s"
    assert watch.growth_mb < GROWTH_MB, f"Voila grew {watch.growth_mb:.0f} MB"
    assert closed, "the hostile connection was left open"
    assert answered_in(server.url, PROMPT) is not None  # and after


def test_a_claim_of_2_62_parts_in_24_bytes_is_refused(server: Server) -> None:
    check(server, [claim(2**62)])


def test_claims_of_50m_parts_are_refused_at_once(server: Server) -> None:
    check(server, [claim(50_000_000)] * 4)


def test_a_v1_frame_on_a_legacy_connection_is_refused(server: Server) -> None:
    """Without the subprotocol, jupyter_server read a binary frame's first 4 bytes as a
    part count: an ordinary v1 frame claims 100,663,296 parts."""
    check(server, [message()], v1=False)


def test_a_legacy_text_frame_is_refused(server: Server) -> None:
    legacy = {"header": {"msg_type": "kernel_info_request", "msg_id": "1", "session": "s",
                         "username": "u", "version": "5.3"}, "parent_header": {},
              "metadata": {}, "content": {}, "channel": "shell"}  # fmt: skip
    check(server, [json.dumps(legacy)], v1=False)


def test_a_text_frame_on_a_v1_connection_is_refused(server: Server) -> None:
    check(server, ["{}"])


def test_offsets_out_of_order_are_refused(server: Server) -> None:
    frame = message()
    offsets = offsets_of(frame)
    offsets[2], offsets[3] = offsets[3], offsets[2]
    check(server, [with_offsets(frame, offsets)])


def test_offsets_outside_the_frame_are_refused(server: Server) -> None:
    frame = message()
    offsets = offsets_of(frame)
    offsets[-1] += 10**6
    check(server, [with_offsets(frame, offsets)])


def test_an_unknown_channel_is_refused(server: Server) -> None:
    """iopub is the kernel's to send on: the server could only fail writing to it."""
    frame = message()
    check(server, [frame.replace(b"shell", b"iopub", 1)])


def test_a_header_that_is_not_json_is_refused(server: Server) -> None:
    frame = message()
    at = offsets_of(frame)[1]
    check(server, [frame[:at] + b"\xff" + frame[at + 1 :]])


#: How long the server may take to read a flood of 5,000 messages and close the socket
#: (polled: a quick server answers in a second or two). 15 s was not always enough with the
#: suite running beside other work (load 8-10 on two cores, 2 of 4 such runs on 29 Nov).
FLOOD_WAIT = 40


def test_a_flood_of_messages_closes_the_connection(server: Server) -> None:
    """Far past the rate a page played fast sends (docs/security.md): 5,000 cheap
    messages as fast as the socket takes them. The server counts them as it reads them,
    which it does more slowly on a busy machine: it has FLOOD_WAIT s to get past the burst."""
    check(server, [message("comm_info_request") for _ in range(5000)], wait=FLOOD_WAIT)


def test_a_message_sent_twice_is_refused(server: Server) -> None:
    """A replay (same bytes, same signature) made the kernel log a traceback each time."""
    check(server, [message()] * 2)


def test_an_oversized_frame_closes_the_connection(server: Server) -> None:
    """2 MiB, well under tornado's default 10 MiB, far over anything a page sends."""
    check(server, [message(content={"code": "x" * (2 << 20)})])


def test_the_page_still_plays_after_the_attacks(server: Server, page: object) -> None:
    """Every attack again on one server, then an ordinary visitor's board paints and a
    click on it redraws it."""
    flood = [message("comm_info_request") for _ in range(5000)]
    for frames in ([claim(2**62)], [claim(50_000_000)], flood, [message()] * 2):
        attack(server, frames, wait=FLOOD_WAIT)
    attack(server, [message()], v1=False)
    open_board(page, server.url, "resistor.ipynb")
    caption = "() => document.querySelector('.tablegames-caption').innerText"
    before = page.evaluate(caption)  # type: ignore[attr-defined]
    page.locator(".tablegames-play button[title='Play the move chosen in the list']").click()  # type: ignore[attr-defined]
    page.wait_for_function(f"() => ({caption})() !== {json.dumps(before)}", timeout=20_000)  # type: ignore[attr-defined]
    assert not page.errors  # type: ignore[attr-defined]
