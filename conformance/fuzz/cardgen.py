"""Generated cards for the fuzzer: catalogue-shaped JSON (spec/card.schema.json) built from abilities,
with Oracle-like ``text`` rendered from them so engines that parse Oracle text can build them too.

The renderer is deliberately small: it knows the handful of ability shapes the strategies in
:mod:`conformance.fuzz.strategies` generate, and renders anything else as a generic sentence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from conformance.documents import Card, JSONObject, JSONValue

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
COLOR_OF = {"W": "W", "U": "U", "B": "B", "R": "R", "G": "G"}


# The abilities are the fuzzer's own (spec/card.schema.json, free-form JSON here): read as JSON values,
# a field of another type than the renderer expects raises TypeError as indexing or comparing it would.
def _fields(value: JSONValue) -> Mapping[str, JSONValue]:
    if not isinstance(value, dict):
        raise TypeError(f"expected an object, not {type(value).__name__}")
    return value


def _items(value: JSONValue) -> Sequence[JSONValue]:
    if not isinstance(value, list | tuple):
        raise TypeError(f"expected a list, not {type(value).__name__}")
    return value


def _count(value: JSONValue) -> int:
    if not isinstance(value, int):
        raise TypeError(f"expected an integer, not {type(value).__name__}")
    return value


def _n(k: JSONValue) -> str:
    return NUMBERS[k] if isinstance(k, int) and 0 <= k < len(NUMBERS) else str(k)


def _counter_words(kind: JSONValue, n: JSONValue) -> str:
    if n == 1:
        return f"a {kind} counter"
    return f"{_n(n)} {kind} counters" if n != "X" else f"X {kind} counters"


def _filter_words(filter_: JSONValue) -> str:
    flt = _fields(filter_)
    what = flt.get("what")
    if what == "player":
        return {"opponent": "opponent", "you": "player"}.get(str(flt.get("controller", "any")), "player")
    noun = " or ".join(str(t).lower() for t in _items(flt.get("types", []))) or "permanent"
    rel = flt.get("controller")
    if rel == "you":
        return f"{noun} you control"
    if rel == "opponent":
        return f"{noun} an opponent controls"
    return noun


def _target_words(spec: Mapping[str, JSONValue]) -> str:
    count = _count(spec.get("count", 1))
    noun = _filter_words(spec["filter"])
    if spec.get("up_to"):
        return f"up to {_n(count)} target {noun}s" if count > 1 else f"up to one target {noun}"
    return f"{_n(count)} target {noun}s" if count > 1 else f"target {noun}"


def _mana_words(symbols: JSONValue) -> str:
    return str(symbols)


def _spec(specs: Sequence[JSONValue], index: JSONValue) -> Mapping[str, JSONValue]:
    """The target spec an effect's ``{"target": index}`` names."""
    if not isinstance(index, int):
        raise TypeError(f"a target index is an integer, not {type(index).__name__}")
    return _fields(specs[index])


def effect_text(eff: Mapping[str, JSONValue], specs: Sequence[JSONValue]) -> str:
    do = str(eff["do"])
    to = eff.get("to", eff.get("what"))
    where = _target_words(_spec(specs, to["target"])) if isinstance(to, dict) else "this permanent"
    if do == "put_counters":
        kind, amount = eff["counter"], eff.get("amount", 1)
        if isinstance(to, dict) and _fields(_spec(specs, to["target"])["filter"]).get("what") == "player":
            return f"{where[0].upper()}{where[1:]} gets {_counter_words(kind, amount)}."
        return f"Put {_counter_words(kind, amount)} on {where}."
    if do == "distribute_counters":  # as printed: "Distribute two +1/+1 counters among up to two target ..."
        spec, amount = _fields(specs[0]), eff.get("amount", 1)
        count, noun = _count(spec.get("count", 1)), _filter_words(spec["filter"])
        among = f"up to {_n(count)}" if spec.get("up_to") else {1: "one", 2: "one or two"}.get(
            count, f"one, two, or {_n(count)}")
        return (
            f"Distribute {_n(amount)} {eff['counter']} counter{'s' if amount != 1 else ''} among {among} "
            f"target {noun}{'s' if count != 1 else ''}."
        )
    if do == "distribute_damage":  # as printed: "deals three damage divided as you choose among ..."
        spec = _fields(specs[0])
        count, noun = _count(spec.get("count", 1)), _filter_words(spec["filter"])
        among = f"up to {_n(count)}" if spec.get("up_to") else {1: "one", 2: "one or two"}.get(
            count, f"one, two, or {_n(count)}")
        return (f"This spell deals {_n(eff.get('amount', 1))} damage divided as you choose among {among} "
                f"target {noun}{'s' if count != 1 else ''}.")
    if do == "proliferate":
        return "Proliferate."
    if do == "add_mana":
        return f"Add {_mana_words(eff['mana'])}."
    if do == "add_mana_any_color":
        return "Add one mana of any color."
    if do == "add_mana_could_produce":
        whose = "you control" if eff.get("lands", "you") == "you" else "an opponent controls"
        kind = "color" if eff.get("of") == "color" else "type"
        return f"Add one mana of any {kind} that a land {whose} could produce."
    if do == "add_mana_produced_type":
        return "that player adds an additional one mana of any type that land produced."
    if do == "return_to_hand":
        return f"Return {where} to its owner's hand."
    if do == "sacrifice":
        return "Sacrifice a creature."
    if do == "grant_protection":
        return (
            f"{where[0].upper()}{where[1:]} gains protection from the color of your choice until end of turn."
        )
    if do == "grant_keyword":
        return f"{where[0].upper()}{where[1:]} gains {str(eff['keyword']).lower()} until end of turn."
    return f"{do.replace('_', ' ').capitalize()}."


