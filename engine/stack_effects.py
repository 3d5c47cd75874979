"""Effects on spells and abilities on the stack (CR 115.7, 701.6, 707.10): changing targets (Shunt,
Redirect, Spellskite), copying a spell, countering."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frozendict import frozendict

from . import characteristics as ch
from .context import Ctx, Decision
from .errors import IllegalAction
from .refs import Res, objects, stack_abilities
from .registry import Params, effect
from .state import Game, Obj, Target, replace
from .targets import aura_targets, became_targets, can_target_object, candidates, check_distinct
from .zones import move


@effect("change_target")
def _change_target(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 115.7a: change the target of a spell with a single target to another legal target, if any.
    With ``to: "self"``: change one target of a spell or ability to this permanent (Spellskite)."""
    if p.get("to") == "self":
        _change_one_target_to_source(ctx, res, p)
        return
    for oid in objects(ctx, res, p["what"]):
        item = next((s for s in ctx.game.stack if s.kind == "spell" and s.id == oid), None)
        if item is None or sum(len(s) for s in item.targets) != 1:
            continue
        spell_card = ctx.game.obj(oid)
        slot = next(i for i, s in enumerate(item.targets) if s)
        # a modal spell's targets are its chosen modes' (700.2f)
        specs = item.ability.get("targets", ()) if item.ability else _spell_target_specs(ctx, spell_card)
        spec = specs[slot]
        current = item.targets[slot][0]
        options = [t for t in candidates(ctx.game, spec["filter"], spell_card, item.controller)
                   if t != current]
        me = ctx.game.objects.get(res.source)  # the resolving spell is still on the stack (608.2n; Shunt)
        if (me is not None and me.zone == "stack" and me.epoch == res.source_lki.epoch
                and can_target_object(ctx.game, spec["filter"], me, spell_card, item.controller)):
            options.append(("object", me.id, me.epoch))
        if not options:
            continue
        answer = ctx.choose(Decision("new_targets", res.controller, res.source, tuple(options), 1, 1,
                                     frozendict({"forced": ((options[0],),) if len(options) == 1 else None})))
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) != 1 or chosen[0] not in options:
            raise IllegalAction("115.7a", "the new target must be a legal target for that spell")
        new_targets = tuple((chosen[0],) if i == slot else s for i, s in enumerate(item.targets))
        # the division announced stays; the new target takes the old one's share (CR 115.7f)
        division = tuple((chosen[0] if t == current else t, n) for t, n in item.distribution)
        stack = tuple(replace(s, targets=new_targets, distribution=division) if s is item else s
                      for s in ctx.game.stack)
        ctx.game = replace(ctx.game, stack=stack)
        became_targets(ctx, item.id, item.controller, item.source, ((chosen[0],),))  # 115.7: ward sees it


def spell_copy(game: Game, orig: Obj, controller: int) -> tuple[Obj, Game]:
    """A copy of the spell or card ``orig`` owned and controlled by ``controller`` (CR 707.10, 707.12),
    not yet in any zone, and the game with its id and its number among the copies of that card taken."""
    nth = game.created.get(orig.card, 0) + 1
    copy = replace(orig, id=game.next_id, owner=controller, controller=controller, alias=None,
                   spell_copy=True, created=nth)
    return copy, replace(game, next_id=game.next_id + 1, created=game.created.set(orig.card, nth))


