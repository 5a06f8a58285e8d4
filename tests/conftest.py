"""Hypothesis profiles, and the fixtures tests of several commands share.

Hypothesis profiles: `ci` (default, quick) and `thorough` (on demand:
`HYPOTHESIS_PROFILE=thorough pytest`).

`ci` is derandomized: the same examples on every run, so that a landing never fails at random on
something new (and a failure it shows is one anybody can repeat). Exploring is `thorough`'s job:
random examples, many of them, with the example database keeping what it found.
"""

import io
import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def terminal(monkeypatch):
    """stderr taken for a terminal (what it shows is collected), and no delay before the line."""
    from rich.console import Console

    from catchup_notation.cli import output, progress, search_options

    shown = io.StringIO()
    monkeypatch.setattr(output, "stderr_console", lambda: Console(file=shown, force_terminal=True, width=200))
    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr(search_options, "PROGRESS_DELAY", 0.0)
    return shown
