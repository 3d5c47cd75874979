"""An object's current characteristics (CR 109.3, 613) and the filters that test them.

Layer 4 (types an effect adds, "becomes a creature") and layer 7 for power/toughness (CR 613.4): printed
or set values (7b), then modifications and counters (7c). Static abilities of other permanents apply
while their source is on the battlefield (CR 611.3a); they are gathered once per game state
(``in_play``), so working out every object's characteristics is linear in the size of the game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .cards import CardDef
from .errors import BadCardData
from .memo import PartsMemo, StateMemo
from .state import Game, Mod, Obj

KEYWORD_COUNTERS = {"flying": "Flying", "first strike": "First strike", "double strike": "Double strike",
                    "deathtouch": "Deathtouch", "haste": "Haste", "hexproof": "Hexproof",
                    "indestructible": "Indestructible", "lifelink": "Lifelink", "menace": "Menace",
                    "reach": "Reach", "trample": "Trample", "vigilance": "Vigilance"}
PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


def card(game: Game, o: Obj) -> CardDef:
    """Its copiable values (CR 613.2c, 707.2): its printed card, or what a copy effect made it (layer 1,
    613.2a); every other characteristic is worked out from these."""
    if o.mods:  # "becomes a copy" until end of turn: the latest copy effect wins (timestamps, 613.2a)
        became = [(m.timestamp, m.copy) for m in o.mods if m.copy is not None]
        if became:
            return max(became, key=lambda tc: tc[0])[1]
    if o.copy is not None:
        return o.copy
    c: CardDef = game.cards[o.card]
    return c


def is_copy(o: Obj) -> bool:
    """A copy effect gives it other copiable values than its printed card's (CR 707.2, 613.2a)."""
    return o.copy is not None or any(m.copy is not None for m in o.mods)


def lost_abilities_at(o: Obj) -> int | None:
    """The timestamp of the latest effect that made it lose all abilities, or None (layer 6, CR 613.1f).
    Layer 6 effects apply in timestamp order (CR 613.7): it loses its printed abilities and those
    gained before; an ability gained afterwards stays (Turn to Frog's ruling)."""
    lost = [m.timestamp for m in o.mods if m.loses_abilities]
    return max(lost) if lost else None


def _kept(o: Obj, timestamp: int) -> bool:
    """An ability gained by an effect with this timestamp survives the object's "loses all abilities"."""
    lost = lost_abilities_at(o)
    return lost is None or timestamp > lost


def abilities(game: Game, o: Obj) -> tuple[Mapping[str, Any], ...]:
    """Its printed abilities, in Oracle order (CR 113); none once it has lost all abilities (613.1f)."""
    return () if lost_abilities_at(o) is not None else card(game, o).abilities


def granted_abilities(game: Game, o: Obj) -> list[Mapping[str, Any]]:
    """Keyword abilities with parameters it was given: by an effect until end of turn ("gains ward
    {3}", Hall of Storm Giants) or by a static ability (layer 6, CR 613.1f); those given before it lost
    all abilities are gone."""
    out = [m.ability for m in sorted(o.mods, key=lambda m: m.timestamp)
           if m.ability and _kept(o, m.timestamp)]
    if o.zone == "battlefield":
        for src, st in in_play(game).abilities:
            if _static_applies(game, src, st, o) and _kept(o, src.timestamp):
                out += [a for a in st["abilities"] if a["kind"] == "keyword"]
    return out


