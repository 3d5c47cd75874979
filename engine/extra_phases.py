"""Additional phases and steps (CR 500.8-500.9, 505.1a).

"After this main phase, there is an additional combat phase followed by an additional main phase"
(Relentless Assault, Seize the Day) adds the phases directly after the current main phase (500.8); an
effect that resolves when it isn't a main phase adds nothing (their rulings: "It only creates an
additional combat and main phase if it resolves during a main phase"). Phases added later after the
same phase come first (500.8): they go to the front of the queue. An additional main phase is a
postcombat main phase (505.1a), so it is the step ``main2``.

The turn keeps the queue (``Game.extra_phases``: "combat", "main", "upkeep") and the step they were
added after (``Game.resume_after``); once the queue is empty, the turn goes on after that step.
"""

from __future__ import annotations

from .context import Ctx
from .counter_rules import become_untapped
from .refs import Res
from .registry import Params, effect
from .state import Game, replace

# the step each kind of added phase or step begins with
FIRST_STEP = {"combat": "beginning_of_combat", "main": "main2", "upkeep": "upkeep"}
# the steps that end a phase or step something can be added after
ENDS = frozenset({"upkeep", "main1", "main2", "end_of_combat"})
MAIN_PHASES = frozenset({"main1", "main2"})


def add(game: Game, units: tuple[str, ...]) -> Game:
    """CR 500.8-500.9: the phases or steps ``units`` come directly after the current one, before any
    added earlier."""
    return replace(game, extra_phases=(*units, *game.extra_phases))


def following(game: Game) -> tuple[Game, str | None, str | None]:
    """As the current step ends: (game, the first step of the next added phase or step, None), or once
    all have been played (game, None, the step the turn goes on after), or (game, None, None)."""
    if game.step not in ENDS:
        return game, None, None
    if game.extra_phases:
        unit, rest = game.extra_phases[0], game.extra_phases[1:]
        resume = game.resume_after or game.step
        return replace(game, extra_phases=rest, resume_after=resume), FIRST_STEP[unit], None
    if game.resume_after is not None:
        return replace(game, resume_after=None), None, game.resume_after
    return game, None, None


@effect("additional_phases")
def _additional_phases(ctx: Ctx, res: Res, p: Params) -> None:
    """"After this main phase, there is an additional combat phase followed by an additional main
    phase" (CR 500.8): only if it is a main phase as the effect happens (it is "this main phase")."""
    if ctx.game.step not in MAIN_PHASES:
        return
    ctx.game = add(ctx.game, tuple(p.get("phases", ("combat", "main"))))


@effect("untap_attacked")
def _untap_attacked(ctx: Ctx, res: Res, p: Params) -> None:
    """"Untap all creatures that attacked this turn" (Relentless Assault): in any combat this turn, still
    the same objects (CR 400.7), whoever controls them now."""
    for oid, epoch in sorted(ctx.game.attacked_this_turn):
        o = ctx.game.objects.get(oid)
        if o is not None and o.zone == "battlefield" and o.epoch == epoch:
            become_untapped(ctx, oid)
