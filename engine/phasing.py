"""Phasing (CR 702.26): phasing out and in, the untap step's phasing (502.1), the phasing keyword.

A phased-out permanent stays on the battlefield (CR 702.26d: no zone change, the same object, its
counters, damage and status kept) but leaves ``Game.battlefield`` for ``Game.phased_out``: every query of
the battlefield (targets, "each creature", counting, static and triggered abilities, attackers and
blockers, state-based actions) then treats it as though it doesn't exist (702.26b) without asking. Only
the rules that mention phased-out permanents read ``Game.phased_out``: phasing in (502.1), the cleanup
step (514.2: its damage is removed, "until end of turn" effects on it end, 702.26f).
"""

from __future__ import annotations

from collections.abc import Iterable

from . import characteristics as ch
from .context import Ctx
from .refs import Res, objects
from .registry import Params, effect
from .state import Game, replace


def _attached_to(game: Game, hosts: Iterable[int], among: Iterable[int]) -> list[int]:
    """The permanents of ``among`` attached to one of ``hosts``, and those attached to them (CR 702.26g)."""
    pool = list(among)
    found: list[int] = []
    frontier = set(hosts)
    while frontier:
        step = [i for i in pool if i not in found and game.objects[i].attached_to in frontier]
        found += step
        frontier = set(step)
    return found


def with_phased_out(game: Game, oids: Iterable[int]) -> Game:
    """CR 702.26b, 702.26g-h: ``oids`` phase out directly, the Auras and Equipment attached to them
    indirectly (an object phasing out both ways just phases out indirectly); each is removed from combat
    (506.4). Permanents already phased out are left alone."""
    wanted = set(oids)
    direct = [i for i in game.battlefield if i in wanted]
    indirect = _attached_to(game, direct, game.battlefield)
    out = set(direct) | set(indirect)
    if not out:
        return game
    objs = game.objects
    phased = game.phased_out
    for i in game.battlefield:
        if i in out:
            o = objs[i]
            objs = objs.set(i, replace(o, phased_out="indirectly" if i in indirect else "directly"))
            phased = phased.set(i, o.controller)
    in_combat = {a.attacker for a in game.attacks} | {b for b, _ in game.blocks}
    return replace(game, objects=objs, phased_out=phased,
                   battlefield=tuple(i for i in game.battlefield if i not in out),
                   removed_from_combat=game.removed_from_combat | (out & in_combat))


def phase_out(ctx: Ctx, oids: Iterable[int]) -> None:
    before = set(ctx.game.battlefield)
    ctx.game = with_phased_out(ctx.game, oids)
    for i in before - set(ctx.game.battlefield):
        ctx.emit({"type": "phased_out", "object": i})


def phase_in(ctx: Ctx, oids: Iterable[int]) -> None:
    """CR 702.26c: ``oids`` (phased out directly) phase in, and with them what phased out indirectly
    attached to them (702.26g). No zone change (702.26d): nothing enters, no "enters" ability triggers,
    and nothing becomes attached (702.26j). An Aura or Equipment that phased out directly phases in
    attached to what it was attached to if that is still on the battlefield, else unattached (702.26i;
    state-based actions then apply, 704.5m-n)."""
    game = ctx.game
    wanted = set(oids)
    direct = [i for i in game.phased_out if i in wanted and game.objects[i].phased_out == "directly"]
    indirect = [i for i in _attached_to(game, direct, game.phased_out)
                if game.objects[i].phased_out == "indirectly"]
    back = set(direct) | set(indirect)
    objs = game.objects
    for i in game.phased_out:
        if i in back:
            o = replace(objs[i], phased_out=None)
            host = objs.get(o.attached_to) if o.attached_to is not None else None
            if i in direct and o.attached_to is not None and (
                    host is None or host.zone != "battlefield" or host.phased_out):
                o = replace(o, attached_to=None)
            objs = objs.set(i, o)
    order = [i for i in game.phased_out if i in back]
    phased = game.phased_out
    for i in order:
        phased = phased.delete(i)
    ctx.game = replace(game, objects=objs, battlefield=(*game.battlefield, *order), phased_out=phased)
    for i in order:
        ctx.emit({"type": "phased_in", "object": i})


def untap_step(ctx: Ctx) -> None:
    """CR 502.1, 702.26a: first in the untap step, simultaneously, the phased-in permanents with phasing
    the active player controls phase out and the phased-out permanents they controlled as those phased
    out phase in (directly phased-out ones; the others come with their hosts, 702.26g). Multiple
    instances of phasing are redundant (702.26p)."""
    game = ctx.game
    out = [i for i in game.battlefield if game.objects[i].controller == game.active
           and ch.has_keyword(game, game.objects[i], "Phasing")]
    back = [i for i, who in game.phased_out.items() if who == game.active]
    phase_out(ctx, out)
    phase_in(ctx, back)


@effect("phase_out")
def _phase_out(ctx: Ctx, res: Res, p: Params) -> None:
    """"[Target permanent] phases out" (Slip Out the Back), "All permanents you control phase out"
    (Teferi's Protection): CR 702.26b, those still on the battlefield and phased in."""
    phase_out(ctx, objects(ctx, res, p["what"]))
