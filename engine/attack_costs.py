"""Costs to attack (CR 508.1g-j): "Creatures can't attack you unless their controller pays {2} for each
creature they control that's attacking you" (Ghostly Prison, Propaganda, Norn's Annex), and the optional
cost of enlist (702.154)."""

from __future__ import annotations

from collections.abc import Sequence

from . import characteristics as ch
from . import mana
from .context import Ctx, Decision
from .errors import IllegalAction
from .state import Attack, Game, Obj, Target, replace


def defending_controller(game: Game, attack: Attack) -> tuple[int, bool] | None:
    """The player an attacker attacks, or the controller of the planeswalker it attacks (and whether it
    attacks a planeswalker); None for anything else."""
    kind, ident = attack.defending[0], int(attack.defending[1])
    if kind == "player":
        return ident, False
    o = game.objects.get(ident)
    if o is not None and o.zone == "battlefield" and ch.is_type(game, o, "Planeswalker"):
        return o.controller, True
    return None


def total_cost(game: Game, attacks: Sequence[Attack]) -> str:
    """CR 508.1h: the total cost to attack, once per attacking creature for each permanent whose
    ``attack_cost`` applies to it (several apply cumulatively: Propaganda's ruling). A creature attacking
    a planeswalker is taxed only by a permanent that says so (Norn's Annex; Ghostly Prison's ruling)."""
    total = ""
    for a in attacks:
        defending = defending_controller(game, a)
        if defending is None:
            continue
        player, planeswalker = defending
        for i in game.battlefield:
            o = game.obj(i)
            if o.controller != player:
                continue
            for ab in ch.abilities(game, o):
                cost = ab["static"].get("attack_cost") if ab["kind"] == "static" else None
                if cost and (not planeswalker or cost.get("planeswalkers")):
                    total += str(cost["mana"])
    return total


def pay_attack_costs(ctx: Ctx, player: int, attacks: Sequence[Attack]) -> None:
    """CR 508.1h-j: the total cost is locked in and paid all at once from the pool (no partial payment);
    a Phyrexian symbol with its colored mana or 2 life (107.4f), chosen for each symbol (Norn's Annex's
    ruling: a `mana_payment` decision). If it can't be paid the declaration is illegal (118.3): the player
    doesn't have to pay (508.1d) and declares without those creatures instead."""
    cost = total_cost(ctx.game, attacks)
    if not cost:
        return
    p = ctx.game.players[player]
    if not mana.payments(dict(p.mana_pool), cost, 0, life=p.life):
        raise IllegalAction("508.1h", f"{p.alias} can't pay the cost to attack {cost} "
                                      f"(pool {dict(p.mana_pool)}, life {p.life})")
    mana.pay(ctx, player, cost, 0, None)


def enlist_options(game: Game, player: int, attacks: Sequence[Attack]) -> tuple[Target, ...]:
    """CR 702.154a: an untapped creature the player controls that they didn't choose to attack with (so
    never the enlisting creature itself, 702.154c) and that has haste or has been under their control
    continuously since the turn began."""
    attacking = {a.attacker for a in attacks}
    return tuple(("object", c.id, c.epoch) for c in (game.obj(i) for i in game.battlefield)
                 if c.controller == player and not c.tapped and c.id not in attacking
                 and ch.is_type(game, c, "Creature") and (not c.sick or ch.has_keyword(game, c, "Haste")))


def choose_enlist(ctx: Ctx, player: int, attacks: Sequence[Attack]) -> None:
    """CR 508.1g, 702.154b: enlist is an optional cost to attack, chosen as attackers are declared: for
    each attacking creature with enlist, tap up to one creature (a ``tap_cost`` decision, [] for none).
    Paying it is the creature enlisting the other (702.154c: an ``enlisted`` event, ``object`` the creature
    tapped, ``source`` the one with enlist), which triggers its
    linked ability (702.154a: "When you do, this creature gets +X/+0 until end of turn")."""
    for a in attacks:
        o: Obj = ctx.game.obj(a.attacker)
        if not ch.has_keyword(ctx.game, o, "Enlist"):
            continue
        options = enlist_options(ctx.game, player, attacks)
        if not options:
            continue
        answer = ctx.choose(Decision("tap_cost", player, o.id, options, 0, 1))
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        chosen = [c for c in chosen if c is not None]
        if len(chosen) > 1 or any(c not in options for c in chosen):
            raise IllegalAction("702.154a", "enlist taps up to one untapped, nonattacking creature you "
                                            "control with haste or under your control since the turn began")
        for c in chosen:
            ctx.game = ctx.game.with_obj(replace(ctx.game.obj(int(c[1])), tapped=True))
            ctx.emit({"type": "enlisted", "object": int(c[1]), "source": o.id})  # it is enlisted (702.154c)
