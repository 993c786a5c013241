"""The guided:100 runs of currents-designer-questions.ipynb (see run.py): the optional
rules whose worth lies in planning (easier usurping, combination attacks) and the
riptides, over the first deals of the greedy table ``currents-variants``: 60 for the
base rules, 20 for each rule change (a guided:100 four-player game costs some 8
CPU-seconds, a greedy one 0.1, and the notebooks' guided runs have 40 CPU-minutes in
all). One run per rule set, so each is stored as it ends."""

from __future__ import annotations

from currents_runs import DESIGNER, VARIANTS, Rows, games

from tablegames.analysis.runs import RunContext, register

#: Rule set: deals played.
GUIDED_VARIANTS = {"base": 60, "easier usurping": 20, "combination attacks": 20, "riptides": 20}


def guided_run(name: str, n: int) -> None:
    """Register ``currents-guided-<name>``: ``n`` four-player guided:100 games of a variant."""

    def run(ctx: RunContext) -> Rows:
        options = {"players": 4, **VARIANTS[name]}
        return games(ctx, name, "story", options, ["guided:100"] * 4, n)

    slug = name.replace(" ", "-")
    run.__name__ = run.__qualname__ = f"guided_{slug.replace('-', '_')}"
    about = f"{name}; 4p guided:100, {n} deals"
    register(f"currents-guided-{slug}", notebook=DESIGNER, about=about)(run)


for _name, _n in GUIDED_VARIANTS.items():
    guided_run(_name, _n)
