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
"""

from __future__ import annotations

import gc
import json
import logging
from collections.abc import Callable
from typing import Any

import jinja2
from jupyter_client.session import DELIM
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


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
    share one compiled-template cache (:func:`share_templates`).

    It also freezes the heap twice (``gc.freeze``): when the server starts and when the
    first visitor is handed a kernel (by then the page machinery has been imported and
    the pool's pages rendered). A full collection walks every tracked object, and the
    server's event loop carries every visitor's clicks: measured with gc callbacks, full
    collections of 330-520 ms during a 10-visitor run, and then 20 ms; click p95 96 ->
    40 ms, max 392 -> 71 ms. Frozen objects are never collected: cyclic garbage already
    made at those two moments stays (once, a bounded amount); later garbage is collected
    as usual."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        share_templates()
        skip_unshown_records(self.log)
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
            return taken

        self.get_rendered_notebook = handed

    def start_watching_activity(self, kernel_id: str) -> None:
        """Watch a kernel's published messages with :func:`activity_watcher`."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        kernel._activity_stream.on_recv(activity_watcher(self, kernel))