@effect("copy_spell")
def _copy_spell(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 707.10: put a copy of the spell onto the stack, controlled by this ability's controller; it is
    not cast (no cast triggers, no crime). With ``new_targets`` the controller may choose new targets
    for it (707.10c, 115.7d): for each target, keep it (even if illegal) or pick another legal one."""
    for oid in objects(ctx, res, p["what"]):
        item = next((s for s in ctx.game.stack if s.kind == "spell" and s.id == oid), None)
        if item is None:
            continue
        orig = ctx.game.obj(oid)
        copy, g = spell_copy(ctx.game, orig, res.controller)
        ctx.game = g.with_obj(copy)
        specs = item.ability.get("targets", ()) if item.ability else _spell_target_specs(ctx, orig)
        slots = item.targets
        if p.get("new_targets"):
            slots = _retarget(ctx, res, item, specs, copy, res.controller)
        new_item = replace(item, id=copy.id, source=copy.id, controller=res.controller, targets=slots,
                           distribution=_same_division(item, slots), source_lki=copy,
                           info=_copied_info(item.info))
        ctx.game = replace(ctx.game, stack=(*ctx.game.stack, new_item))
        ctx.emit({"type": "spell_copied", "object": copy.id, "source": oid, "player": res.controller})
        became_targets(ctx, copy.id, res.controller, copy.id, slots)


def _copied_info(info: frozendict[str, Any]) -> frozendict[str, Any]:
    """What a copy of a spell keeps of the original's stack details: its choices (CR 707.10), not a
    rider of the mana spent to cast it (106.6; Boseiju's ruling: the copy can be countered, as no
    mana was spent on it)."""
    return info.delete("uncounterable") if "uncounterable" in info else info


@effect("choose_new_targets")
def _choose_new_targets(ctx: Ctx, res: Res, p: Params) -> None:
    """"You may choose new targets for target spell" (Redirect; CR 115.7d): for each target keep it (even
    if illegal) or pick another target legal for that spell; judged on the final set (115.7e); the
    division stays (115.7f); the new ones become targets (ward)."""
    for oid in objects(ctx, res, p["what"]):
        item = next((s for s in ctx.game.stack if s.kind == "spell" and s.id == oid), None)
        if item is None:
            continue
        spell = ctx.game.obj(oid)
        specs = item.ability.get("targets", ()) if item.ability else _spell_target_specs(ctx, spell)
        slots = _retarget(ctx, res, item, specs, spell, item.controller)
        if slots == item.targets:
            continue
        moved = replace(item, targets=slots, distribution=_same_division(item, slots))
        ctx.game = replace(ctx.game, stack=tuple(moved if s is item else s for s in ctx.game.stack))
        changed = tuple(tuple(t for t in new if t not in old)
                        for old, new in zip(item.targets, slots, strict=False))
        became_targets(ctx, item.id, item.controller, item.source, changed)


def _retarget(ctx: Ctx, res: Res, item: Any, specs: Any, spell: Obj, controller: int) -> Any:
    """New targets for a spell on the stack (or its copy), chosen by this ability's controller, each legal
    for a spell controlled by ``controller``; CR 115.7d-e: the final set must not make a target illegal."""
    slots = tuple(tuple(_new_target(ctx, res, spec, t, spell, controller) for t in slot)
                  for spec, slot in zip(specs, item.targets, strict=False))
    if slots != item.targets:
        try:
            check_distinct(specs, slots)
        except IllegalAction as exc:
            raise IllegalAction("115.7d", exc.reason) from None
    return slots


def _same_division(item: Any, slots: Any) -> tuple[tuple[Target, int], ...]:
    """CR 115.7f: a new target takes the old one's share of the division."""
    swap = {t: n for slot, new in zip(item.targets, slots, strict=False)
            for t, n in zip(slot, new, strict=False)}
    return tuple((swap.get(t, t), n) for t, n in item.distribution)


def _new_target(ctx: Ctx, res: Res, spec: Mapping[str, Any], current: Target, copy: Obj,
                controller: int) -> Target:
    others = [t for t in candidates(ctx.game, spec["filter"], copy, controller) if t != current]
    me = ctx.game.objects.get(res.source)  # the resolving spell is still on the stack (608.2n), a spell
    if (me is not None and me.zone == "stack" and me.epoch == res.source_lki.epoch
            and ("object", me.id, me.epoch) != current
            and can_target_object(ctx.game, spec["filter"], me, copy, controller)):
        others.append(("object", me.id, me.epoch))
    if not others:
        return current
    options = (current, *others)
    answer = ctx.choose(Decision("new_targets", res.controller, res.source, options, 1, 1))
    chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
    if len(chosen) != 1 or chosen[0] not in options:
        raise IllegalAction("115.7d", "a new target must be a legal target for the copy, or the old one")
    return next(o for o in options if o == chosen[0])


def _change_one_target_to_source(ctx: Ctx, res: Res, p: Params) -> None:
    """"Change the target of target spell or ability to [this]" (Spellskite's rulings 2020-08-07, CR
    115.7b): one target, chosen as this resolves when there are several; only to a legal target, and
    not if that would make another target illegal; nothing when this is gone or can't be targeted."""
    me = ctx.game.objects.get(res.source)
    if me is None or me.zone != "battlefield" or me.epoch != res.source_lki.epoch:
        return
    mine = ("object", me.id, me.epoch)
    for oid in objects(ctx, res, p["what"]) + stack_abilities(res, p["what"]):
        item = next((s for s in ctx.game.stack if s.id == oid), None)
        if item is None:
            continue
        src = item.source_lki or ctx.game.obj(item.source)
        specs = (item.ability or {}).get("targets", ()) or (
            _spell_target_specs(ctx, ctx.game.obj(oid)) if item.kind == "spell" else ())
        options: list[tuple[Target, Any]] = []
        for i, (spec, slot) in enumerate(zip(specs, item.targets, strict=False)):
            if not can_target_object(ctx.game, spec["filter"], me, src, item.controller):
                continue
            for t in slot:
                if t == mine:
                    continue
                slots = tuple(tuple(mine if (k == i and u == t) else u for u in s)
                              for k, s in enumerate(item.targets))
                try:
                    check_distinct(specs, slots)
                except IllegalAction:
                    continue
                options.append((t, slots))
        if not options:
            continue
        chosen = options[0]
        distinct = tuple(dict.fromkeys(t for t, _ in options))  # Seeds of Strength thrice at one creature:
        if len(distinct) > 1:  # the same object in several slots is one answer (a ref can't tell them apart)
            answer = ctx.choose(Decision("new_targets", res.controller, res.source, distinct, 1, 1))
            picked = list(answer) if isinstance(answer, (list, tuple)) else [answer]
            chosen = next((o for o in options if [o[0]] == picked), None)  # type: ignore[assignment]
            if chosen is None:
                raise IllegalAction("115.7b", "choose one of the targets that can be changed to it")
        moved = replace(item, targets=chosen[1], distribution=_same_division(item, chosen[1]))
        ctx.game = replace(ctx.game, stack=tuple(moved if s is item else s for s in ctx.game.stack))
        became_targets(ctx, item.id, item.controller, item.source, ((mine,),))


def _spell_target_specs(ctx: Ctx, o: Obj) -> list[Mapping[str, Any]]:
    """A spell's targets: its spell ability's, or an Aura spell's enchant (CR 303.4a)."""
    for a in ch.card(ctx.game, o).abilities:
        if a["kind"] == "spell":
            return list(a.get("targets", ()))
    return aura_targets(ctx.game, o)


def _uncounterable(ctx: Ctx, o: Obj) -> bool:
    return any(a["kind"] == "static" and a["static"].get("uncounterable")
               for a in ch.card(ctx.game, o).abilities)


@effect("counter_spell")
def _counter_spell(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 701.6a: a countered spell is put into its owner's graveyard; a countered ability is removed
    from the stack: it doesn't resolve, and its source is left alone (an ability exists independently of
    its source, 113.7a). Gone from the stack already (resolved, or countered), it's left alone."""
    for oid in objects(ctx, res, p["what"]) + stack_abilities(res, p["what"]):
        item = next((s for s in ctx.game.stack if s.id == oid), None)
        if item is not None and item.kind == "ability":  # an ability is removed from the stack (701.6a)
            ctx.game = replace(ctx.game, stack=tuple(s for s in ctx.game.stack if s.id != oid))
            ctx.emit({"type": "countered", "source": item.source, "kind": "ability"})
        elif item is not None and (_uncounterable(ctx, ctx.game.obj(oid)) or item.info.get("uncounterable")):
            # "This spell can't be countered", or mana with that rider spent on it (Cavern of Souls, CR
            # 106.6): CR 101.2, can't beats counter
            continue
        elif item is not None and ctx.game.obj(oid).zone == "stack":
            mv = ch.mana_value(ctx.game, ctx.game.obj(oid))  # on the stack, X included (202.3e): read later
            move(ctx, oid, "graveyard", cause="countered")  # as last known information (Draining Whelk)
            ctx.emit({"type": "countered", "source": oid, "kind": "spell", "controller": item.controller,
                      "by": res.controller, "mana_value": mv})  # who cast it, who countered it (Lullmage)
