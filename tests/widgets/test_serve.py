"""The Voila server's own classes (tablegames_widgets.serve): page templates compiled once
per process, not once per page."""

from __future__ import annotations

import jinja2
import nbformat
import pytest

pytest.importorskip("nbconvert")
from nbconvert import HTMLExporter
from tablegames_widgets.serve import TEMPLATE_CACHE, share_templates


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
