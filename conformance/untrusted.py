"""Text that came from an engine or its adapter is untrusted: shown, never obeyed.

An engine name, a message, a stderr line may carry newlines (a forged "797/797 passing" line in a CI
log), terminal escapes (a cleared screen, a recoloured line), NUL, backspaces or lone surrogates (which
no UTF-8 writer accepts). :func:`visible` turns every such character into a visible escape, so the
text reads the same in a terminal, Markdown, HTML, JUnit and JSON, and can be written anywhere.
"""

from __future__ import annotations

import re

# C0 and C1 controls, DEL, lone surrogates, and the Unicode line and paragraph separators; plus
# the bidirectional overrides, which reorder what a reader sees
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\e"}


# what a report may keep as it is: newlines and tabs of messages, diffs and tracebacks
_UNSAFE_IN_DOCUMENT = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)


def _escape(match: re.Match[str]) -> str:
    char = match.group(0)
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: object, limit: int | None = None) -> str:
    """``text`` with every control, escape and lone surrogate shown as an escape (``\\n``, ``\\e``,
    ``\\x00``, ``\\ud800``), cut to ``limit`` characters (saying how much was cut)."""
    shown = _UNSAFE.sub(_escape, str(text))
    if limit is not None and len(shown) > limit:
        return f"{shown[:limit]}… ({len(shown) - limit} more characters)"
    return shown


def lines(text: object) -> str:
    """Multi-line text (a diff, a traceback) kept on its lines, each made :func:`visible`: a CR, an
    escape or a lone surrogate inside a line is shown, never obeyed."""
    return "\n".join(visible(part) for part in str(text).split("\n"))


def line(text: object, limit: int | None = None) -> str:
    """``text`` on one line: runs of whitespace become one space, then :func:`visible`."""
    return visible(" ".join(str(text).split()), limit)



def named(name: object, version: object) -> str:
    """An engine's name and version as its handshake gave them, made safe to show."""
    return f"{line(name, 120)} {line(version, 60)}"


def scrub(value: object) -> object:
    """A JSON value with every string (keys too) made safe to write in any format: controls other
    than newline and tab, escapes and lone surrogates shown as escapes. Newlines stay: each writer
    lays out multi-line text its own way."""
    if isinstance(value, str):
        return _UNSAFE_IN_DOCUMENT.sub(_escape, value)
    if isinstance(value, dict):
        return {str(scrub(k)): scrub(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [scrub(v) for v in value]
    return value
