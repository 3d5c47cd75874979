"""Buyback (CR 702.27): an optional additional cost that sends the spell back to its owner's hand.

"Buyback [cost]" means "You may pay an additional [cost] as you cast this spell" and "If the buyback
cost was paid, put this spell into its owner's hand instead of into that player's graveyard as it
resolves" (702.27a). The player announces it as the spell is cast (601.2b, a ``buyback`` decision);
its mana is part of the total cost (601.2f) and its life is paid with it (601.2h, 119.4). Only a spell
that resolves goes back: one countered, or that doesn't resolve because all its targets are illegal
(608.2b), goes to the graveyard (701.6a, 608.2b). A copy carries the choice (707.10) but isn't a card:
put into a hand, it ceases to exist (704.5e).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import mana
from .cards import CardDef
from .context import Ctx, Decision
from .errors import IllegalAction
from .state import replace


@dataclass(frozen=True)
class Buyback:
    """The buyback cost printed on a card: mana (``{4}``) and/or life ("Pay 4 life")."""

    mana: str = ""
    life: int = 0


def buyback_of(cd: CardDef) -> Buyback | None:
    for a in cd.abilities:
        if a["kind"] == "keyword" and a["keyword"] == "Buyback":
            return Buyback(str(a.get("cost", "")), int(a.get("life", 0)))
    return None


def choose_buyback(ctx: Ctx, player: int, source: int, cd: CardDef, total: str, x: int) -> Buyback | None:
    """CR 601.2b, 702.27a: the caster announces whether they pay the buyback cost; asked only of a spell
    with buyback (answer true or false). A buyback cost that can't be paid with the rest of the total
    cost is no choice: life only if the life total is at least the payment (119.4; Slaughter's ruling),
    mana only if the pool pays the total cost with it (601.2f-h)."""
    bb = buyback_of(cd)
    if bb is None:
        return None
    p = ctx.game.players[player]
    payable = p.life >= bb.life and bool(mana.payments(p.mana_pool, total + bb.mana, x, life=p.life))
    options = (False, True) if payable else (False,)
    answer = ctx.choose(Decision("buyback", player, source, options))
    if answer is True and not payable:
        rule = "119.4" if p.life < bb.life else "601.2h"
        raise IllegalAction(rule, f"the buyback cost can't be paid (life {p.life}, pool {dict(p.mana_pool)})")
    if not isinstance(answer, bool) or answer not in options:  # 1 == True, but 1 is no answer
        raise IllegalAction("601.2b", f"{answer!r}: buyback is answered true or false")
    return bb if answer is True else None


def pay_buyback_life(ctx: Ctx, player: int, bb: Buyback | None) -> None:
    """CR 601.2h, 119.4: the life part of the buyback cost is paid with the spell's other costs."""
    if bb is None or not bb.life:
        return
    p = ctx.game.players[player]
    ctx.game = ctx.game.with_player(player, replace(p, life=p.life - bb.life))
    ctx.emit({"type": "life_changed", "player": player, "amount": -bb.life})
