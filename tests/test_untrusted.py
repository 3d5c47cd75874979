"""Text from an engine is shown, never obeyed: controls, escapes, newlines and lone surrogates."""

from __future__ import annotations

from conformance.untrusted import line, named, visible


def test_controls_escapes_and_lone_surrogates_become_visible_escapes() -> None:
    assert visible("ok\n797/797 passing\x1b[2J\x00\x08\ud800\u202e") == (
        "ok\\n797/797 passing\\e[2J\\x00\\x08\\ud800\\u202e"
    )
    assert visible("Æther Vial — fine") == "Æther Vial — fine"


def test_a_line_is_one_line_cut_with_what_was_cut() -> None:
    assert line("a\n  b\tc") == "a b c"
    assert line("x" * 30, 10) == "x" * 10 + "… (20 more characters)"


def test_an_engine_name_with_newlines_and_escapes_prints_on_one_harmless_line() -> None:
    shown = named("evil\n\x1b[32m797/797 passing (100.0%)", "1\r")
    assert "\n" not in shown and "\x1b" not in shown and "\r" not in shown
    assert shown.encode("utf-8")  # writable anywhere
