"""phase's ChooseManaColor prompt as the case's ``mana_color`` decisions (spec/README.md 1.4: one decision
per mana, answered with a mana symbol; the reference engine asks them so).

phase 0.103.0 asks one prompt for all the mana of one ability; its ``data.choice`` is

- ``{"type": "SingleColor", "data": {"options": [colour names]}}``: one mana, one colour;
- ``{"type": "AnyCombination", "data": {"count": N, "options": [colour names]}}``: "N mana in any
  combination of colors" (Smokebraider): each mana any of the colours;
- ``{"type": "Combination", "data": {"options": [[colour, colour], ...]}}``: the combinations phase
  allows (Interplanar Beacon's "two mana of different colors": the ten pairs of two colours).

All are answered ``ChooseManaColor{choice}``: ``SingleColor`` with a colour, or ``Combination`` with the
list of colours. For more than one mana the prompt takes the case's next mana_color entries of that
player, one per mana (``take_more``); each decision's options are the colours phase lets that mana be,
given the colours answered before it (for a combination, the colours that with those complete one of
phase's combinations). The colours are sent in the order phase lists the combination they make, or
as answered when they make none (phase refuses them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from conformance.adapters.common import Rejected
from conformance.adapters.phase.view import PhaseRunView
from conformance.documents import Answer

COLOR_OF_SYMBOL = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
SYMBOL_OF_COLOR = {v: k for k, v in COLOR_OF_SYMBOL.items()}


def color_of(symbol: object) -> object:
    """phase's name of a mana symbol's colour; anything else as it is."""
    return COLOR_OF_SYMBOL.get(symbol, symbol) if isinstance(symbol, str) else symbol


def _symbols(colors: Sequence[object]) -> list[object]:
    return [SYMBOL_OF_COLOR.get(c, c) if isinstance(c, str) else c for c in colors]


def _choice(d: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    choice = d.get("choice") or {}
    return str(choice.get("type")), dict(choice.get("data") or {})


def combinations(d: dict[str, Any]) -> list[list[str]]:
    """The colour combinations phase's Combination prompt allows, as lists of colour names."""
    kind, data = _choice(d)
    if kind != "Combination":
        return []
    return [[str(c) for c in combo] for combo in data.get("options") or [] if isinstance(combo, list)]


def completing(combos: list[list[str]], chosen: Sequence[object]) -> list[object]:
    """The colours (symbols) one more mana may be, given the colours (symbols) of the mana before it:
    those that, with them, are part of one of phase's combinations (phase's order of first appearance)."""
    before = Counter(str(color_of(c)) for c in chosen)
    out: list[object] = []
    for combo in combos:
        left = Counter(combo)
        left.subtract(before)
        if min(left.values(), default=0) < 0:
            continue
        for color in combo:
            symbol = SYMBOL_OF_COLOR.get(color, color)
            if left[color] > 0 and symbol not in out:
                out.append(symbol)
    return out


def options(run: PhaseRunView, d: dict[str, Any]) -> list[object] | None:
    """The options of the prompt's first mana_color decision."""
    kind, data = _choice(d)
    if kind == "Combination":
        return completing(combinations(d), []) or None
    return _symbols(data.get("options") or []) or None


def answer(run: PhaseRunView, d: dict[str, Any], first: object) -> dict[str, Any]:
    """ChooseManaColor for the case's answer ``first`` and, for more than one mana, its next ones."""
    kind, data = _choice(d)
    if kind == "AnyCombination":
        n = int(data.get("count", 1))
        each = _symbols(data.get("options") or []) or None
        colors = [first, *run.take_more("mana_color", d.get("player"), n - 1, lambda before: each)]
        return {"type": "ChooseManaColor", "data": {"choice": {
            "type": "Combination", "data": [color_of(c) for c in colors]}}}
    if kind == "Combination":
        return _combination(run, d, first)
    if not isinstance(first, str):  # a mana symbol, looked up in COLOR_OF_SYMBOL
        raise KeyError(first)
    return {"type": "ChooseManaColor",
            "data": {"choice": {"type": "SingleColor", "data": COLOR_OF_SYMBOL[first]}}}


def _combination(run: PhaseRunView, d: dict[str, Any], first: object) -> dict[str, Any]:
    combos = combinations(d)
    sizes = {len(c) for c in combos}
    if len(sizes) != 1:
        raise Rejected(f"mana_color: phase offers combinations of {sorted(sizes)} mana, not one number")
    (n,) = sizes

    def options_after(before: list[Answer]) -> list[object]:
        return completing(combos, [first, *before])

    answered = [first, *run.take_more("mana_color", d.get("player"), n - 1, options_after)]
    colors = [color_of(c) for c in answered]
    offered = next((c for c in combos if Counter(c) == Counter(str(x) for x in colors)), None)
    return {"type": "ChooseManaColor",
            "data": {"choice": {"type": "Combination", "data": offered if offered is not None else colors}}}
