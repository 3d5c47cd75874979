"""Replacement effects: one pipeline for every replaceable event (CR 614, 616).

Events that can be replaced here: putting counters on a permanent or player (CR 122.6), a permanent
entering the battlefield (CR 614.1c, 614.12), producing mana (CR 106.12b), creating tokens, facing a
villainous choice (CR 701.55c) and proliferating (Tekuthal: "proliferate twice instead"). The affected
object's controller, or the affected player, chooses which applicable effect to apply next (CR 616.1),
whoever controls the effects' sources; each effect applies at most once to an event (CR 614.5); the loop
repeats until none is left (CR 616.1f).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import characteristics as ch
from . import copies
from .context import Ctx, Decision
from .creature_types import CREATURE_TYPES, is_creature_type
from .errors import IllegalAction
from .state import COLORS, Game, Obj, replace

REvent = dict[str, Any]


@dataclass(frozen=True)
class Repl:
    source: int
    index: int  # ability index in the source's definition; -1 for a keyword (tribute)
    spec: Mapping[str, Any]
    controller: int
    # for the entering permanent's own effects, the name of the copiable values they come from: once it
    # has become a copy (CR 707.5) the copied card's effects are other effects than its printed ones
    origin: str = ""

    @property
    def key(self) -> tuple[int, int, str]:
        return (self.source, self.index, self.origin)


def _turn_effects(game: Game) -> list[Repl]:
    """Effects created by resolved spells and abilities "this turn" (Combine Guildmage); their index
    is negative so that each is one effect for CR 614.5."""
    return [Repl(t.source_lki.id, -2 - i, t.spec, t.controller) for i, t in enumerate(game.turn_effects)]


def _candidates(game: Game, event: REvent) -> list[Repl]:
    kind = event["kind"]
    if kind == "enters":
        return _entering_candidates(game, event)
    out: list[Repl] = [r for r in _turn_effects(game) if r.spec["event"] == kind]
    for sid in game.battlefield:
        s = game.objects[sid]
        for i, a in enumerate(ch.abilities(game, s)):
            if a["kind"] == "replacement" and a["replacement"]["event"] == kind:
                out.append(Repl(sid, i, a["replacement"], s.controller))
    return out


def _entering_candidates(game: Game, event: REvent) -> list[Repl]:
    """CR 614.12: effects that modify how a permanent enters. From permanents already on the
    battlefield: "[objects] enter with" effects (614.1d) and, once it would enter with counters,
    counter-modifying effects (122.6: those counters are "put" on it). From the entering permanent
    itself only effects on itself alone: "this enters with" (614.1c) and effects like Mowu's; a
    general one (Conclave Mentor, Hardened Scales) doesn't apply to its own entering (their rulings)."""
    out: list[Repl] = [r for r in _turn_effects(game)
                       if r.spec["event"] == "put_counters" or "affects" in r.spec]
    for sid in game.battlefield:
        s = game.objects[sid]
        for i, a in enumerate(ch.abilities(game, s)):
            spec = a["replacement"] if a["kind"] == "replacement" else None
            # "this enters with" (no `affects`) is about its own entering only
            if spec and (spec["event"] == "put_counters"
                         or (spec["event"] == "enters" and "affects" in spec)):
                out.append(Repl(sid, i, spec, s.controller))
    o: Obj = event["obj"]
    own = ch.card(game, o)  # once it is entering as a copy, the copied card's effects (CR 707.5)
    for i, a in enumerate(own.abilities):
        if a["kind"] == "replacement":
            spec = a["replacement"]
            if ((spec["event"] == "enters" and "affects" not in spec)
                    or (spec["event"] == "put_counters" and spec.get("affects", {}).get("self"))):
                out.append(Repl(o.id, i, spec, o.controller, own.name))
        if a["kind"] == "keyword" and a["keyword"] == "Tribute":
            tribute = {"event": "enters", "tribute": int(a.get("n", 0))}
            out.append(Repl(o.id, i, tribute, o.controller, own.name))
    return out


def _as_put(event: REvent, by: int) -> REvent:
    """The counters player ``by`` would give an entering permanent, as the put_counters event they are
    (CR 122.6, 122.6a)."""
    o: Obj = event["obj"]
    totals: dict[str, int] = {}
    for kind, n, who in event["counters"]:
        if who == by:
            totals[kind] = totals.get(kind, 0) + n
    return {"kind": "put_counters", "target": ("object", o.id, o.epoch), "counters": totals,
            "by": by, "cost": False, "entering": o}


