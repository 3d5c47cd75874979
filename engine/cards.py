"""Card definitions: catalogue JSON (spec/card.schema.json) turned into read-only values.

Cards are data; the engine reads their ``abilities`` (a closed vocabulary of primitives) and the
characteristics printed on them (CR 109.3).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .errors import BadCardData

Ability = Mapping[str, Any]


@dataclass(frozen=True)
class CardDef:
    name: str
    mana_cost: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    colors: tuple[str, ...]
    abilities: tuple[Ability, ...]
    is_token: bool = False
    no_mana_cost: bool = False  # "manaCost": null written out: an unpayable cost (CR 118.6)

    # Derived from ``abilities`` once per card, not each time an object's characteristics are looked at
    # (cached_property writes the instance's __dict__ directly, which a frozen dataclass allows).

    @cached_property
    def keywords(self) -> tuple[str, ...]:
        """Its keywords; "protection from" and "hexproof from [quality]" (``from``) are not plain ones:
        hexproof from black is not hexproof (CR 702.11d; engine/protection.py reads them)."""
        return tuple(a["keyword"] for a in self.abilities if a["kind"] == "keyword" and "from" not in a)

    def keyword_n(self, keyword: str) -> int | None:
        for a in self.abilities:
            if a["kind"] == "keyword" and a["keyword"] == keyword:
                return int(a.get("n", 0))
        return None

    @cached_property
    def activated(self) -> tuple[Ability, ...]:
        """Activated abilities in Oracle-text order: what a script's ``ability`` index counts. "Unearth
        [cost]" is one, activated from the graveyard as a sorcery (CR 702.84a; engine/unearth.py)."""
        return tuple(a if a["kind"] == "activated" else _unearth(str(a["cost"])) for a in self.abilities
                     if a["kind"] == "activated" or (a["kind"] == "keyword" and a["keyword"] == "Unearth"))

    @cached_property
    def statics(self) -> tuple[Mapping[str, Any], ...]:
        """What its static abilities say (CR 604.1), in Oracle-text order."""
        return tuple(a["static"] for a in self.abilities if a["kind"] == "static")

    @property
    def mana_value(self) -> int:
        return mana_value(self.mana_cost)


def _unearth(cost: str) -> Ability:
    return {"kind": "activated", "cost": {"mana": cost}, "timing": "sorcery", "zone": "graveyard",
            "effects": [{"do": "unearth"}], "text": f"Unearth {cost}"}


def _printed_number(data: Mapping[str, Any], field: str) -> int | None:
    """A printed power, toughness or loyalty (CR 208.1, 306.5b); None if the card has none.

    A ``*`` (or ``1+*``, X) is defined by a characteristic-defining ability (CR 604.3, 208.2a) that the
    engine does not model: the card is refused by name rather than played as a 0 (the schema refuses
    it too)."""
    value = data.get(field)
    if value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise BadCardData(
            f"card {data.get('name', '?')!r}: {field} {value!r} is not a number; a {field} defined by a "
            "characteristic-defining ability (CR 604.3, 208.2a) is not modelled") from None


def mana_value(cost: str) -> int:
    """CR 202.3: the total amount of mana in the cost, X counting as 0 off the stack; a hybrid symbol
    counts its largest component ({2/W}: 2, 202.3f), a Phyrexian symbol one (202.3g)."""
    total = 0
    for sym in re.findall(r"\{([^}]+)\}", cost):
        if sym.isdigit():
            total += int(sym)
        elif "/" in sym:
            total += max(int(part) if part.isdigit() else 1 for part in sym.split("/"))
        elif sym != "X":
            total += 1
    return total


def card_from_json(data: Mapping[str, Any]) -> CardDef:
    try:
        cost = data.get("manaCost") or ""
        colors = data.get("colors")
        if colors is None:
            colors = [c for c in "WUBRG" if c in cost]
        return CardDef(
            name=str(data["name"]),
            mana_cost=cost,
            no_mana_cost="manaCost" in data and data["manaCost"] is None,
            types=tuple(data.get("types") or ()),
            subtypes=tuple(data.get("subtypes") or ()),
            supertypes=tuple(data.get("supertypes") or ()),
            power=_printed_number(data, "power"),
            toughness=_printed_number(data, "toughness"),
            loyalty=_printed_number(data, "loyalty"),
            colors=tuple(colors),
            abilities=tuple(data.get("abilities") or ()),
            is_token=bool(data.get("isToken", False)),
        )
    except (KeyError, TypeError) as exc:
        raise BadCardData(f"card {data.get('name', '?')!r}: {exc}") from exc
