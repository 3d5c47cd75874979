"""Targets (CR 115): choosing them (CR 601.2c-d, 603.3d), rechecking them (CR 608.2b), crimes (CR 700.13)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from frozendict import frozendict

from . import characteristics as ch
from . import protection
from .context import Ctx, Decision
from .errors import IllegalAction
from .state import Game, Obj, StackItem, Target


def _obj_candidates(game: Game) -> list[Obj]:
    out = [game.objects[i] for i in game.battlefield]
    out += [game.objects[s.id] for s in game.stack if s.kind == "spell"]
    for p in game.players:
        out += [game.objects[i] for i in p.graveyard]
    return out


def aura_targets(game: Game, o: Obj) -> list[Mapping[str, Any]]:
    """CR 303.4a: an Aura spell targets what its enchant ability allows."""
    for a in ch.card(game, o).abilities:
        if a["kind"] == "keyword" and a["keyword"] == "Enchant":
            return [{"filter": a.get("enchant", {"what": "permanent"})}]
    return []


def can_target_object(game: Game, flt: Mapping[str, Any], o: Obj, src: Obj, controller: int) -> bool:
    """Filter, plus hexproof (and hexproof from a quality), shroud and protection from a quality of the
    source (CR 702.11, 702.18, 702.16b)."""
    if flt.get("what") == "player":
        return False
    what = flt.get("what")
    if what == "ability" or (what in ("spell", "spell_or_ability") and o.zone != "stack"):
        return False  # an ability on the stack is no object of the object store: can_target_ability
    if not ch.matches(game, flt, o, src, controller):
        return False
    if o.zone == "stack" and o.id == src.id:  # CR 115.5: a spell or ability can't target itself
        return False
    if o.zone == "battlefield":
        kws = ch.keywords(game, o)
        if "Shroud" in kws or ("Hexproof" in kws and o.controller != controller):
            return False
        if protection.protected_from(game, o, src):  # CR 702.16b, 702.16j
            return False
        if protection.hexproof_from(game, o, src, controller):  # CR 702.11d
            return False
    return True


ABILITY_FILTER_KEYS = frozenset({"what", "controller", "any_of"})


def can_target_ability(game: Game, flt: Mapping[str, Any], item: StackItem, controller: int) -> bool:
    """An activated or triggered ability on the stack as a target ("counter target activated or triggered
    ability", Stifle; "spell, activated ability, or triggered ability", Disallow): an ability on the stack
    is an object (CR 113.1c). Only abilities on the stack are: an activated mana ability never is (CR
    605.3b), nor a static ability or the replacement effect it creates (113.3d, 614.12). Hexproof,
    shroud and protection of its source are the source's, not the ability's (Interdict's ruling: it
    "targets the ability, and not the permanent itself"). ``controller`` "opponent": "you don't
    control" (Nimble Obstructionist)."""
    if "any_of" in flt:
        rest = {k: v for k, v in flt.items() if k != "any_of"}
        if not any(can_target_ability(game, {**rest, **f}, item, controller) for f in flt["any_of"]):
            return False
        flt = rest
        if "what" not in flt:
            return True
    if item.kind != "ability" or flt.get("what") not in ("ability", "spell_or_ability"):
        return False
    if set(flt) - ABILITY_FILTER_KEYS:  # a characteristic only an object has (a type, a color)
        return False
    rel = str(flt.get("controller", "any"))
    return rel == "any" or (item.controller == controller) == (rel == "you")


def can_target_player(game: Game, flt: Mapping[str, Any], player: int, controller: int,
                      src: Obj | None = None) -> bool:
    """A player matching the filter, still in the game, without protection from the source (CR 702.16b)."""
    if game.players[player].lost:
        return False
    if src is not None and protection.player_protected_from(game, player, src):
        return False
    if flt.get("what") == "player":
        return ch.matches_player(game, flt, player, controller)
    if "any_of" in flt:
        return any(f.get("what") == "player" and ch.matches_player(game, f, player, controller)
                   for f in flt["any_of"])
    return False


def candidates(game: Game, flt: Mapping[str, Any], src: Obj, controller: int) -> list[Target]:
    out: list[Target] = [("player", i) for i in range(len(game.players))
                         if can_target_player(game, flt, i, controller, src)]
    out += [("object", o.id, o.epoch) for o in _obj_candidates(game)
            if can_target_object(game, flt, o, src, controller)]
    out += [("stack", s.id) for s in reversed(game.stack) if can_target_ability(game, flt, s, controller)]
    return out


def is_legal(game: Game, flt: Mapping[str, Any], t: Target, src: Obj, controller: int) -> bool:
    """CR 608.2b: still the same object in the same zone, and still a legal target."""
    if t[0] == "player":
        return can_target_player(game, flt, int(t[1]), controller, src)
    if t[0] == "stack":  # an ability: still on the stack (countered or resolved: gone, CR 608.2b)
        item = next((s for s in game.stack if s.id == t[1]), None)
        return item is not None and can_target_ability(game, flt, item, controller)
    o = game.objects.get(t[1])
    if o is None or o.epoch != t[2] or o.phased_out:  # CR 702.26b: as though it doesn't exist
        return False
    return can_target_object(game, flt, o, src, controller)


def choose(ctx: Ctx, controller: int, src: Obj, specs: Sequence[Mapping[str, Any]], *,
           rule: str = "601.2c", at_most: int | None = None) -> tuple[tuple[Target, ...], ...]:
    """Ask the controller for targets: one decision, answered with a flat list in target-word order.

    ``at_most`` caps the number of targets where each must be assigned at least one of a divided amount
    (CR 601.2d): with X=0, Rolling Thunder can have no target. The decision is forced when exactly one
    set of targets is legal (spec/README.md 1.4), e.g. the only creature for "one, two, or three target
    creatures", or no target when nothing can be divided."""
    if not specs:
        return ()
    game = ctx.game
    per_slot = [candidates(game, s["filter"], src, controller) for s in specs]
    specs = [any_number(s, len(c)) for s, c in zip(specs, per_slot, strict=True)]
    for s, cands in zip(specs, per_slot, strict=True):
        if not s.get("up_to") and len(cands) < s.get("count", 1):
            raise IllegalAction(rule, "there are not enough legal targets")
    legal = _legal_answers(specs, per_slot, at_most, limit=2)
    if not legal:  # each slot has candidates but no set of different ones: can't be chosen (CR 601.2c)
        raise IllegalAction("115.3", "there are not enough different legal targets")
    forced = (tuple(t for slot in legal[0] for t in slot),) if len(legal) == 1 else None
    options = tuple(dict.fromkeys(t for c in per_slot for t in c))
    low = sum(0 if s.get("up_to") else s.get("count", 1) for s in specs)
    high = sum(s.get("count", 1) for s in specs)
    answer = ctx.choose(Decision("targets", controller, src.id, options, low, high,
                                 frozendict({"slots": tuple(tuple(c) for c in per_slot), "forced": forced})))
    return _partition(game, answer, specs, per_slot, rule)  # too many to divide among: refused by divide()


def any_number(spec: Mapping[str, Any], legal: int) -> Mapping[str, Any]:
    """"Any number of target [...]": zero or more, each a different object (CR 601.2c, 115.3), so at most
    as many as there are legal targets: "up to" that many. Other slots are unchanged."""
    if not spec.get("any_number"):
        return spec
    return {**{k: v for k, v in spec.items() if k != "any_number"}, "count": max(1, legal), "up_to": True}


def _legal_answers(specs: Sequence[Mapping[str, Any]], per_slot: Sequence[Sequence[Target]],
                   at_most: int | None, limit: int) -> list[tuple[tuple[Target, ...], ...]]:
    """Up to ``limit`` legal choices of targets, slot by slot (enough to tell a forced choice): each slot
    takes ``count`` of its candidates, or up to ``count`` for "up to"; one object once per instance of
    "target", "another target" differs (CR 115.3); no more than ``at_most`` in all (CR 601.2d)."""
    found: list[tuple[tuple[Target, ...], ...]] = []

    def walk(i: int, taken: tuple[tuple[Target, ...], ...], budget: int | None) -> None:
        if len(found) >= limit:
            return
        if i == len(specs):
            try:
                check_distinct(specs, taken)
            except IllegalAction:
                return
            found.append(taken)
            return
        s, cands = specs[i], per_slot[i]
        count = int(s.get("count", 1))
        high = min(count, len(cands), count if budget is None else budget)
        for k in range(0 if s.get("up_to") else count, high + 1):
            for pick in itertools.combinations(cands, k):
                walk(i + 1, (*taken, pick), None if budget is None else budget - k)
                if len(found) >= limit:
                    return

    walk(0, (), at_most)
    return found


def _partition(game: Game, answer: Any, specs: Sequence[Mapping[str, Any]],
               per_slot: list[list[Target]], rule: str) -> tuple[tuple[Target, ...], ...]:
    if not isinstance(answer, (list, tuple)):
        raise IllegalAction(rule, "targets must be a list")
    rest = list(answer)
    slots: list[tuple[Target, ...]] = []
    for s, cands in zip(specs, per_slot, strict=True):
        count = s.get("count", 1)
        take: list[Target] = []
        while rest and len(take) < count and (rest[0] in cands or not s.get("up_to")):
            take.append(rest.pop(0))
        if not s.get("up_to") and len(take) < count:
            raise IllegalAction(rule, f"{count} target(s) required, {len(take)} chosen")
        for t in take:
            if t not in cands:
                raise IllegalAction(rule, f"{describe(game, t)} is not a legal target")
        slots.append(tuple(take))
    if rest:
        raise IllegalAction(rule, f"too many targets: {[describe(game, t) for t in rest]}")
    check_distinct(specs, slots)
    return tuple(slots)


def check_distinct(specs: Sequence[Mapping[str, Any]], slots: Sequence[Sequence[Target]]) -> None:
    """CR 115.3: one object once per instance of "target", and "another target", "a third target"
    (``distinct_from``) differ from the other slots' objects; judged on the final set (115.7e)."""
    for take in slots:
        if len(set(take)) != len(take):
            raise IllegalAction("115.3", "the same object can't be chosen twice "
                                         "for one instance of \"target\"")
    for i, s in enumerate(specs):
        others = s.get("distinct_from")
        for j in ([others] if isinstance(others, int) else others or []):
            if i < len(slots) and j < len(slots) and set(slots[i]) & set(slots[j]):
                raise IllegalAction("115.3", "this target must be a different object")


def announce_division(ctx: Ctx, player: int, src: Obj, effects: Sequence[Mapping[str, Any]],
                      slots: tuple[tuple[Target, ...], ...], x: int = 0) -> tuple[tuple[Target, int], ...]:
    """The division of a "distribute" effect among the chosen targets, announced with them: as the spell
    is cast or the ability activated (CR 601.2d, 602.2b), or as a triggered ability is put on the stack
    (CR 603.3d). Nothing to divide: ()."""
    total = division_total(effects, x)
    return () if total is None else divide(ctx, player, src, total, [t for s in slots for t in s])


def division_total(effects: Sequence[Mapping[str, Any]], x: int = 0) -> int | None:
    """The amount a "distribute" effect divides (X announced first, CR 601.2b), or None: no division.
    Also inside "you may distribute" (Jugan, the Rising Star): whether to do it is chosen on resolution
    (608.2d), but the division is announced with the targets all the same (601.2d, 603.3d)."""
    for e in effects:
        if e["do"] in ("distribute_counters", "distribute_damage"):
            return x if e.get("amount") == "X" else int(e.get("amount", 1))
        nested = division_total(e.get("effects", ()), x)
        if nested is not None:
            return nested
    return None


def divide(ctx: Ctx, controller: int, src: Obj, total: int,
           chosen: Sequence[Target]) -> tuple[tuple[Target, int], ...]:
    """CR 601.2d: announce the division; each target gets at least one. More targets than there is to
    divide leaves no legal division: the targets are refused as chosen, with nothing asked."""
    if not chosen:
        return ()
    if len(chosen) > total:
        raise IllegalAction("601.2d", f"each target must be assigned at least one: {total} can't be divided "
                                      f"among {len(chosen)} targets")
    forced = ((((chosen[0], total),),) if len(chosen) == 1 else
              (tuple((t, 1) for t in chosen),) if total == len(chosen) else None)
    answer = ctx.choose(Decision("distribute", controller, src.id, tuple(chosen), len(chosen), len(chosen),
                                 frozendict({"total": total, "forced": forced})))
    try:
        pairs = tuple((t, int(n)) for t, n in answer)
    except (TypeError, ValueError) as exc:
        raise IllegalAction("601.2d", "a division must pair each target with an amount") from exc
    if sorted(map(repr, (t for t, _ in pairs))) != sorted(map(repr, chosen)):
        raise IllegalAction("601.2d", "the division must name each target exactly once")
    if any(n < 1 for _, n in pairs):
        raise IllegalAction("601.2d", "each target must be assigned at least one")
    if sum(n for _, n in pairs) != total:
        raise IllegalAction("601.2d", f"the division must add up to {total}")
    return pairs


def became_targets(ctx: Ctx, item_id: int, controller: int, source: int,
                   slots: Sequence[Sequence[Target]]) -> None:
    """Each object chosen as a target "becomes the target" of the spell or ability as it is put on the
    stack or its target is changed (CR 115.7; ward, 702.21a). One event per object, however many target
    words chose it."""
    seen: list[int] = []
    for slot in slots:
        for t in slot:
            if t[0] == "object" and t[1] not in seen:
                seen.append(int(t[1]))
                ctx.emit({"type": "became_target", "object": t[1], "player": controller, "source": source,
                          "item": item_id})


def is_crime(game: Game, player: int, slots: Sequence[Sequence[Target]]) -> bool:
    """CR 700.13: targets an opponent, a permanent/spell/ability an opponent controls, or a card in an
    opponent's graveyard."""
    for slot in slots:
        for t in slot:
            if t[0] == "player" and t[1] != player:
                return True
            if t[0] == "object":
                o = game.objects.get(t[1])
                if o is None:
                    continue
                if o.zone in ("battlefield", "stack") and o.controller != player:
                    return True
                if o.zone == "graveyard" and o.owner != player:
                    return True
            if t[0] == "stack":
                item = next((s for s in game.stack if s.id == t[1]), None)
                if item is not None and item.controller != player:
                    return True
    return False


def describe(game: Game, t: Target) -> str:
    if t[0] == "player":
        return game.players[t[1]].alias
    if t[0] == "stack":
        item = next((s for s in game.stack if s.id == t[1]), None)
        return f"an ability of {describe(game, ('object', item.source))}" if item else f"ability {t[1]}"
    o = game.objects.get(t[1])
    return (o.alias or o.card) if o else f"object {t[1]}"