def _cost_text(cost_: JSONValue) -> str:
    cost = _fields(cost_)
    parts = []
    if cost.get("mana"):
        parts.append(str(cost["mana"]))
    if cost.get("tap"):
        parts.append("{T}")
    return ", ".join(parts)


def _replacement_text(replacement: JSONValue) -> str:
    r = _fields(replacement)
    if r["event"] == "put_counters":
        kind = r.get("counter")
        noun = _filter_words(r.get("affects", {}))
        what = f"{kind} counters" if kind else "counters"
        if r.get("half"):
            amount = "half that many"
        elif "times" in r:
            amount = "twice that many" if r["times"] == 2 else f"{_n(r['times'])} times that many"
        else:
            amount = f"that many plus {_n(r.get('plus', 0))}"
        rounded = ", rounded down" if r.get("half") else ""
        of_kinds = "of each of those kinds of counters" if not kind else what
        if r.get("by"):  # Vorinclex, Monstrous Raider: who puts them
            who = "you" if r["by"] == "you" else "an opponent"
            they = "you" if r["by"] == "you" else "they"
            return (f"If {who} would put one or more {what} on a {noun}, {they} put {amount} {of_kinds} "
                    f"on it instead{rounded}.")
        return (f"If one or more {what} would be put on a {noun}, {amount} {of_kinds} are put on it "
                f"instead{rounded}.")
    if r["event"] == "enters":
        inner = " and ".join(_counter_words(k, v) for k, v in _fields(r.get("counters", {})).items())
        return f"This permanent enters with {inner} on it."
    if r["event"] == "produce_mana":
        who = "you tap" if r.get("tapped_by") == "you" else "a player taps"
        noun = _filter_words(r.get("affects", {})) if r.get("affects") else "permanent"
        if "produce" in r:
            return f"If {who} a {noun} for mana, it produces {{{r['produce']}}} instead of any other type."
        return f"If {who} a {noun} for mana, it produces twice as much of that mana instead."
    return "Replacement effect."


def ability_text(a: Mapping[str, JSONValue]) -> str:
    kind = a["kind"]
    specs = _items(a.get("targets", []))
    body = " ".join(effect_text(_fields(e), specs) for e in _items(a.get("effects", [])))
    if kind == "spell":
        return body
    if kind == "activated":
        return f"{_cost_text(a['cost'])}: {body}"
    if kind == "triggered":
        trig = _fields(a["trigger"])
        if trig["on"] == "tapped_for_mana":
            return f"Whenever a player taps a land for mana, {body[0].lower()}{body[1:]}"
        return f"Whenever {str(trig['on']).replace('_', ' ')}, {body[0].lower()}{body[1:]}"
    if kind == "replacement":
        return _replacement_text(a["replacement"])
    if kind == "keyword":
        return str(a["keyword"])
    return ""


def colors_of(cost: str | None) -> list[str]:
    return [c for c in "WUBRG" if cost and c in re.findall(r"[WUBRG]", cost)]


def card(
    name: str,
    types: Sequence[str],
    abilities: Sequence[JSONObject],
    *,
    cost: str | None = None,
    power: int | None = None,
    toughness: int | None = None,
    subtypes: Sequence[str] = (),
) -> Card:
    """A catalogue-shaped card whose ``text`` is rendered from its ``abilities``."""
    type_line = " ".join(types) + (f" — {' '.join(subtypes)}" if subtypes else "")
    colors = colors_of(cost)
    out: Card = {
        "name": name,
        "manaCost": cost,
        "type": type_line,
        "types": list(types),
        "subtypes": list(subtypes),
        "supertypes": [],
        "keywords": [str(a["keyword"]) for a in abilities if a["kind"] == "keyword"] or None,
        "text": "\n".join(ability_text(a) for a in abilities),
        "layout": "normal",
        "colors": colors,
        "colorIdentity": colors,
        "abilities": [dict(a) for a in abilities],
        "power": None if power is None else str(power),
        "toughness": None if toughness is None else str(toughness),
        "loyalty": None,
        "source": "generated by conformance.fuzz.strategies (fuzzer)",
    }
    return out
