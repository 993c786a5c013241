"""The play server's kernel manager: :class:`HandoffKernelManager` and its helpers.

- A preheated kernel can wait in the pool longer than the idle-cull timeout (a quiet lunch
  hour). Voila never culls a pooled kernel, but once it hands one to a visitor the kernel
  counts as idle since it was started, so the culler could shut it down in the second
  before the visitor's page connects (seen in a test: the page showed
  ``<PlayPage: currents>``, a widget whose kernel was gone). This kernel manager starts a
  kernel's idle clock afresh when Voila hands it to a visitor.
- Voila's page templates share one compiled-template cache (:func:`share_templates`).
- Kernel activity is watched without decoding every message (:func:`activity_watcher`).
- :func:`skip_unshown_records`: Voila's logger passes every debug record to a handler
  that drops it.
- The server's long-lived objects are moved out of the garbage collector's way
  (``gc.freeze``): see :class:`HandoffKernelManager`.
- Each kernel a visitor causes belongs to them (:mod:`.visitors`): the kernel manager
  records it when it starts a kernel for a page or hands a preheated one over, holds
  visitors to its caps (``max_kernels_per_visitor``, ``max_kernels_per_address``,
  ``max_kernels``), shuts a kernel down when its page never connects
  (``connect_timeout``), bounds the replies kept for a closed page (:mod:`.buffers`) and
  forgets a kernel's request when it goes (:mod:`.requestinfo`). The identity provider
  (:mod:`.identity`) asks it who may use a kernel.
- Each client address renders a few pages at once, the next ones waiting their turn
  (:mod:`.fairness`: ``renders_per_address``, ``render_queue_per_address``,
  ``render_wait``, ``render_burst``, ``renders_per_second``).
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
from collections.abc import Callable
from typing import Any

import jinja2
from jupyter_client.session import DELIM
from jupyter_server._tz import utcnow
from jupyter_server.base.call_context import CallContext
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Int, List, Unicode

from .buffers import BufferLimits, bound_buffer
from .fairness import Fairness, RenderGate
from .requestinfo import forget_request, guard_request_info
from .visitors import Limits, Visit, Visitors, trusted_networks

#: The attribute of a page request's handler that holds its claim on a kernel.
VISIT = "tablegames_visit"


def current_visit() -> Visit | None:
    """The claim of the page request being served now (None outside one)."""
    handler = CallContext.get(CallContext.JUPYTER_HANDLER)
    return getattr(handler, VISIT, None)


class MemoryBytecodeCache(jinja2.BytecodeCache):
    """Compiled Jinja templates kept in memory, shared by every template environment of
    the process (a template whose source changed is compiled again: Jinja checks it)."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


#: The one cache of the Voila process.
TEMPLATE_CACHE = MemoryBytecodeCache()


