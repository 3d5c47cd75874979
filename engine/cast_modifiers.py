"""Effects that modify how a spell is cast (CR 107.3, 601.2f): Unbound Flourishing's "double the value of
X" for a permanent spell on the stack; Isochron Scepter's "cast the copy without paying its mana cost"
while its ability resolves (707.12, 608.2g)."""

from __future__ import annotations

from frozendict import frozendict

from . import characteristics as ch
from . import targets as tg
from .context import Ctx, Decision
from .errors import IllegalAction
from .refs import Res, objects
from .registry import Params, effect
from .stack_effects import spell_copy
from .state import StackItem, replace
from .triggers import commit_crime_if
from .zones import move, place


@effect("double_x")
def _double_x(ctx: Ctx, res: Res, p: Params) -> None:
    """"Double the value of X" of ``what``, a spell on the stack (Unbound Flourishing's cast trigger). The
    spell's costs were locked in and paid as it was cast (CR 601.2f-h): nothing more is paid. The new X is
    the spell's X from now on, so a permanent that "enters with X counters" uses it (107.3m); a spell that
    has left the stack is not found, and 0 doubled is 0."""
    ids = set(objects(ctx, res, p["what"]))
    ctx.game = replace(ctx.game, stack=tuple(replace(s, x=s.x * 2) if s.kind == "spell" and s.id in ids else s
                                             for s in ctx.game.stack))


def _may(ctx: Ctx, res: Res) -> bool:
    yes = ctx.choose(Decision("may", res.controller, res.source, (True, False)))
    if not isinstance(yes, bool):
        raise IllegalAction("608.2d", "answer a \"may\" with true or false")
    return yes


@effect("cast_copy")
def _cast_copy(ctx: Ctx, res: Res, p: Params) -> None:
    """"You may copy the exiled card. If you do, you may cast the copy without paying its mana cost"
    (Isochron Scepter). ``what`` must still be there as the ability resolves (the card that left exile is a
    new object, CR 400.7: no copy); the source needn't be (the ability exists on its own, 113.7a). The copy
    is created in the card's zone and cast during the resolution (CR 707.12, 608.2g: 601.2a-h, no timing
    permission needed and no priority in between), with no mana paid: X can only be 0 (107.3b). A copy
    not cast ceases to exist as state-based actions are checked (707.10a, 704.5e)."""
    for oid in objects(ctx, res, p["what"]):
        if not _may(ctx, res):
            continue
        copy, g = spell_copy(ctx.game, ctx.game.obj(oid), res.controller)
        ctx.game = place(g, copy)
        if _may(ctx, res):
            _cast_without_paying(ctx, res.controller, copy.id)


def _cast_without_paying(ctx: Ctx, player: int, oid: int) -> None:
    """CR 608.2g, 601.2a-d, 601.2i: cast ``oid`` while another ability resolves, without paying its mana
    cost (107.3b: X is 0, a forced `x` decision when its cost has {X}). It becomes the topmost object on
    the stack and triggers "whenever you cast" abilities like any other cast."""
    move(ctx, oid, "stack", cause="cast")  # 601.2a
    src = ctx.game.obj(oid)
    cd = ch.card(ctx.game, src)
    ab = next((a for a in cd.abilities if a["kind"] == "spell"), None)
    if "{X}" in cd.mana_cost:  # 107.3b: the only legal choice is 0
        x = ctx.choose(Decision("x", player, oid, (), 0, 0, frozendict({"forced": (0,)})))
        if x != 0:
            raise IllegalAction("107.3b", "cast without paying its mana cost: X can only be 0")
    specs = list(ab.get("targets", ())) if ab else []
    effects = ab["effects"] if ab else ()
    slots = tg.choose(ctx, player, src, specs, at_most=tg.division_total(effects, 0))  # 601.2c
    division = tg.announce_division(ctx, player, src, effects, slots, 0)  # 601.2d
    item = StackItem(id=oid, kind="spell", source=oid, controller=player, targets=slots,
                     distribution=division, x=0, source_lki=src)
    ctx.game = replace(ctx.game, stack=(*ctx.game.stack, item))
    ctx.emit({"type": "spell_cast", "player": player, "card": oid, "targets": slots})  # 601.2i
    tg.became_targets(ctx, oid, player, oid, slots)
    commit_crime_if(ctx, player, oid, slots)