def as_triggered(a: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """A triggered ability as data; a keyword that is one in what it means: ward (CR 702.21a, "Whenever
    this permanent becomes the target of a spell or ability an opponent controls, counter that spell
    or ability unless that player pays [cost]")."""
    if a["kind"] == "triggered":
        return a
    if a["kind"] == "keyword" and a["keyword"] == "Enlist":  # CR 702.154a: "When you do, ... +X/+0"
        return {"kind": "triggered", "trigger": {"on": "enlists", "what": "self"},
                "effects": [{"do": "pump", "what": "self", "power": {"power_of": "it"}}]}
    if a["kind"] == "keyword" and a["keyword"] == "Evolve":  # CR 702.100a
        entering = {"types": ["Creature"], "controller": "you", "other": True}
        return {"kind": "triggered", "trigger": {"on": "enters", "what": entering},
                "condition": {"evolve": True},
                "effects": [{"do": "put_counters", "to": "self", "counter": "+1/+1", "amount": 1}]}
    if a["kind"] == "keyword" and a["keyword"] == "Persist":  # CR 702.79a
        return {"kind": "triggered", "trigger": {"on": "leaves", "what": "self", "to": "graveyard"},
                "condition": {"it_had_no_counter": "-1/-1"},
                "effects": [{"do": "return_to_battlefield", "what": "it_card", "under": "owner",
                             "counters": {"-1/-1": 1}}]}
    if a["kind"] == "keyword" and a["keyword"] == "Ward":
        pay = {"do": "pay", "player": "that_player", **({"cost": a["cost"]} if "cost" in a else {}),
               **({"life": a["life"]} if "life" in a else {})}
        return {"kind": "triggered", "trigger": {"on": "becomes_target", "what": "self", "by": "opponent"},
                "effects": [{"do": "unless", "player": "that_player", "unless_cost": [pay],
                             "effects": [{"do": "counter_spell", "what": "it"}]}]}
    return None


Static = tuple[Obj, Mapping[str, Any]]


class InPlay:
    """The static abilities of the permanents on the battlefield in one game state (CR 611.3a: they apply
    while their source is there), in battlefield order, then Oracle order: the continuous effects each
    object's characteristics are worked out from (CR 613). Sorted by what they can change: the power and
    toughness (layer 7c, CR 613.4c), keywords (given or taken, with those gained as keyword abilities)
    and abilities (layer 6, CR 613.1f). A static without ``affects`` applies to no object
    (``_static_applies``): it is only in ``statics``."""

    __slots__ = ("statics", "power_toughness", "keywords", "abilities", "types", "colors")

    def __init__(self, game: Game) -> None:
        cards = game.cards
        with_statics = WITH_STATICS.get(_with_statics, cards)
        sources = [s for s in map(game.objects.__getitem__, game.battlefield)
                   if (s.card in with_statics and not is_copy(s)) or (is_copy(s) and card(game, s).statics)]
        # a permanent that lost all abilities has no static abilities (layer 6, CR 613.1f)
        self.statics = tuple((s, st) for s in sources if lost_abilities_at(s) is None
                             for st in card(game, s).statics)
        applying = [(src, st) for src, st in self.statics if "affects" in st]
        self.power_toughness = tuple((src, st) for src, st in applying if "power" in st or "toughness" in st)
        self.abilities = tuple((src, st) for src, st in applying if st.get("abilities"))
        # layers 4 and 5 (CR 613.1d-e), in timestamp order (613.7e: a static's is its source's)
        by_time = sorted(applying, key=lambda e: e[0].timestamp)
        self.types = tuple((src, st) for src, st in by_time if "add_types" in st)
        self.colors = tuple((src, st) for src, st in by_time if "set_colors" in st or "add_colors" in st)
        keywords = []
        for src, st in applying:
            granted = tuple(a["keyword"] for a in st.get("abilities", ()) if a["kind"] == "keyword")
            if st.get("keywords") or st.get("loses_keywords") or granted:
                keywords.append((src, st, (*st.get("keywords", ()), *granted)))
        self.keywords: tuple[tuple[Obj, Mapping[str, Any], tuple[str, ...]], ...] = tuple(keywords)


def _with_statics(cards: Mapping[str, CardDef]) -> frozenset[str]:
    return frozenset(name for name, c in cards.items() if c.statics)


IN_PLAY: StateMemo[InPlay] = StateMemo()
BY_PERMANENTS: PartsMemo[InPlay] = PartsMemo()  # by the cards and the permanents (the same objects, in order)
WITH_STATICS: StateMemo[frozenset[str]] = StateMemo()  # by the game's cards: the names of those with statics


def in_play(game: Game) -> InPlay:
    """The static abilities in play, gathered once per game state (engine/memo.py): an object's
    characteristics cost the statics there are, not a look at every permanent again (a game of N
    objects is linear work, not N x N)."""
    return IN_PLAY.get(_in_play, game)


def _in_play(game: Game) -> InPlay:
    """InPlay reads only the game's cards and its permanents: a state that kept both (the same objects,
    in the same order) has the same statics in play as the one before it."""
    parts = (game.cards, *map(game.objects.__getitem__, game.battlefield))
    return BY_PERMANENTS.get(parts, lambda: InPlay(game))


def _static_applies(game: Game, src: Obj, st: Mapping[str, Any], o: Obj) -> bool:
    if "affects" not in st or o.phased_out:  # CR 702.26b: nothing affects a phased-out permanent
        return False
    if st.get("during") == "your_turn" and game.active != src.controller:
        return False
    cond = st.get("as_long_as") or {}
    for kind, n in (cond.get("counters_at_least") or {}).items():  # CR 611.3a: checked continuously
        if src.counters.get(kind, 0) < n:
            return False
    return matches(game, st["affects"], o, src)


def activated(game: Game, o: Obj) -> tuple[Mapping[str, Any], ...]:
    """Its activated abilities: printed ones in Oracle order, then those static abilities give it (layer 6,
    CR 613.1f; Chromatic Lantern), which a script's ``ability`` index counts after the printed ones."""
    out = card(game, o).activated if lost_abilities_at(o) is None else ()
    if o.zone == "battlefield":
        for src, st in in_play(game).abilities:
            if _static_applies(game, src, st, o) and _kept(o, src.timestamp):
                out += tuple(a for a in st["abilities"] if a["kind"] == "activated")
    return out


def types(game: Game, o: Obj) -> tuple[str, ...]:
    """Printed card types plus those an effect gives it ("it's still a land", layer 4, CR 613.1d), then
    those static abilities add ("in addition to its other types", 205.1b)."""
    if _LAYER4 and o.id in _LAYER4:  # asked while its static type effects are being applied: so far
        return _LAYER4[o.id]
    out = card(game, o).types
    for m in o.mods:
        out += tuple(t for t in m.types if t not in out)
    if not _layering(game):
        return out
    statics = in_play(game).types
    return _static_types(game, o, out, statics)[0] if statics else out


_LAYERING: dict[int, tuple[object, bool]] = {}  # by the game's cards: does any have a layer 4-5 static?


def _layering(game: Game) -> bool:
    """Whether a card of this game has a static type- or color-changing ability: without one, types and
    colors cost no look at the statics in play (the hot path)."""
    cards = game.cards
    hit = _LAYERING.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    found = any(any(k in st for k in ("add_types", "set_colors", "add_colors"))
                for c in cards.values() for st in c.statics)
    if len(_LAYERING) >= 64:
        _LAYERING.clear()
    _LAYERING[id(cards)] = (cards, found)
    return found


_LAYER4: dict[int, tuple[str, ...]] = {}  # objects whose static type effects are being applied: types so far


def _static_types(game: Game, o: Obj, out: tuple[str, ...], statics: tuple[Static, ...]
                  ) -> tuple[tuple[str, ...], tuple[Static, ...]]:
    """Layer 4 from static abilities that add card types (Mycosynth Lattice, March of the Machines,
    Opalescence): its types, and the effects that apply to it. Each effect's filter is judged on the types
    the object has so far (CR 613.1d); an effect that applies only once another one has (March's
    "noncreature artifact" after Lattice makes a land an artifact) depends on it and is applied after it
    (613.8a-b), whatever their timestamps: the passes repeat until no further effect applies. The effects
    only add types (205.1b), so their order changes nothing else."""
    left = list(statics)
    applied: list[Static] = []
    try:
        grew = True
        while grew:
            grew = False
            _LAYER4[o.id] = out
            for e in list(left):
                if _static_applies(game, e[0], e[1], o):
                    out += tuple(t for t in e[1]["add_types"] if t not in out)
                    left.remove(e)
                    applied.append(e)
                    grew = True
                    _LAYER4[o.id] = out
    finally:
        _LAYER4.pop(o.id, None)
    return out, tuple(applied)


def _static_base_pt(game: Game, o: Obj) -> list[tuple[int, int, int]]:
    """(timestamp, power, toughness) of the static effects that made it a creature with base power and
    toughness equal to its mana value (layer 7b, CR 613.4b); the same objects as in layer 4 (613.6)."""
    statics = in_play(game).types
    if not statics:
        return []
    out = card(game, o).types
    for m in o.mods:
        out += tuple(t for t in m.types if t not in out)
    mv = mana_value(game, o)
    return [(src.timestamp, mv, mv) for src, st in _static_types(game, o, out, statics)[1]
            if st.get("base_pt_mana_value")]


# Subtypes that are not creature types (CR 205.3g-j, a selection): "becomes a Frog" keeps them
NON_CREATURE_SUBTYPES = frozenset({
    "Equipment", "Vehicle", "Fortification", "Aura", "Saga", "Shrine", "Class", "Case", "Room", "Food",
    "Treasure", "Clue", "Blood", "Gold", "Forest", "Island", "Mountain", "Plains", "Swamp", "Desert", "Gate",
    "Locus", "Cave"})


def subtypes(game: Game, o: Obj) -> tuple[str, ...]:
    """Printed subtypes, then effects in timestamp order (layer 4, CR 613.1d): subtypes it gains, or
    creature types set ("becomes a blue Frog": it loses its other creature types, keeps the others)."""
    out = card(game, o).subtypes
    own = _own_chosen_type(game, o)
    for m in sorted((*o.mods, *own), key=lambda m: m.timestamp):
        if m.creature_types is not None:
            out = tuple(t for t in out if t in NON_CREATURE_SUBTYPES) + m.creature_types
        out += tuple(t for t in m.subtypes if t not in out)
    return out


def _own_chosen_type(game: Game, o: Obj) -> tuple[Mod, ...]:
    """"[This] is the chosen type in addition to its other types" (Metallic Mimic): its own static ability
    adds the creature type chosen as it entered (CR 614.12, 607.2d), in layer 4 with its own timestamp
    (CR 613.1d, 613.7e). Printed, so an effect that later removes its abilities (layer 6) comes too late
    to undo it (CR 613.1: layer 4 applies first); a creature type set later ("becomes a Frog") wins."""
    if o.zone != "battlefield" or o.chosen_type is None:
        return ()
    if not any(a["kind"] == "static" and a["static"].get("is_chosen_type") for a in card(game, o).abilities):
        return ()
    return (Mod(subtypes=(o.chosen_type,), timestamp=o.timestamp),)


def is_type(game: Game, o: Obj, t: str) -> bool:
    return t in types(game, o)


def colors(game: Game, o: Obj) -> tuple[str, ...]:
    """Printed colors, then color-changing effects in timestamp order (layer 5, CR 613.1e, 613.7): one
    that sets them ("becomes blue", "are colorless") replaces them, one that adds a color ("in addition
    to their other colors", Painter's Servant) adds it (105.3: a colorless object then has that color
    only)."""
    out = card(game, o).colors
    statics = in_play(game).colors if _layering(game) else ()
    if not o.mods and not statics:
        return out
    layered: list[tuple[int, bool, tuple[str, ...]]] = [(m.timestamp, True, m.colors) for m in o.mods
                                                       if m.colors is not None]
    for src, st in statics:
        if _static_applies(game, src, st, o):
            if "set_colors" in st:
                layered.append((src.timestamp, True, tuple(st["set_colors"])))
            elif src.chosen_color is not None:  # add_colors: "the chosen color"
                layered.append((src.timestamp, False, (src.chosen_color,)))
    for _, sets, cs in sorted(layered, key=lambda e: e[0]):
        out = cs if sets else (*out, *(c for c in cs if c not in out))
    return out


_GRANTING: set[int] = set()  # objects whose static keyword grants are being worked out


def keywords(game: Game, o: Obj) -> list[str]:
    """Printed keywords, keyword counters (CR 122.1b), effects until end of turn and static grants.

    A static that grants keywords to "creatures with [keyword]" asks for keywords again; there the
    keywords the object has without static grants answer (layer 6 dependencies are not modelled).
    A permanent's last known information has the keywords it had as it left (CR 608.2h)."""
    if o.last_keywords is not None:
        return list(o.last_keywords)
    out = list(card(game, o).keywords)
    for kind in o.counters:
        kw = KEYWORD_COUNTERS.get(kind)
        if kw:
            out.append(kw)
    # layer 6 effects in timestamp order (CR 613.7): a later grant beats an earlier "loses" (Melira's ruling)
    layered: list[tuple[tuple[int, int], bool, tuple[str, ...]]] = [
        ((m.timestamp, 0), True, (m.keyword,)) for m in o.mods if m.keyword]
    lost = lost_abilities_at(o)
    if lost is not None:  # "loses all abilities" (613.1f): all it had then, keyword counters included
        layered.append(((lost, 0), False, ("*",)))
    if o.zone == "battlefield" and o.id not in _GRANTING:
        _GRANTING.add(o.id)
        try:
            for src, st, gained in in_play(game).keywords:
                if _static_applies(game, src, st, o):
                    layered.append(((src.timestamp, src.id), True, gained))
                    layered.append(((src.timestamp, src.id), False, tuple(st.get("loses_keywords", ()))))
        finally:
            _GRANTING.discard(o.id)
    for _, gains, kws in sorted(layered, key=lambda e: e[0]):
        out = [*out, *kws] if gains else [k for k in out if k not in kws and kws != ("*",)]
    seen: list[str] = []
    for k in out:
        if k not in seen and k not in ("Tribute", "Enchant"):
            seen.append(k)
    return seen


def toxic_value(game: Game, o: Obj) -> int:
    """CR 702.164b: the sum of the N of its toxic abilities, printed or given (Prosthetic Injector)."""
    printed = card(game, o).keyword_n("Toxic") if lost_abilities_at(o) is None else None
    return (printed or 0) + sum(
        int(a.get("n", 0)) for a in granted_abilities(game, o) if a["keyword"] == "Toxic")


def has_keyword(game: Game, o: Obj, kw: str) -> bool:
    return kw in keywords(game, o)


def protections(o: Obj) -> set[str]:
    return {m.protection for m in o.mods if m.protection}


def protected_from(game: Game, o: Obj, source: Obj) -> bool:
    """CR 702.16: ``o`` has protection from a colour ``source`` has."""
    return bool(protections(o) & set(colors(game, source)))


def power_toughness(game: Game, o: Obj) -> tuple[int | None, int | None]:
    c = card(game, o)
    # layer 7b: an effect that sets power and toughness, the latest one winning (CR 613.4b, 613.7)
    base = [(m.base_power, m.base_toughness) for m in sorted(o.mods, key=lambda m: m.timestamp)
            if m.base_power is not None and m.base_toughness is not None]
    if _layering(game) and in_play(game).types:  # static effects setting it (March), in timestamp order
        stamped = [(m.timestamp, m.base_power, m.base_toughness) for m in o.mods
                   if m.base_power is not None and m.base_toughness is not None]
        base = [(p, t) for _, p, t in sorted([*stamped, *_static_base_pt(game, o)], key=lambda e: e[0])]
    printed = (c.power, c.toughness)
    p0, t0 = base[-1] if base else printed
    if not is_type(game, o, "Creature") or p0 is None or t0 is None:
        return None, None
    p, t = p0, t0
    if o.zone == "battlefield":
        for src, st in in_play(game).power_toughness:
            if _static_applies(game, src, st, o):
                p += st.get("power", 0)
                t += st.get("toughness", 0)
    for m in o.mods:
        p += m.power
        t += m.toughness
    for kind, n in o.counters.items():
        mt = PT_COUNTER.match(kind)
        if mt:
            p += int(mt.group(1)) * n
            t += int(mt.group(2)) * n
    return p, t


def power(game: Game, o: Obj) -> int:
    return power_toughness(game, o)[0] or 0


def toughness(game: Game, o: Obj) -> int:
    return power_toughness(game, o)[1] or 0


def untaps_normally(game: Game, o: Obj) -> bool:
    return not any(a["kind"] == "static" and a["static"].get("no_untap") for a in abilities(game, o))


def as_though_haste(game: Game, o: Obj) -> bool:
    """"You may activate abilities of creatures you control as though those creatures had haste"
    (Thousand-Year Elixir): only for {T}/{Q} costs of activated abilities (CR 302.6), not for attacking."""
    return any(st.get("abilities_as_though_haste") and _static_applies(game, src, st, o)
               for src, st in in_play(game).statics)


def can_get_counter(game: Game, target: tuple[Any, ...], kind: str, entering: Obj | None = None) -> bool:
    """Whether a counter of ``kind`` can be put on the object or player: not while a "can't" effect
    says otherwise (Solemnity: "Players can't get counters. Counters can't be put on artifacts, ...";
    Melira). "Can't" beats any instruction to put them (CR 101.2, 614.17); replacement effects may
    still have modified the event (Solemnity's ruling), but no counter is put. ``entering``: the
    permanent as it would exist on the battlefield (CR 614.12)."""
    for src, st in in_play(game).statics:
        no = st.get("no_counters")
        if not no or (isinstance(no, str) and no != kind):
            continue
        flt = st.get("affects", {})
        if target[0] == "player":
            if matches_player(game, flt, int(target[1]), src.controller):
                return False
        elif flt.get("what") != "player" and matches(game, flt, entering or game.obj(target[1]), src,
                                                     src.controller):
            return False
    return True


def _relation(rel: str | int | None, who: int, me: int, game: Game) -> bool:
    """``you``, ``opponent``, ``any``; a player's index: that one player (the defending player an attack
    trigger's targets were fixed to, CR 508.5, triggers.for_defending_player)."""
    if rel in (None, "any"):
        return True
    if isinstance(rel, int):
        return who == rel
    if rel == "defending_player":
        raise BadCardData("'defending player' is known only in an attacking creature's triggered ability "
                          "(CR 508.5)")
    if rel == "you":
        return who == me
    return who != me and who in range(len(game.players))


def matches(game: Game, flt: Mapping[str, Any], o: Obj, src: Obj | None, me: int | None = None) -> bool:
    """Whether object ``o`` matches a filter written from the point of view of ``src``'s controller."""
    if me is None:
        me = src.controller if src is not None else 0
    if "any_of" in flt and not any(matches(game, f, o, src, me) for f in flt["any_of"]):
        return False
    what = flt.get("what")
    if what in ("player", "ability"):  # an ability on the stack is no object of the store (targets.py)
        return False
    # a filter without "zone" means a permanent; "zone": None (the engine's own filters) means any zone
    zone = flt.get("zone", "battlefield" if what in (None, "permanent") else None)
    if zone == "any":  # "all cards that aren't on the battlefield, spells, and permanents" (Lattice)
        zone = None
    if what == "spell":
        zone = "stack"
    if zone and o.zone != zone:
        return False
    # the checks of the object's status first (cheap), then of its characteristics: all must hold
    if not _relation(flt.get("controller"), o.controller, me, game):
        return False
    if not _relation(flt.get("owner"), o.owner, me, game):
        return False
    if flt.get("other") and src is not None and o.id == src.id:
        return False
    if flt.get("self") and (src is None or o.id != src.id):
        return False
    if flt.get("attached") and (src is None or src.attached_to != o.id):  # "enchanted / equipped creature"
        return False
    if "token" in flt and o.token != flt["token"]:
        return False
    if "tapped" in flt and o.tapped != flt["tapped"]:
        return False
    c = card(game, o)
    if flt.get("types") and not set(flt["types"]) & set(types(game, o)):
        return False
    if flt.get("not_types") and set(flt["not_types"]) & set(types(game, o)):
        return False
    if flt.get("subtypes") and not set(flt["subtypes"]) & set(subtypes(game, o)):
        return False
    if flt.get("not_subtypes") and set(flt["not_subtypes"]) & set(subtypes(game, o)):  # "non-Human"
        return False
    if flt.get("chosen_type") and (src is None or src.chosen_type not in subtypes(game, o)):
        return False  # "of the chosen type": the source's choice (CR 607.2d); none chosen, nothing is
    if flt.get("supertypes") and not set(flt["supertypes"]) & set(c.supertypes):  # "basic land"
        return False
    if flt.get("not_supertypes") and set(flt["not_supertypes"]) & set(c.supertypes):  # "nonbasic land"
        return False
    if flt.get("x_in_mana_cost") and "{X}" not in c.mana_cost:  # CR 107.3, 202.1: in its mana cost
        return False
    if "mana_value_at_most" in flt and mana_value(game, o) > flt["mana_value_at_most"]:  # CR 202.3
        return False
    if "mana_value_at_least" in flt and mana_value(game, o) < flt["mana_value_at_least"]:
        return False
    if flt.get("mana_value_x") and mana_value(game, o) != (src.x if src is not None else 0):
        return False  # "with mana value X": the X announced for the spell or ability (CR 107.3a, 601.2b)
    if "attacking" in flt and (any(a.attacker == o.id for a in game.attacks)
                               and o.id not in game.removed_from_combat) != flt["attacking"]:  # 506.4
        return False
    if "blocking" in flt and (any(b == o.id for b, _ in game.blocks)
                              and o.id not in game.removed_from_combat) != flt["blocking"]:
        return False
    if flt.get("colors") and not set(flt["colors"]) & set(colors(game, o)):
        return False
    if flt.get("not_colors") and set(flt["not_colors"]) & set(colors(game, o)):  # "nonblack" (CR 105.2)
        return False
    if "multicolored" in flt and (len(set(colors(game, o))) >= 2) != flt["multicolored"]:  # CR 105.2b
        return False  # a hybrid card is each of its symbols' colors however it was paid for (202.2c)
    if flt.get("keywords") and not set(flt["keywords"]) <= set(keywords(game, o)):  # "creature with flying"
        return False
    if flt.get("not_keywords") and set(flt["not_keywords"]) & set(keywords(game, o)):  # "without flying"
        return False
    if flt.get("single_target") and not _has_single_target(game, o):
        return False
    if "targets" in flt and not _targets_one(game, flt["targets"], o, src, me):
        return False
    if flt.get("tap_ability") and not any(a.get("cost", {}).get("tap") for a in activated(game, o)):
        return False  # "an activated ability with {T} in its cost" (CR 107.5): not "tap an untapped creature"
    if "power_at_most" in flt or "power_at_least" in flt:  # "creature with power 2 or less"
        p = power_toughness(game, o)[0]
        if p is None or p > flt.get("power_at_most", p) or p < flt.get("power_at_least", p):
            return False
    if "toughness_at_most" in flt or "toughness_at_least" in flt:  # "creature with toughness 2 or less"
        t = power_toughness(game, o)[1]
        if t is None or t > flt.get("toughness_at_most", t) or t < flt.get("toughness_at_least", t):
            return False
    wanted = flt.get("with_counter")  # true: any counter; a kind: a counter of that kind
    if isinstance(wanted, str) and o.counters.get(wanted, 0) <= 0:
        return False
    if wanted is True and not any(n > 0 for n in o.counters.values()):
        return False
    if wanted is False and any(n > 0 for n in o.counters.values()):  # "with no counters on it" (CR 122.1)
        return False
    if "without_counter" in flt and o.counters.get(flt["without_counter"], 0) > 0:  # "that doesn't have a
        return False  # +1/+1 counter on it": other kinds don't matter (CR 122.1)
    if flt.get("modified") and not _is_modified(game, o):
        return False
    return not flt.get("lowest_mana_value") or _has_lowest_mana_value(game, flt, o, src, me)


def _is_modified(game: Game, o: Obj) -> bool:
    """CR 700.9: a permanent is modified if it has a counter on it (any kind, whoever put it), is equipped,
    or is enchanted by an Aura its controller controls. The attachments' subtypes are their copiable ones
    (an Equipment or Aura stays one: no effect here changes them, and reading statics could recurse)."""
    if any(n > 0 for n in o.counters.values()):
        return True
    for i in game.battlefield:
        a = game.obj(i)
        if a.attached_to != o.id:
            continue
        kinds = card(game, a).subtypes
        if "Equipment" in kinds or ("Aura" in kinds and a.controller == o.controller):
            return True
    return False


def mana_value(game: Game, o: Obj) -> int:
    """CR 202.3: the mana value of its mana cost; X is 0 except on the stack, where it is the number
    chosen for it (202.3e). A token that isn't a copy has no mana cost: 0 (202.3a)."""
    value = card(game, o).mana_value
    if o.zone == "stack":
        item = next((s for s in game.stack if s.id == o.id and s.kind == "spell"), None)
        if item is not None:
            value += item.x * card(game, o).mana_cost.count("{X}")
    return value


def _has_lowest_mana_value(game: Game, flt: Mapping[str, Any], o: Obj, src: Obj | None, me: int) -> bool:
    """"[permanent] with the lowest mana value" (Culling Scales): no other object in its zone that
    matches the rest of the filter has a lower mana value (CR 202.3); ties all qualify. Judged anew
    each time it is asked: as targets are chosen and again on resolution (CR 608.2b)."""
    rest = {k: v for k, v in flt.items() if k != "lowest_mana_value"}
    zone = game.battlefield if o.zone == "battlefield" else tuple(
        i for i, x in game.objects.items() if x.zone == o.zone)
    mine = mana_value(game, o)
    return all(mana_value(game, game.objects[i]) >= mine for i in zone
               if matches(game, rest, game.objects[i], src, me))


def _has_single_target(game: Game, o: Obj) -> bool:
    """"A spell with a single target": one target in all, legal or not. Two target words choosing the same
    object are two targets (Shunt rulings 2004-10-04 and 2007-07-15; Captured by the Consulate 2016-09-20)."""
    item = next((s for s in game.stack if s.id == o.id), None)
    return item is not None and sum(len(slot) for slot in item.targets) == 1


def _targets_one(game: Game, flt: Mapping[str, Any], o: Obj, src: Obj | None, me: int) -> bool:
    """"A spell that targets [a creature / a player / you]": at least one of its targets, not all of them
    (Intervene 2004-10-04, Outwit 2012-05-01), among those of the modes chosen (CR 700.2, 115.1); a
    target object still counts only while it is the object that was chosen (CR 400.7)."""
    item = next((s for s in game.stack if s.id == o.id), None)
    for t in (t for slot in (item.targets if item is not None else ()) for t in slot):
        if t[0] == "player" and matches_player(game, flt, int(t[1]), me):
            return True
        if t[0] == "object":
            x = game.objects.get(int(t[1]))
            if x is not None and x.epoch == t[2] and matches(game, flt, x, src, me):
                return True
    return False


def matches_player(game: Game, flt: Mapping[str, Any], player: int, me: int) -> bool:
    if "any_of" in flt:  # "a permanent or player": the player alternatives, with the shared relation
        return any(matches_player(game, {**f, **{k: v for k, v in flt.items() if k != "any_of"}}, player, me)
                   for f in flt["any_of"])
    if flt.get("what") not in ("player", None) or flt.get("types"):
        return False
    if flt.get("what") is None:
        return False
    return _relation(flt.get("controller"), player, me, game)
