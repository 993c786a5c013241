"""The Voila server's own classes (tablegames_widgets.server.kernels): page templates compiled once
per process, not once per page."""

from __future__ import annotations

import datetime
from typing import Any

import jinja2
import nbformat
import pytest

pytest.importorskip("nbconvert")
from nbconvert import HTMLExporter
from tablegames_widgets.server.kernels import TEMPLATE_CACHE, share_templates


def test_page_templates_are_compiled_once_per_process(monkeypatch) -> None:
    """Voila makes a new exporter (a new Jinja environment) for every page; with the
    shared cache the second page compiles no template."""
    share_templates()
    share_templates()  # idempotent: the patch is not stacked
    monkeypatch.setattr(TEMPLATE_CACHE, "_code", {})  # as a fresh process starts
    compiled: list[str] = []
    compile_ = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(str(name))
        return compile_(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A page")])
    first, _ = HTMLExporter(template_name="lab").from_notebook_node(notebook)
    assert compiled, "the first page compiled nothing: the test proves nothing"
    compiled.clear()
    second, _ = HTMLExporter(template_name="lab").from_notebook_node(notebook)
    assert compiled == [], f"a second page compiled {compiled}"
    assert first == second
    assert TEMPLATE_CACHE._code


def _published(session, msg_type: str, content: dict, parent_type: str | None) -> list[bytes]:
    """A message as a kernel publishes it on IOPub (identities, delimiter, signed parts)."""
    parent = session.msg_header(parent_type) if parent_type else {}
    msg = session.msg(msg_type, content, parent=parent)
    return [b"kernel.iopub", *session.serialize(msg)]


@pytest.mark.parametrize(
    ("msg_type", "content", "parent_type", "before", "after", "touched"),
    [
        # a widget update answering a click: activity; the state stays as it was
        ("comm_msg", {"comm_id": "c", "data": {}}, "comm_msg", "idle", "idle", True),
        # busy/idle answering a click: the state follows, and it counts as activity
        ("status", {"execution_state": "busy"}, "comm_msg", "idle", "busy", True),
        ("status", {"execution_state": "idle"}, "comm_msg", "busy", "idle", True),
        # a heartbeat-like status for an untracked request: no activity, state unchanged
        ("status", {"execution_state": "busy"}, "kernel_info_request", "idle", "idle", False),
        # a status with no parent counts as tracked: the state follows it
        ("status", {"execution_state": "busy"}, None, "starting", "busy", True),
        # the first untracked status after start: starting -> idle
        ("status", {"execution_state": "busy"}, "kernel_info_request", "starting", "idle", False),
        # output while busy counts, even though stream messages are untracked
        ("stream", {"name": "stdout", "text": "x"}, "execute_request", "busy", "busy", True),
    ],
)
def test_activity_watcher_keeps_jupyter_servers_rules(
    msg_type, content, parent_type, before, after, touched
) -> None:
    """The lean watcher reads what jupyter_server's own ``record_activity`` reads: the
    idle clock moves for the same messages and the execution state follows the same way
    (checked against the original on the same message)."""
    from jupyter_client.session import Session
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from tablegames_widgets.server.kernels import activity_watcher

    class Kernel:
        def __init__(self) -> None:
            self.execution_state = before
            self.last_activity = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
            self.session = session
            self.watch: Any = None

        def connect_iopub(self) -> Any:
            kernel = self

            class Stream:
                def on_recv(self, callback: Any) -> None:
                    kernel.watch = callback

            return Stream()

    manager = MappingKernelManager()
    session = Session(key=b"secret")
    message = _published(session, msg_type, content, parent_type)
    lean, original = Kernel(), Kernel()
    activity_watcher(manager, lean)(message)
    manager._kernels = {"k": original}
    manager.start_watching_activity("k")  # jupyter_server's own watcher
    original.last_activity = Kernel().last_activity  # it starts the clock: set it back
    original.watch(message)
    assert lean.execution_state == original.execution_state == after
    assert (lean.last_activity.year > 2000) is (original.last_activity.year > 2000) is touched


def test_activity_watcher_ignores_a_malformed_message() -> None:
    """A message that is not a kernel message (no delimiter, bad JSON) changes nothing
    and raises nothing in the server's event loop."""
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from tablegames_widgets.server.kernels import activity_watcher

    class Kernel:
        execution_state = "idle"
        last_activity = None

    kernel = Kernel()
    watch = activity_watcher(MappingKernelManager(), kernel)
    watch([b"no delimiter"])
    watch([b"x", b"<IDS|MSG>", b"sig", b"{not json", b"{}", b"{}", b"{}"])
    assert (kernel.execution_state, kernel.last_activity) == ("idle", None)


def test_debug_records_are_not_built_when_no_handler_shows_them() -> None:
    """The logger rises to its handlers' level (INFO here); with a DEBUG handler, or a
    logger whose records go up to its parent, it is left as it was."""
    import logging

    from tablegames_widgets.server.kernels import skip_unshown_records

    def logger(name: str, handler_level: int, propagate: bool = False) -> logging.Logger:
        log = logging.getLogger(name)
        log.handlers = [logging.StreamHandler()]
        log.handlers[0].setLevel(handler_level)
        log.setLevel(logging.DEBUG)
        log.propagate = propagate
        return log

    quiet = logger("tablegames-test-info", logging.INFO)
    skip_unshown_records(quiet)
    assert not quiet.isEnabledFor(logging.DEBUG) and quiet.isEnabledFor(logging.INFO)
    debug = logger("tablegames-test-debug", logging.DEBUG)
    skip_unshown_records(debug)
    assert debug.isEnabledFor(logging.DEBUG)
    passing = logger("tablegames-test-propagate", logging.INFO, propagate=True)
    skip_unshown_records(passing)
    assert passing.isEnabledFor(logging.DEBUG)


def test_the_server_heap_is_frozen_at_start_and_at_the_first_handoff_only() -> None:
    """The Voila process's long-lived objects leave the collector's walk twice: when the
    kernel manager starts, and when the first visitor takes a preheated kernel (not at
    every handoff: later garbage must stay collectable). In a fresh interpreter, since a
    frozen heap is the whole process's."""
    import subprocess
    import sys
    import textwrap

    code = textwrap.dedent(
        """
        import asyncio, gc
        from tablegames_widgets.server.kernels import HandoffKernelManager

        class Pooled(HandoffKernelManager):
            async def get_rendered_notebook(self, *args, **kw):
                return (None, [], "no-such-kernel")

        gc.unfreeze()
        manager = Pooled()
        started = gc.get_freeze_count()
        made_since = [[] for _ in range(1000)]
        asyncio.run(manager.get_rendered_notebook("page.ipynb"))
        first = gc.get_freeze_count()
        more = [[] for _ in range(1000)]
        asyncio.run(manager.get_rendered_notebook("page.ipynb"))
        print(started > 0, first >= started + 1000, gc.get_freeze_count() == first)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["True", "True", "True"], out.stdout + out.stderr


class _Stream:
    """A kernel channel's stream, as the buffering sees it."""

    def __init__(self) -> None:
        self.callback: Any = None
        self.closed = False
        self.socket = type("Socket", (), {"closed": False})()

    def on_recv(self, callback: Any) -> None:
        self.callback = callback

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize(
    ("sent", "size", "wait", "kept"),
    [
        (3, 100, 0.0, 3),  # a page that comes back in time gets its replies
        (10, 10, 0.0, None),  # more replies than the count: dropped
        (2, 800, 0.0, None),  # more bytes than the bound: dropped
        (2, 10, 0.7, None),  # the page did not come back in time: dropped
    ],
)
def test_replies_kept_for_a_closed_page_are_bounded(sent, size, wait, kept) -> None:
    """jupyter_server keeps every reply of a kernel whose page's websocket closed, for
    the same session to come back, with no bound and until the kernel goes (160 MB for a
    visitor who sent 100,000 widget messages and left). Here: at most
    ``buffer_max_messages`` replies and ``buffer_max_bytes``, for ``buffer_timeout``
    seconds; past any of them the buffer and its streams are dropped."""
    import asyncio
    import gc

    from tablegames_widgets.server.kernels import HandoffKernelManager

    async def run() -> tuple[Any, list[_Stream]]:
        manager = HandoffKernelManager(
            buffer_max_messages=5, buffer_max_bytes=1000, buffer_timeout=0.5
        )
        gc.unfreeze()  # the manager freezes the heap, for a server's life: not a test's
        manager._kernels["k"] = object()
        streams = {"iopub": _Stream(), "shell": _Stream()}
        manager.start_buffering("k", "session", streams)
        for _ in range(sent):
            streams["iopub"].callback([b"x" * size])
        await asyncio.sleep(wait + 0.05)
        return manager.get_buffer("k", "session"), list(streams.values())

    buffer, streams = asyncio.run(run())
    if kept is None:
        assert buffer is None, f"{len(buffer['buffer'])} replies still kept"
        assert all(s.closed for s in streams)
    else:
        assert buffer is not None and len(buffer["buffer"]) == kept


def test_a_visitor_past_their_cap_makes_way_with_their_oldest_kernel() -> None:
    """Past their own cap, a visitor's oldest kernel is let go (theirs alone); past the
    address's or the server's cap, the request is refused and nobody's kernel goes."""
    from tablegames_widgets.server.visitors import Limits, Visitors

    visitors = Visitors(Limits(per_visitor=2, per_address=3, total=4))
    a1, _ = visitors.admit("a", "10.0.0.1")
    assert a1 is not None
    visitors.bind(a1, "k1")
    a2, _ = visitors.admit("a", "10.0.0.1")
    assert a2 is not None
    visitors.bind(a2, "k2")
    a3, gone = visitors.admit("a", "10.0.0.1")
    assert a3 is not None and gone == ["k1"] and visitors.owner("k1") is None
    # a page still loading holds its claim, and is never the one to make way
    a4, gone = visitors.admit("a", "10.0.0.1")
    assert a4 is not None and gone == ["k2"]
    assert visitors.admit("a", "10.0.0.1") == (None, [])  # both claims still loading
    b1, _ = visitors.admit("b", "10.0.0.1")
    assert b1 is not None  # the address's third
    assert visitors.admit("c", "10.0.0.1") == (None, [])  # the address is full
    c1, _ = visitors.admit("c", "10.0.0.2")
    assert c1 is not None
    assert visitors.admit("d", "10.0.0.3") == (None, [])  # the server is full
    visitors.release(b1)  # b's page ended without a kernel
    assert visitors.admit("d", "10.0.0.3")[0] is not None


@pytest.mark.parametrize(
    ("peer", "forwarded", "trusted", "address"),
    [
        ("10.9.9.9", ["1.2.3.4"], [], "10.9.9.9"),  # no proxy trusted: the header is unread
        ("10.9.9.9", ["1.2.3.4"], ["127.0.0.1"], "10.9.9.9"),  # not from the proxy
        ("127.0.0.1", ["1.2.3.4"], ["127.0.0.1"], "1.2.3.4"),
        ("127.0.0.1", [], ["127.0.0.1"], "127.0.0.1"),
        # what the client wrote itself stays on the left, unread
        ("127.0.0.1", ["6.6.6.6, 1.2.3.4"], ["127.0.0.1"], "1.2.3.4"),
        # a chain of trusted proxies is skipped, header lines joined in order
        ("127.0.0.1", ["6.6.6.6", "1.2.3.4, 10.0.0.5"], ["127.0.0.1", "10.0.0.0/8"], "1.2.3.4"),
        # an IPv6 client may use any address of its /64: it counts as the /64
        ("2001:db8:1:2:aaaa::1", [], [], "2001:db8:1:2::/64"),
        ("::1", ["2001:db8:1:2:bbbb::7"], ["::1"], "2001:db8:1:2::/64"),
        ("::ffff:10.0.0.7", [], [], "10.0.0.7"),
    ],
)
def test_the_client_address_behind_trusted_proxies(peer, forwarded, trusted, address) -> None:
    from tablegames_widgets.server.visitors import client_address, trusted_networks

    assert client_address(peer, forwarded, trusted_networks(trusted)) == address


def test_a_mistyped_trusted_proxy_is_named_when_the_server_starts() -> None:
    from tablegames_widgets.server.visitors import trusted_networks

    with pytest.raises(ValueError, match=r"'10\.0\.0\.300'"):
        trusted_networks(["10.0.0.300"])


def test_a_page_request_whose_end_was_missed_stops_counting() -> None:
    """A claim still without a kernel after ``STALE`` seconds (its request's end was
    never seen) no longer holds a place under the caps."""
    from tablegames_widgets.server import visitors as v

    registry = v.Visitors(v.Limits(per_visitor=1, per_address=1, total=1))
    lost, _ = registry.admit("a", "10.0.0.1")
    assert lost is not None
    assert registry.admit("b", "10.0.0.2") == (None, [])
    lost.since -= v.STALE + 1
    assert registry.admit("b", "10.0.0.2")[0] is not None
