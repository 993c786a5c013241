"""Widget messages from a page's visitor, checked before any work (issue 27 item 3).

A play page's kernel takes widget messages from whoever holds its websocket, and a
hostile visitor writes them by hand. Left to ipywidgets, a wrong-typed update
(``{"index": "zz"}`` on a menu) raised in ``set_state`` and IPython sent the visitor a
coloured traceback naming the server's paths: measured, 1,000 such updates cost the
kernel 37 CPU-s and sent back 5.1 MB. A button's ``disabled`` was only drawn: a click
sent by hand still ran (1,000 clicks on Hint queued 1,000 searches).

:func:`install` (called by every play page when it is built, once per kernel) puts
:func:`handle` in front of every widget's messages:

- :func:`check` decides, without touching the widget, whether a message is one a page's
  own views could send: a known method; an update of a trait a control's view sets
  (:data:`VISITOR_TRAITS`), with a value the trait's own validation accepts; nothing to
  a disabled widget; bounded sizes. Anything else is dropped.
- A message that passes is handled as ipywidgets would; an exception in a handler is
  logged, never shown to the visitor.
- A kernel spends at most :data:`BURST_SECONDS` of CPU on widget messages in a burst,
  then :data:`CPU_SHARE` of a core: a flood of expensive clicks is dropped instead of
  queued.
- Widgets created by the visitor (a ``comm_open`` to ``jupyter.widget``) are refused:
  a page's widgets are the page's.

Every drop is one line in the server's log (at most one a second, with a count of the
others), with no value of the visitor's in it; nothing is sent to the visitor.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from typing import Any

from ipywidgets import HTML, HTMLMath, Label, Widget

#: The traits a control's view sets in the browser (a menu's index, a checkbox's or a
#: slider's value, a tab's selected_index, a player's playing and repeat): no other
#: trait is ever the visitor's to set.
VISITOR_TRAITS = frozenset({"value", "index", "selected_index", "playing", "repeat"})
#: The widget message methods a view sends.
METHODS = frozenset({"update", "request_state", "custom"})
#: Most traits in one update (a view sends one or two).
MAX_KEYS = 8
#: Longest string accepted in an update or a custom message's values (characters).
MAX_TEXT = 10_000
#: Most binary buffers' bytes in a custom message (an update carries none).
MAX_BUFFER_BYTES = 1 << 20
#: CPU seconds a kernel may spend on widget messages at once, then its share of a core.
BURST_SECONDS = 10.0
CPU_SHARE = 0.5
#: Log lines of dropped messages: the first few, then at most one a second.
LOG_FIRST = 10
LOG_EVERY = 1.0


def check(widget: Any, data: Any, buffers: list[Any] | tuple[Any, ...] = ()) -> str | None:
    """Why ``data`` (a widget message's ``content.data``) must be dropped for ``widget``,
    or None when it may be handled. Pure: the widget is not changed."""
    if not isinstance(data, dict):
        return "not a widget message"
    method = data.get("method")
    if method not in METHODS:
        return "an unknown method"
    if method == "request_state":
        return None
    if getattr(widget, "disabled", False) is True:
        return f"{method} to a disabled widget"
    if method == "custom":
        content = data.get("content")
        if not isinstance(content, dict):
            return "a custom message without content"
        if sum(len(memoryview(b)) for b in buffers) > MAX_BUFFER_BYTES:
            return "a custom message with too many bytes"
        if any(isinstance(v, str) and len(v) > MAX_TEXT for v in content.values()):
            return "a custom message with too long a text"
        return None
    return _check_update(widget, data, buffers)


def _check_update(widget: Any, data: dict[str, Any], buffers: Any) -> str | None:
    state = data.get("state")
    if not isinstance(state, dict) or not state:
        return "an update without a state"
    if buffers or data.get("buffer_paths"):
        return "an update with binary buffers"
    if len(state) > MAX_KEYS:
        return "an update of too many traits"
    if isinstance(widget, (HTML, HTMLMath, Label)):
        return "an update of a text the page shows"
    keys = getattr(widget, "keys", ())
    for name, value in state.items():
        if name not in VISITOR_TRAITS or name not in keys:
            return "an update of a trait the visitor does not set"
        if isinstance(value, str) and len(value) > MAX_TEXT:
            return f"an update of {name} with too long a text"
        try:
            from_json = widget.trait_metadata(name, "from_json", widget._trait_from_json)
            widget.traits()[name]._validate(widget, from_json(value, widget))
        except Exception:
            return f"an update of {name} with a {type(value).__name__} it does not accept"
    return None


class Budget:
    """CPU seconds to spend: ``burst`` at once, refilled at ``share`` of a core."""

    def __init__(
        self,
        burst: float = BURST_SECONDS,
        share: float = CPU_SHARE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.share = share
        self.clock = clock
        self.level = burst
        self.at = clock()

    def allows(self) -> bool:
        """True while some of the budget is left (refilled first)."""
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.at) * self.share)
        self.at = now
        return self.level > 0

    def spend(self, seconds: float) -> None:
        self.level -= seconds


class Report:
    """Lines for the server's log, at most one every ``every`` seconds after the first
    ``first`` (the lines held back are counted in the next one)."""

    def __init__(
        self,
        first: int = LOG_FIRST,
        every: float = LOG_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.first = first
        self.every = every
        self.clock = clock
        self.lines = 0
        self.held = 0
        self.at = -float("inf")

    def say(self, text: str) -> str | None:
        """Log ``text`` unless too many lines came just now; the line logged, if any."""
        now = self.clock()
        if self.lines >= self.first and now - self.at < self.every:
            self.held += 1
            return None
        if self.held:
            text += f" ({self.held} more like it not logged)"
        self.lines += 1
        self.held = 0
        self.at = now
        _log().warning("%s", text)
        return text


def _log() -> Any:
    """The kernel's log (the server's log under Voila; never the visitor's page)."""
    from traitlets.log import get_logger

    return get_logger()


#: This kernel's budget and log lines.
BUDGET = Budget()
REPORT = Report()


def handle(widget: Any, msg: dict[str, Any]) -> None:
    """Handle one widget message from the browser as ipywidgets would, after
    :func:`check` and within the kernel's :data:`BUDGET`."""
    content = msg.get("content")
    data: Any = content.get("data") if isinstance(content, dict) else None
    buffers = msg.get("buffers") or []
    why = check(widget, data, buffers)
    if why is None and not BUDGET.allows():
        why = "the page's share of the kernel is spent"
    name = type(widget).__name__
    if why is not None or data is None:
        REPORT.say(f"tablegames: dropped a widget message to {name}: {why}")
        return
    start = time.thread_time()
    global _HANDLING
    _HANDLING = f"the {data['method']} message to {name}"
    try:
        method = data["method"]
        if method == "update":
            widget.set_state(data["state"])
        elif method == "request_state":
            widget.send_state()
        else:
            widget._handle_custom_msg(data["content"], buffers)
    except Exception as exc:  # a handler's failure: the server's log, not the page
        failed(exc)
    finally:
        _HANDLING = ""
        BUDGET.spend(time.thread_time() - start)


#: What the guard is handling now ('' between messages): see :func:`quiet_tracebacks`.
_HANDLING = ""


def failed(exc: BaseException | None = None) -> None:
    """One log line for a handler's failure while a widget message is handled."""
    kind = type(exc).__name__ if exc is not None else "an exception"
    REPORT.say(f"tablegames: {_HANDLING or 'a widget message'} failed: {kind}")


def quiet_tracebacks(shell: Any) -> None:
    """While a widget message is handled, the ``shell``'s ``showtraceback`` (which
    ipywidgets' callback dispatchers call when a callback fails, sending the visitor a
    traceback that names the server's files) logs one line instead."""
    show = shell.showtraceback
    if getattr(show, "tablegames_guard", False):
        return

    def showtraceback(*args: Any, **kwargs: Any) -> None:
        if _HANDLING:
            failed(sys.exc_info()[1])
        else:
            show(*args, **kwargs)

    showtraceback.tablegames_guard = True  # type: ignore[attr-defined]
    shell.showtraceback = showtraceback


def _guarded_handle_msg(self: Any, msg: dict[str, Any]) -> None:
    handle(self, msg)


def refuse_comm_open(comm: Any, msg: Any) -> None:
    """A widget the visitor asked the kernel to create: refused (its comm closed)."""
    REPORT.say("tablegames: refused a widget the browser asked to create")
    comm.close()


class OneLine(logging.Handler):
    """Log records that had no handler, as one line each in the server's log (through
    :data:`REPORT`), without their traceback. Without it, Python's last-resort handler
    wrote them to the kernel's stderr, which ipykernel forwards to the visitor's page:
    the comm machinery's "Exception in comm_msg" with its traceback, for one."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self._inside = False

    def emit(self, record: logging.LogRecord) -> None:
        if self._inside:  # the kernel's own log never comes back here, but be sure
            return
        self._inside = True
        try:
            REPORT.say(f"{record.name}: {record.getMessage()[:200]}")
        finally:
            self._inside = False


def install() -> None:
    """Guard every widget's messages in this kernel (see the module docstring): done once
    per kernel, on every widget made before or after."""
    from ipywidgets.widgets.widget import _instances

    if Widget._handle_msg is not _guarded_handle_msg:
        Widget._handle_msg = _guarded_handle_msg
    for widget in list(_instances.values()):  # widgets opened before: their callback
        if widget.comm is not None:
            widget.comm.on_msg(widget._handle_msg)
    try:
        from ipykernel.kernelapp import IPKernelApp
    except ImportError:  # pragma: no cover - the widgets always come with ipykernel
        return
    if not IPKernelApp.initialized():
        return  # not in a kernel: nothing reaches a browser
    from comm import get_comm_manager
    from IPython import get_ipython

    manager = get_comm_manager()
    if manager is not None:
        manager.register_target("jupyter.widget", refuse_comm_open)
    shell = get_ipython()
    if shell is not None:
        quiet_tracebacks(shell)
    root = logging.getLogger()
    if not root.handlers:  # records would reach the page through stderr: see OneLine
        root.addHandler(OneLine())
