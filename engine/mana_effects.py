"""Mana effect primitives (CR 106): adding mana of a type, of any color, of the chosen color, of a type a
land could produce (106.7) or produced (106.12b)."""

from __future__ import annotations

from . import characteristics as ch
from . import mana as mana_mod
from .context import Ctx
from .refs import Res, amount, objects, players
from .registry import Params, effect
from .state import COLORS


def _mana_player(ctx: Ctx, res: Res, p: Params) -> int:
    """Who adds the mana: the ability's controller, or ``player`` ("its controller adds", Wild Growth and
    Dawn's Reflection on an opponent's land: the land's controller, who also chooses its colour)."""
    who = players(ctx, res, p["player"]) if "player" in p else [res.controller]
    return who[0] if who else res.controller


@effect("add_mana")
def _add_mana(ctx: Ctx, res: Res, p: Params) -> None:
    """``mana``, or with ``amount`` that many times ("Add {G} for each Elf you control": one event);
    ``spend_only``: "Spend this mana only to ..." (CR 106.6), kept with the mana in the pool."""
    times = amount(ctx, res, p["amount"]) if "amount" in p else 1
    produced: dict[str, int] = {}
    for sym in mana_mod.parse_cost(p["mana"]):
        produced[sym] = produced.get(sym, 0) + times
    if not any(produced.values()):
        return
    mana_mod.produce(ctx, res.source, _mana_player(ctx, res, p), produced, tapped=res.tapped_for_mana,
                     source_lki=res.source_lki, restriction=p.get("spend_only"))


@effect("add_mana_any_color")
def _add_any_color(ctx: Ctx, res: Res, p: Params) -> None:
    """"Add N mana in any combination of colors" (a colour chosen for each) or, with ``one_color``, "N
    mana of any one color" (one choice): one mana production event either way (CR 106.12b). ``among``:
    only these types ("{T}: Add {G} or {W}", Selesnya Guildgate); ``spend_only`` as for ``add_mana``."""
    who = _mana_player(ctx, res, p)
    n = amount(ctx, res, p.get("amount", 1))
    types = set(mana_mod.parse_cost(p["among"])) if "among" in p else set(COLORS)
    mana: dict[str, int] = {}
    for _ in range(1 if p.get("one_color") else n):
        t = mana_mod.choose_type(ctx, who, res.source, types)
        if t:
            mana[t] = mana.get(t, 0) + (n if p.get("one_color") else 1)
    mana_mod.produce(ctx, res.source, who, mana, tapped=res.tapped_for_mana,
                     source_lki=res.source_lki, restriction=p.get("spend_only"))


@effect("add_mana_chosen_color")
def _add_chosen_color(ctx: Ctx, res: Res, p: Params) -> None:
    """"Add [N] mana of the chosen color": the color chosen as the source entered (CR 614.12), as it
    last existed if it has left; none chosen, no mana (CR 106.5)."""
    src = ctx.game.objects.get(res.source)
    if src is None or src.epoch != res.source_lki.epoch:
        src = res.source_lki
    types = {src.chosen_color} if src.chosen_color else set()
    types |= set(mana_mod.parse_cost(p.get("or_mana", "")))  # "Add {R} or one mana of the chosen color"
    who = _mana_player(ctx, res, p)
    t = mana_mod.choose_type(ctx, who, res.source, types) if len(types) > 1 else next(iter(types), None)
    if t:
        mana_mod.produce(ctx, res.source, who, {t: amount(ctx, res, p.get("amount", 1))},
                         tapped=res.tapped_for_mana, source_lki=res.source_lki)


@effect("add_mana_color_of")
def _add_color_of(ctx: Ctx, res: Res, p: Params) -> None:
    """"Add one mana of any of the exiled card's colors" (Chrome Mox): a color of ``what`` (the card now,
    CR 105.2), chosen each time if it has several; no card, or a colorless one: no type can be defined, so
    no mana (106.5, 106.7), and never {C} (105.2c: colorless is not a color)."""
    who = _mana_player(ctx, res, p)
    types = {c for oid in objects(ctx, res, p["what"]) for c in ch.colors(ctx.game, ctx.game.obj(oid))}
    t = mana_mod.choose_type(ctx, who, res.source, types) if len(types) > 1 else next(iter(types), None)
    if t:
        mana_mod.produce(ctx, res.source, who, {t: 1}, tapped=res.tapped_for_mana, source_lki=res.source_lki)


@effect("add_mana_could_produce")
def _add_could_produce(ctx: Ctx, res: Res, p: Params) -> None:
    """Reflecting Pool, Exotic Orchard: CR 106.7. No definable type: no mana (seed common-01)."""
    who = _mana_player(ctx, res, p)
    if p.get("lands") == "sacrificed":  # Squandered Resources: the land as it last existed (CR 608.2h)
        lki = res.info.get("sacrificed")
        types = mana_mod.could_produce(ctx.game.with_obj(lki), lki.id) if lki is not None else set()
    else:
        types = mana_mod._types_of_effect(ctx.game, who, p, mana_mod.asking(ctx.game, res.source, p),
                                          source=res.source)
    t = mana_mod.choose_type(ctx, who, res.source, types)
    if t:
        mana_mod.produce(ctx, res.source, who, {t: 1}, tapped=res.tapped_for_mana, source_lki=res.source_lki)


@effect("add_mana_produced_type")
def _add_produced_type(ctx: Ctx, res: Res, p: Params) -> None:
    """Heartbeat of Spring, Mana Flare: one mana of any type that land produced."""
    who = players(ctx, res, p.get("player", "that_player")) or [res.controller]
    t = mana_mod.choose_type(ctx, who[0], res.source, set(res.info.get("produced", ())))
    if t:
        mana_mod.produce(ctx, res.source, who[0], {t: 1}, tapped=False)