def share_templates() -> None:
    """Let every nbconvert template environment use :data:`TEMPLATE_CACHE`. Voila renders
    each page (each preheated kernel's, each visitor's) with a new exporter, whose new
    Jinja environment compiled the lab template from source every time: measured, 90% of
    Voila's CPU for a page (about 0.2 s), on the event loop that carries every visitor's
    clicks."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    create = TemplateExporter._create_environment
    if getattr(create, "shares_templates", False):
        return

    def _create_environment(self: Any) -> Any:
        environment = create(self)
        environment.bytecode_cache = TEMPLATE_CACHE
        return environment

    _create_environment.shares_templates = True  # type: ignore[attr-defined]
    TemplateExporter._create_environment = _create_environment


def activity_watcher(manager: Any, kernel: Any) -> Callable[[list[Any]], None]:
    """What jupyter_server does with each message a kernel publishes (the idle clock the
    culler reads, and the kernel's execution state), for a fraction of the cost.

    jupyter_server checks the signature and decodes each message with its dates parsed,
    then formats a debug log record the log handler throws away: measured with py-spy on
    a page being played, 28% of Voila's CPU (every drawing and widget update passes here,
    besides going to the page). This reads the two JSON headers (and a status message's
    content) and nothing else; the same rules decide what counts as activity. The
    messages come from the server's own kernel over its private ipc sockets; the page's
    websocket still gets them exactly as before."""

    tracked = manager.track_message_type

    def record_activity(msg_list: list[Any]) -> None:
        try:
            at = msg_list.index(DELIM)
            header = json.loads(bytes(msg_list[at + 2]))
            parent = json.loads(bytes(msg_list[at + 3]))
        except (ValueError, IndexError, TypeError):
            return
        msg_type = header.get("msg_type")
        parent_type = parent.get("msg_type") if isinstance(parent, dict) else None
        if tracked(msg_type) or tracked(parent_type) or kernel.execution_state == "busy":
            manager.last_kernel_activity = kernel.last_activity = utcnow()
        if msg_type == "status":
            try:
                state = json.loads(bytes(msg_list[at + 5]))["execution_state"]
            except (ValueError, IndexError, KeyError, TypeError):
                return
            if tracked(parent_type):
                kernel.execution_state = state
            elif kernel.execution_state == "starting" and state != "starting":
                kernel.execution_state = "idle"

    return record_activity


def skip_unshown_records(log: logging.Logger) -> None:
    """Raise ``log``'s level to the lowest level any of its handlers shows.

    traitlets sets an application's logger to DEBUG and filters in the handler (at the
    ``--log-level``), so each of the many debug calls made per widget message (the kernel
    manager's, the notebook executor's) built a record only to be dropped: 3-5% of Voila's
    CPU in py-spy profiles. Nothing shown changes: with ``--debug`` the handler shows DEBUG
    and the logger stays at DEBUG. Only a logger that does not pass records up is changed."""
    if log.propagate or not log.handlers:
        return
    shown = min(handler.level for handler in log.handlers)
    if shown > log.level:
        log.setLevel(shown)


class HandoffKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """jupyter_server's kernel manager (Voila adds its pool on top), whose preheated
    kernels start their idle clock when a visitor is handed one; Voila's page templates
    share one compiled-template cache (:func:`share_templates`); each kernel a visitor
    causes belongs to them, within caps (see :mod:`.visitors` and docs/security.md).

    It also freezes the heap twice (``gc.freeze``): when the server starts and when the
    first visitor is handed a kernel (by then the page machinery has been imported and
    the pool's pages rendered). A full collection walks every tracked object, and the
    server's event loop carries every visitor's clicks: measured with gc callbacks, full
    collections of 330-520 ms during a 10-visitor run, and then 20 ms; click p95 96 ->
    40 ms, max 392 -> 71 ms. Frozen objects are never collected: cyclic garbage already
    made at those two moments stays (once, a bounded amount); later garbage is collected
    as usual."""

    max_kernels_per_visitor = Int(
        8, config=True,
        help="Kernels one browser (one visitor cookie) may hold; past it, their oldest "
        "kernel is shut down to make way.",
    )  # fmt: skip
    max_kernels_per_address = Int(
        64, config=True,
        help="Kernels one client address may hold (a class behind one NAT shares one); "
        "past it, the 'server is full' page.",
    )  # fmt: skip
    max_kernels = Int(
        128, config=True,
        help="Kernels all visitors together may hold (the preheated pool comes on top); "
        "past it, the 'server is full' page. About 50 MB each.",
    )  # fmt: skip
    trusted_proxies = List(
        Unicode(), [], config=True,
        help="Addresses (or networks) of the proxies in front of the server: only a "
        "request from one of them has its X-Forwarded-For read. Empty: never read.",
    )  # fmt: skip
    connect_timeout = Float(
        30, config=True,
        help="Seconds a visitor's kernel waits, after its page was sent, for the page's "
        "websocket; then it is shut down.",
    )  # fmt: skip
    buffer_max_messages = Int(
        2000, config=True, help="Replies kept for a page whose websocket closed: at most."
    )  # fmt: skip
    buffer_max_bytes = Int(
        8 << 20, config=True, help="Bytes of replies kept for a page whose websocket closed."
    )  # fmt: skip
    buffer_timeout = Float(
        60, config=True,
        help="Seconds the replies of a closed page are kept for it to come back.",
    )  # fmt: skip

    renders_per_address = Int(
        2, config=True,
        help="Page renders one client address may have running at once (each costs about "
        "0.6 CPU-s); its next pages wait their turn.",
    )  # fmt: skip
    render_queue_per_address = Int(
        60, config=True,
        help="Page requests of one client address that may wait their turn to render; "
        "past it, the 'server is full' page.",
    )  # fmt: skip
    render_wait = Float(
        120, config=True,
        help="Seconds a page request may wait its turn to render; then the 'server is "
        "full' page.",
    )  # fmt: skip
    render_burst = Int(
        60, config=True,
        help="Page renders one client address may start in a burst (a class behind one "
        "NAT arriving at once).",
    )  # fmt: skip
    renders_per_second = Float(
        0.5, config=True,
        help="Page renders one client address may start a second, sustained (the burst's "
        "refill).",
    )  # fmt: skip

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.gate = RenderGate(
            Fairness(
                self.renders_per_address, self.render_queue_per_address, self.render_wait,
                self.render_burst, self.renders_per_second,
            )
        )  # fmt: skip
        share_templates()
        skip_unshown_records(self.log)
        self.visitors = Visitors(
            Limits(self.max_kernels_per_visitor, self.max_kernels_per_address, self.max_kernels)
        )
        self.trusted = trusted_networks(self.trusted_proxies)
        self._letting_go: set[asyncio.Future[Any]] = set()
        guard_request_info(self._session_key)
        gc.freeze()  # the server's own modules and objects, loaded by now
        take = getattr(self, "get_rendered_notebook", None)  # Voila's pool, when it is on
        if take is None:
            return

        first: list[bool] = []

        async def handed(*args: Any, **kw: Any) -> Any:
            taken = await take(*args, **kw)
            if not first:  # warm now: what the pages' rendering imported and compiled
                first.append(True)
                gc.freeze()
            kernel = self._kernels.get(taken[2])  # (render task, rendered cells, kernel id)
            if kernel is not None:
                kernel.last_activity = utcnow()
            self._claim(taken[2])
            return taken

        self.get_rendered_notebook = handed

    def _session_key(self, kernel_id: str) -> bytes | None:
        kernel = self._kernels.get(kernel_id)
        return None if kernel is None else bytes(kernel.session.key)

    def _claim(self, kernel_id: str) -> None:
        """The kernel now serving the current page request belongs to its visitor."""
        visit = current_visit()
        if visit is None or visit.kernel is not None:
            return
        self.visitors.bind(visit, kernel_id)
        # in case the page request never ends: the connect check runs at the latest then
        delay = max(self.connect_timeout, 180.0)
        asyncio.get_event_loop().call_later(delay, self._unless_connected, visit)

    async def start_kernel(self, **kwargs: Any) -> str:
        """Start a kernel; one started for a page request (not for the pool) belongs to
        the request's visitor."""
        kernel_id = str(await super().start_kernel(**kwargs))
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":
            self._claim(kernel_id)
        return kernel_id

    def page_sent(self, visit: Visit) -> None:
        """A page request ended: without a kernel its claim is released; with one, the
        page has ``connect_timeout`` seconds to connect its websocket."""
        if visit.sent:
            return
        visit.sent = True
        if visit.kernel is None:
            self.visitors.release(visit)
        elif not visit.connected:
            asyncio.get_event_loop().call_later(self.connect_timeout, self._unless_connected, visit)

    def _unless_connected(self, visit: Visit) -> None:
        kernel = visit.kernel
        if kernel is None or visit.connected or self.visitors.owner(kernel) is not visit:
            return
        self.log.info("Shutting down kernel %s: its page never connected", kernel)
        self.let_go(kernel)

    def let_go(self, kernel_id: str) -> None:
        """Shut ``kernel_id`` down in the background (it counts no more at once)."""
        self.visitors.forget(kernel_id)
        if kernel_id in self._kernels:
            task = asyncio.ensure_future(self.shutdown_kernel(kernel_id))
            self._letting_go.add(task)  # kept until done: a task nobody holds may vanish
            task.add_done_callback(self._letting_go.discard)

    def remove_kernel(self, kernel_id: str) -> Any:
        """Forget a kernel that goes (every way out passes here): its owner and the
        request Voila kept for it."""
        self.visitors.forget(kernel_id)
        forget_request(kernel_id)
        return super().remove_kernel(kernel_id)

    def start_buffering(self, kernel_id: str, session_key: str, channels: Any) -> None:
        """Keep a closed page's replies as jupyter_server does, within bounds."""
        super().start_buffering(kernel_id, session_key, channels)
        limits = BufferLimits(self.buffer_max_messages, self.buffer_max_bytes, self.buffer_timeout)
        bound_buffer(self, kernel_id, limits)

    def start_watching_activity(self, kernel_id: str) -> None:
        """Watch a kernel's published messages with :func:`activity_watcher`."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        kernel._activity_stream.on_recv(activity_watcher(self, kernel))
