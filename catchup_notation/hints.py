"""The library's hints in the words of the command line. A reader that suggests corrections writes
them as the Python call takes them (`corrections={'7:k4': 'k6'}`, `corrections='diagram'`); on the
command line the same fix is typed `--corrections 7:k4=k6` or `--corrections diagram`, so every line
the command line prints says it that way, and so do the browser page's reports, which are the
command line's byte for byte. The readers know nothing of the command line: the words are changed
here, on their way out (a test holds the two spellings together on real posts)."""

from __future__ import annotations

import ast
import re
import shlex

#: A corrections argument as a hint writes it: a dict literal of names, or 'diagram'.
_PYTHON_HINT = re.compile(r"corrections=(\{[^{}]*\}|'diagram')")


def cli_words(text: str) -> str:
    """`text` with each corrections hint written as the `--corrections` option."""
    if "corrections=" not in text:  # the common case, kept cheap: every report line passes here
        return text
    return _PYTHON_HINT.sub(_as_option, text)


def _as_option(found: re.Match[str]) -> str:
    try:
        value = ast.literal_eval(found.group(1))
    except (ValueError, SyntaxError):
        return found.group(0)
    if value == "diagram":
        return "--corrections diagram"
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return found.group(0)
    return "--corrections " + shlex.quote(",".join(f"{wrong}={right}" for wrong, right in value.items()))
