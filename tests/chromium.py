"""Debian's Chromium, headless, driven by Playwright (which is told where the browser is and never
downloads one): the browser of the viewer's and the browser page's tests."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, sync_playwright

CHROMIUM = os.environ.get("CATCHUP_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextlib.contextmanager
def chromium(profile: Path, *, flags: tuple[str, ...] = (), **options: Any) -> Iterator[BrowserContext]:
    """A browser with a fresh profile (`--user-data-dir`): its one context."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no browser at {CHROMIUM}: install Debian's chromium (.ci/run does) or set CATCHUP_CHROMIUM")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=[*FLAGS, *flags], **options
        )
        try:
            yield context
        finally:
            context.close()


def screenshots(tmp_path: Path) -> Path:
    """Where screenshots go: $CATCHUP_SCREENSHOTS when set (to look at them), else `tmp_path`."""
    folder = Path(os.environ.get("CATCHUP_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
