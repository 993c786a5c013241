"""The widget message guard (tablegames_widgets.guard, issue 27 item 3): a widget, a
message, a verdict. What a page's own views send passes; a wrong type, an unknown trait
or method, anything sent to a disabled widget, and oversized values are dropped, before
any work and with one log line; a handler's failure is logged, never raised."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from ipywidgets import HTML, Button, Checkbox, Dropdown, Play, Widget
from tablegames_widgets import guard
from tablegames_widgets.guard import Budget, Report, check, handle


def update(**state: Any) -> dict[str, Any]:
    return {"method": "update", "state": state, "buffer_paths": []}


CLICK = {"method": "custom", "content": {"event": "click"}}


def menu() -> Dropdown:
    return Dropdown(options=["a", "b", "c"], value="a")


def message(data: Any) -> dict[str, Any]:
    return {"content": {"comm_id": "x", "data": data}, "buffers": []}


def test_what_a_view_sends_passes() -> None:
    assert check(menu(), update(index=2)) is None
    assert check(Checkbox(), update(value=True)) is None
    assert check(Play(), update(playing=True, value=3)) is None
    assert check(Button(), CLICK) is None
    assert check(menu(), {"method": "request_state"}) is None


@pytest.mark.parametrize(
    ("widget", "data", "said"),
    [
        (menu(), update(index="zz"), "index with a str"),
        (menu(), update(index=10**9), "index with a int"),
        (menu(), update(index=None), None),  # None: the menu's "nothing chosen"
        (Checkbox(), update(value="yes"), "value with a str"),
        (menu(), update(no_such_trait=1), "does not set"),
        (menu(), update(_dom_classes=["x"]), "does not set"),
        (menu(), update(options=["evil"]), "does not set"),
        (menu(), update(disabled=False), "does not set"),
        (menu(), update(layout="IPY_MODEL_x"), "does not set"),
        (HTML(), update(value="<script>"), "a text the page shows"),
        (menu(), {"method": "update", "state": "not a dict"}, "without a state"),
        (menu(), update(), "without a state"),
        (menu(), {**update(index=1), "buffer_paths": [["index"]]}, "binary buffers"),
        (menu(), update(**{f"k{i}": 1 for i in range(20)}), "too many traits"),
        (menu(), {"method": "nonsense"}, "unknown method"),
        (menu(), "not a message", "not a widget message"),
        (Button(), {"method": "custom", "content": "click"}, "without content"),
        (Button(), {"method": "custom", "content": {"event": "x" * 20_000}}, "too long"),
        (Button(disabled=True), CLICK, "disabled"),
        (Dropdown(options=["a"], disabled=True), update(index=0), "disabled"),
    ],
)
def test_what_no_view_sends_is_dropped(widget: Widget, data: Any, said: str | None) -> None:
    verdict = check(widget, data)
    if said is None:
        assert verdict is None
    else:
        assert verdict is not None and said in verdict, verdict


def test_checking_changes_nothing() -> None:
    m = menu()
    assert check(m, update(index=2)) is None
    assert m.index == 0 and m.value == "a"


def test_a_request_for_state_is_answered_even_when_disabled() -> None:
    assert check(Button(disabled=True), {"method": "request_state"}) is None


def test_a_dropped_message_does_no_work_and_says_one_line(monkeypatch) -> None:
    lines: list[str] = []
    monkeypatch.setattr(guard, "REPORT", Report(clock=lambda: 0.0))
    monkeypatch.setattr(
        guard, "_log", lambda: type("L", (), {"warning": lambda *a: lines.append(a[-1])})
    )
    m = menu()
    seen: list[Any] = []
    m.observe(seen.append, names="index")
    handle(m, message(update(index="zz")))
    assert m.index == 0 and not seen
    assert lines == ["tablegames: dropped a widget message to Dropdown: an update of index "
                     "with a str it does not accept"]  # fmt: skip
    handle(m, message(update(index=1)))
    assert m.value == "b" and len(seen) == 1


def test_a_handler_that_fails_is_logged_not_raised(monkeypatch) -> None:
    lines: list[str] = []
    monkeypatch.setattr(guard, "REPORT", Report(clock=lambda: 0.0))
    monkeypatch.setattr(
        guard, "_log", lambda: type("L", (), {"warning": lambda *a: lines.append(a[-1])})
    )
    box = Checkbox()

    def fail(_change: Any) -> None:
        raise KeyError("/work/secret/path.py")

    box.observe(fail, names="value")
    handle(box, message(update(value=True)))  # no exception, no traceback
    assert lines == ["tablegames: the update message to Checkbox failed: KeyError"]


def test_a_callback_failing_under_a_kernel_shows_no_traceback(monkeypatch) -> None:
    """ipywidgets' callback dispatchers call the shell's showtraceback, which sends the
    page a traceback: while a message is handled it logs one line instead."""
    lines: list[str] = []
    shown: list[str] = []
    monkeypatch.setattr(guard, "REPORT", Report(clock=lambda: 0.0))
    monkeypatch.setattr(
        guard, "_log", lambda: type("L", (), {"warning": lambda *a: lines.append(a[-1])})
    )
    shell = type("Shell", (), {"showtraceback": lambda *a, **k: shown.append("traceback")})()
    guard.quiet_tracebacks(shell)
    guard.quiet_tracebacks(shell)  # once is enough
    monkeypatch.setattr("ipywidgets.widgets.widget.get_ipython", lambda: shell)
    button = Button()

    def fail(_b: Button) -> None:
        raise KeyError("/work/secret/path.py")

    button.on_click(fail)
    handle(button, message(CLICK))
    assert lines == ["tablegames: the custom message to Button failed: KeyError"]
    assert shown == []
    shell.showtraceback()  # outside a widget message: as before
    assert shown == ["traceback"]


def test_a_disabled_button_ignores_clicks(monkeypatch) -> None:
    monkeypatch.setattr(guard, "_log", lambda: type("L", (), {"warning": lambda *a: None}))
    clicks: list[Any] = []
    button = Button(disabled=True)
    button.on_click(clicks.append)
    handle(button, message(CLICK))
    assert clicks == []
    button.disabled = False
    handle(button, message(CLICK))
    assert clicks == [button]


def test_the_budget_drops_a_flood_then_refills() -> None:
    now = [0.0]
    budget = Budget(burst=2.0, share=0.5, clock=lambda: now[0])
    assert budget.allows()
    budget.spend(2.5)
    assert not budget.allows()  # spent: messages are dropped
    now[0] = 2.0  # 1 s of CPU back at half a core
    assert budget.allows()
    now[0] = 100.0
    budget.allows()
    assert budget.level == 2.0  # never more than the burst


def test_the_log_says_the_first_lines_then_one_a_second(monkeypatch) -> None:
    monkeypatch.setattr(guard, "_log", lambda: type("L", (), {"warning": lambda *a: None}))
    now = [0.0]
    report = Report(first=3, every=1.0, clock=lambda: now[0])
    said = [report.say(f"line {i}") for i in range(100)]
    assert said[:3] == ["line 0", "line 1", "line 2"] and said[3:] == [None] * 97
    now[0] = 1.0
    assert report.say("later") == "later (97 more like it not logged)"


def test_install_guards_widgets_made_before_and_after() -> None:
    before = Button()
    guard.install()
    after = Button()
    assert Widget._handle_msg is guard._guarded_handle_msg
    for widget in (before, after):
        assert widget.comm._msg_callback == widget._handle_msg
    guard.install()  # twice is once
    assert Widget._handle_msg is guard._guarded_handle_msg


def test_a_widget_the_browser_asks_for_is_refused(monkeypatch) -> None:
    from ipywidgets.widgets.widget import _instances

    monkeypatch.setattr(guard, "_log", lambda: type("L", (), {"warning": lambda *a: None}))
    closed: list[bool] = []
    comm = type("Comm", (), {"close": lambda self: closed.append(True)})()
    before = len(_instances)
    guard.refuse_comm_open(comm, {"content": {"data": {"state": {"_model_name": "x"}}}})
    assert closed == [True] and len(_instances) == before


def test_records_without_a_handler_become_one_line_without_traceback(monkeypatch) -> None:
    import logging

    lines: list[str] = []
    monkeypatch.setattr(guard, "REPORT", Report(clock=lambda: 0.0))
    monkeypatch.setattr(
        guard, "_log", lambda: type("L", (), {"warning": lambda *a: lines.append(a[-1])})
    )
    try:
        raise KeyError("/work/secret/path.py")
    except KeyError:
        failure = sys.exc_info()
    said = "Exception in comm_msg for %s"
    record = logging.LogRecord("Comm", logging.ERROR, __file__, 1, said, ("abc",), failure)
    guard.OneLine().emit(record)
    assert lines == ["Comm: Exception in comm_msg for abc"]