def _put_by(spec: Mapping[str, Any], by: int, me: int) -> bool:
    """"If you would put" / "if an opponent would put" (Vorinclex, Monstrous Raider): who puts them."""
    return spec.get("by") is None or (spec["by"] == "you") == (by == me)


def _put_by_an_effect(event: REvent) -> bool:
    """"If an effect would put" (Doubling Season): not the counters put to pay a cost (CR 606.4, its
    ruling) nor wither's (Selesnya Loft Gardens' ruling), unless another replacement effect has already
    modified the event. CR 614.16: such effects "also apply if another replacement or prevention effect
    does so, even if the original event being modified wasn't itself an effect" (Pir, then Doubling
    Season, on a +1 loyalty cost)."""
    return bool(event.get("replaced")) or not (event.get("cost") or event.get("damage"))


def _counter_amount(spec: Mapping[str, Any], n: int) -> int:
    """"twice / N times that many", "that many plus N" (minus with a negative N), "half that many,
    rounded down"."""
    n = n * spec.get("times", 1) + spec.get("plus", 0)
    return max(0, n // 2 if spec.get("half") else n)


def affected_player(game: Game, event: REvent) -> int:
    """CR 616.1: the affected object's controller or the affected player makes the choice."""
    kind = event["kind"]
    if kind == "put_counters":
        t = event["target"]
        if t[0] == "player":
            return int(t[1])
        o = event.get("entering") or game.obj(t[1])
        return o.controller
    if kind == "enters":
        return int(event["obj"].controller)
    if kind == "produce_mana":
        return int(event["player"])
    if kind == "create_tokens":
        return int(event["controller"])
    return int(event["player"])


def _applies(game: Game, r: Repl, event: REvent) -> bool:
    spec = r.spec
    kind = event["kind"]
    # the entering permanent's own effects: a token being created is in no zone yet; a turn effect's
    # source may be gone (it was sacrificed, or is the resolved spell)
    if kind == "enters" and r.source == event["obj"].id and r.index >= 0:
        src = event["obj"]
    elif r.index <= -2:
        src = game.turn_effects[-2 - r.index].source_lki
    else:
        src = game.objects[r.source]
    if kind == "put_counters":
        counters: Mapping[str, int] = event["counters"]
        wanted = spec.get("counter")
        # CR 614.17c: counters that can't be put (Solemnity) are an event that can't happen, which other
        # replacement effects can't modify
        if not any(n > 0 and (wanted is None or k == wanted)
                   and ch.can_get_counter(game, event["target"], k, entering=event.get("entering"))
                   for k, n in counters.items()):
            return False
        if spec.get("by_effect") and not _put_by_an_effect(event):
            return False
        if not _put_by(spec, event["by"], r.controller):
            return False
        t = event["target"]
        flt = spec.get("affects", {})
        if t[0] == "player":
            return ch.matches_player(game, flt, int(t[1]), r.controller)
        o = event.get("entering") or game.obj(t[1])
        return flt.get("what") != "player" and ch.matches(game, flt, o, src, r.controller)
    if kind == "enters":
        if spec["event"] == "put_counters":
            return any(_applies(game, r, _as_put(event, by)) for by in {b[2] for b in event["counters"]})
        flt = spec.get("affects")
        return flt is None or ch.matches(game, flt, event["obj"], src, r.controller)
    if kind == "produce_mana":
        if not event["tapped"] or not any(event["mana"].values()):
            return False
        if sum(event["mana"].values()) < spec.get("min_amount", 1):  # Damping Sphere: "two or more mana"
            return False
        if spec.get("tapped_by") == "you" and event["player"] != r.controller:
            return False
        flt = spec.get("affects")
        tapped = game.obj(event["source"])
        if tapped.zone != "battlefield" and event.get("source_lki") is not None:
            # sacrificed to pay the cost (Crystal Vein): the land it was as it was tapped for mana, by last
            # known information (CR 106.12b, 608.2h)
            tapped = event["source_lki"]
        return flt is None or ch.matches(game, flt, tapped, src, r.controller)
    if kind == "create_tokens":
        return bool(event["count"]) and (
            spec.get("affects") is None
            or ch.matches_player(game, spec["affects"], event["controller"], r.controller))
    if kind in ("face_villainous_choice", "proliferate"):
        return ch.matches_player(game, spec.get("affects", {"what": "player"}), event["player"], r.controller)
    return False


def _modify(ctx: Ctx, r: Repl, event: REvent) -> REvent:
    spec = r.spec
    kind = event["kind"]
    if kind == "put_counters":
        wanted = spec.get("counter")
        new = {}
        for k, n in event["counters"].items():
            if n > 0 and (wanted is None or k == wanted):
                n = _counter_amount(spec, n)
            new[k] = n
        # from now on a replacement effect puts these counters (CR 614.16)
        return {**event, "counters": new, "replaced": True}
    if kind == "enters" and spec["event"] == "put_counters":
        return _modify_entering_counters(r, event)
    if kind == "enters":
        if "tribute" in spec:
            return _tribute(ctx, r, event)
        if "copy" in spec:  # "You may have this enter as a copy of ..." (CR 707.5, 614.1c)
            copied = copies.enter_as_copy(ctx, r.spec["copy"], event)
            if spec.get("tapped") and copied is not event:  # Vesuva: "enter tapped as a copy" (614.1c)
                copied = {**copied, "tapped": True}
            return copied
        if "choose" in spec:  # "As this enters, choose a color / a creature type" (CR 614.12)
            return CHOICES_AS_ENTERS[spec["choose"]](ctx, r, event)
        if spec.get("tapped"):  # "This enters tapped" (CR 614.1c)
            event = {**event, "tapped": True}
        o: Obj = event["obj"]
        bundles = list(event["counters"])
        for k, amount in spec.get("counters", {}).items():
            n = event["x"] if amount == "X" else int(amount)
            bundles.append((k, n, o.controller))
        return {**event, "counters": tuple(bundles)}
    if kind == "produce_mana":
        if "produce" in spec:  # Contamination: one mana; Ritual of Subdual: the same amount (its ruling)
            n = sum(event["mana"].values()) if spec.get("keep_amount") else 1
            return {**event, "mana": {spec["produce"]: n}}
        return {**event, "mana": {t: n * spec.get("times", 1) for t, n in event["mana"].items()}}
    if kind == "create_tokens":
        return {**event, "count": event["count"] * spec.get("times", 1)}
    if kind == "face_villainous_choice":
        return {**event, "times": event["times"] + spec.get("additional", 0)}
    if kind == "proliferate":  # "proliferate twice instead" (Tekuthal)
        return {**event, "times": event["times"] * spec.get("times", 1)}
    return event


def _modify_entering_counters(r: Repl, event: REvent) -> REvent:
    """A counter-modifying effect on the counters a permanent enters with: "that many" is all of a kind
    one player gives it as it enters (Hardened Scales' ruling: "it enters with that many plus one")."""
    spec = r.spec
    wanted = spec.get("counter")
    bundles = [list(b) for b in event["counters"]]
    for kind, by in dict.fromkeys((b[0], b[2]) for b in bundles):
        mine = [b for b in bundles if b[0] == kind and b[2] == by]
        total = sum(b[1] for b in mine)
        if wanted not in (None, kind) or total <= 0 or not _put_by(spec, by, r.controller):
            continue
        for b in mine[1:]:
            b[1] = 0
        mine[0][1] = _counter_amount(spec, total)
    return {**event, "counters": tuple((k, n, by) for k, n, by in bundles if n > 0)}


def _tribute(ctx: Ctx, r: Repl, event: REvent) -> REvent:
    """CR 702.104a: as it enters, its controller chooses an opponent, who may put N +1/+1 counters on it.

    Both choices are made while the creature is entering: no player receives priority in between
    (seed rulings tribute-01, tribute-04). The chosen opponent puts the counters (tribute-06).
    """
    o: Obj = event["obj"]
    opponents = ctx.game.opponents(o.controller)
    if not opponents:
        return event
    options = tuple(("player", p) for p in opponents)
    chosen = ctx.choose(Decision("choose_player", o.controller, o.id, options))
    if not (isinstance(chosen, tuple) and chosen[0] == "player" and chosen[1] in opponents):
        raise IllegalAction("702.104a", "tribute: the chosen player must be an opponent")
    payer = int(chosen[1])
    # Solemnity's ruling: the opponent can't pay tribute when the counters can't be put (CR 101.2)
    can = ch.can_get_counter(ctx.game, ("object", o.id), "+1/+1", entering=o)
    paid = ctx.choose(Decision("tribute", payer, o.id, (True, False) if can else (False,)))
    if not isinstance(paid, bool) or (paid and not can):
        raise IllegalAction("702.104a", "tribute: answer true (pay) or false"
                            + ("" if can else "; it can't be paid: counters can't be put on it"))
    ctx.emit({"type": "tribute", "player": payer, "paid": paid, "object": o.id})
    bundles = list(event["counters"])
    if paid:
        bundles.append(("+1/+1", r.spec["tribute"], payer))
    return {**event, "counters": tuple(bundles), "tribute_paid": paid}


def _choose_color(ctx: Ctx, r: Repl, event: REvent) -> REvent:
    """Its controller chooses as it enters (CR 614.12); ``except``: "a color other than red"."""
    o: Obj = event["obj"]
    options = tuple(c for c in COLORS if c not in r.spec.get("except", ()))
    color = ctx.choose(Decision("color", o.controller, o.id, options))
    if color not in options:
        raise IllegalAction("614.12", f"choose one of the colors {list(options)}")
    ctx.emit({"type": "color_chosen", "object": o.id, "color": color})
    return {**event, "chosen_color": color}


def _choose_creature_type(ctx: Ctx, r: Repl, event: REvent) -> REvent:
    """"As this enters, choose a creature type" (CR 614.12a: the choice is made before it enters, so no
    player can respond between the choice and its effect). Only one existing creature type can be
    chosen (CR 205.3m): not a card type ("Artifact"), a subtype of another card type ("Vehicle",
    "Treasure") or two types at once ("Cat Warrior")."""
    o: Obj = event["obj"]
    chosen = ctx.choose(Decision("creature_type", o.controller, o.id, CREATURE_TYPES))
    if not is_creature_type(chosen):
        raise IllegalAction("205.3m", f"{chosen!r} is not a creature type: choose one existing creature type")
    ctx.emit({"type": "creature_type_chosen", "object": o.id, "creature_type": chosen})
    # effects that apply after this one see the choice (CR 614.12: "taking into account replacement
    # effects that have already modified how it enters"): Metallic Mimic is then the chosen type
    return {**event, "chosen_type": chosen, "obj": replace(o, chosen_type=chosen)}


def _choose_card_name(ctx: Ctx, r: Repl, event: REvent) -> REvent:
    """"As this enters, choose a card name" (Pithing Needle; CR 614.12a). CR 201.4: the name of a card in
    the Oracle card reference, whether or not it is in the game or has an activated ability (Pithing
    Needle's ruling: "You can name any card"). The engine holds no Oracle reference (only the game's
    cards, which it offers): any name is taken, a non-name (not a string, empty) is refused."""
    o: Obj = event["obj"]
    names = tuple(sorted(n for n, c in ctx.game.cards.items() if not c.is_token))
    chosen = ctx.choose(Decision("card_name", o.controller, o.id, names))
    if not isinstance(chosen, str) or not chosen.strip():
        raise IllegalAction("201.4", f"{chosen!r} is not the name of a card: choose a card name")
    return {**event, "chosen_name": chosen, "obj": replace(o, chosen_name=chosen)}


# What "as this enters, choose a ..." (CR 614.12) may choose: the spec's ``choose`` -> who asks it
CHOICES_AS_ENTERS: dict[str, Callable[[Ctx, Repl, REvent], REvent]] = {
    "color": _choose_color, "creature_type": _choose_creature_type, "card_name": _choose_card_name,
}


def _order_free(spec: Mapping[str, Any]) -> bool:
    """"Enters tapped" and "choose a color" give the same result in any order, so the player isn't asked
    to order them (CR 616.1's choice would change nothing)."""
    return spec["event"] == "enters" and set(spec) <= {"event", "tapped", "choose", "except"}


def run(ctx: Ctx, event: REvent) -> REvent:
    """Apply every applicable replacement effect to ``event``, in the affected player's order."""
    done: set[tuple[int, int, str]] = set()
    while True:
        together = ctx.entered_together() if event["kind"] == "enters" else frozenset()
        cands = [r for r in _candidates(ctx.game, event)
                 if r.key not in done and r.source not in together and _applies(ctx.game, r, event)]
        if not cands:
            return event
        # CR 616.1c: an effect that would make it enter as a copy of another object must be chosen first
        cands = [r for r in cands if "copy" in r.spec] or cands
        if len(cands) == 1 or all(_order_free(c.spec) for c in cands):
            chosen = cands[0]
        else:
            who = affected_player(ctx.game, event)
            answer = ctx.choose(Decision("replacement_effect", who, None, tuple(cands)))
            if answer not in cands:
                raise IllegalAction("616.1", "that replacement effect does not apply to this event")
            chosen = answer
        done.add(chosen.key)
        event = _modify(ctx, chosen, event)


def with_entering(o: Obj) -> Obj:
    """CR 614.12: an entering permanent is checked as it would exist on the battlefield."""
    return replace(o, zone="battlefield")
