"""Costs to attack (CR 508.1g-j): "Creatures can't attack you unless their controller pays {2} for each
creature they control that's attacking you" (Ghostly Prison, Propaganda, Norn's Annex)."""

from __future__ import annotations

from collections.abc import Sequence

from . import characteristics as ch
from . import mana
from .context import Ctx
from .errors import IllegalAction
from .state import Attack, Game


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
