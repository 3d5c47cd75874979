"""Copies of permanents (CR 707): a permanent that enters as a copy of another one (Clone, Spark Double).

A copy effect is applied in layer 1 (CR 613.2a): the copy's characteristics become the copiable values of
the object it copies (707.2: the printed values as modified by other copy effects, 707.3), with the copy
effect's exceptions (707.9). Counters, status (tapped), Auras and non-copy effects are not copied. The
object keeps them as ``Obj.copy``; ``characteristics.card`` reads it instead of the printed card.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from . import characteristics as ch
from .cards import CardDef
from .context import Ctx, Decision
from .creature_types import is_creature_type
from .errors import IllegalAction
from .state import Game, Mod, Obj, replace


def copiable_values(game: Game, o: Obj) -> CardDef:
    """CR 707.2, 707.3: what is printed on it, as modified by the copy effects applied to it (a copy of a
    copy is what the first copied; a token's are those its creating effect defined, 111.4). Nothing else:
    not its counters, whether it is tapped, nor effects that changed its power, types or abilities."""
    return ch.card(game, o)


def with_exceptions(values: CardDef, exceptions: Mapping[str, Any]) -> CardDef:
    """CR 707.9a-b: the copy effect's modifications become part of the copy's copiable values ("it isn't
    legendary", "it has haste", "except it's a 1/1 green Frog"), so a copy of the copy has them too
    (Spark Double's ruling). ``creature_types`` replaces its creature types only (its other subtypes,
    205.3m, stay); ``add_creature_types`` adds to them ("it's a Nightmare in addition to its other
    types", Nightmare Shepherd, 707.9a)."""
    supertypes = values.supertypes
    if exceptions.get("not_legendary"):
        supertypes = tuple(t for t in supertypes if t != "Legendary")
    subtypes = values.subtypes
    if "creature_types" in exceptions:
        subtypes = (*(t for t in subtypes if not is_creature_type(t)), *exceptions["creature_types"])
    subtypes = (*subtypes, *(t for t in exceptions.get("add_creature_types", ()) if t not in subtypes))
    # dataclasses.replace, not state.replace: a new CardDef works out its cached properties again
    return dataclasses.replace(
        values, supertypes=supertypes, subtypes=subtypes,
        abilities=(*values.abilities, *exceptions.get("abilities", ())),
        power=exceptions.get("power", values.power), toughness=exceptions.get("toughness", values.toughness),
        colors=tuple(exceptions.get("colors", values.colors)))


def _extra_counters(exceptions: Mapping[str, Any], values: CardDef, controller: int,
                    x: int) -> list[tuple[str, int, int]]:
    """CR 707.9e-f: "except it enters with an additional counter [if it's a creature]": an additional
    effect of the copy effect, judged on the characteristics the copy would have (707.9f; Spark Double's
    ruling: "Use the characteristics of Spark Double as it enters")."""
    out = []
    for extra in exceptions.get("counters", ()):
        wanted = extra.get("if_types")
        if wanted is None or any(t in values.types for t in wanted):
            n = x if extra["amount"] == "X" else int(extra["amount"])
            out.append((str(extra["counter"]), n, controller))
    return out


def enter_as_copy(ctx: Ctx, spec: Mapping[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """"You may have this enter as a copy of [a permanent]" (CR 707.5, 614.1c): as it enters, its
    controller chooses a permanent already on the battlefield that matches ``of`` (it isn't targeted), or
    none (``copy_of`` decision; ``null`` keeps its printed values: Clone is then a 0/0). It becomes the
    copy as it enters, not afterwards: the copied "enters with" and "as this enters" abilities then apply
    (707.5; ``replacement.run`` looks for them again, 616.1f), and a planeswalker's copy enters with the
    loyalty printed on the copied card (306.5b, Clever Impersonator's ruling), not the original's."""
    game = ctx.game
    o: Obj = event["obj"]
    options = tuple(("object", i, game.obj(i).epoch) for i in game.battlefield
                    if ch.matches(game, spec["of"], game.obj(i), o, o.controller))
    chosen = ctx.choose(Decision("copy_of", o.controller, o.id, (*options, None), 1, 1))
    if chosen is None:
        return event
    if chosen not in options:
        raise IllegalAction("707.5", "it may enter as a copy only of a permanent it says, already on the "
                                     "battlefield, or of nothing")
    exceptions = spec.get("except", {})
    values = with_exceptions(copiable_values(game, game.obj(chosen[1])), exceptions)
    printed = ch.card(game, o)
    bundles = list(event["counters"])
    if "Planeswalker" in printed.types and printed.loyalty:  # its own 306.5b ability is no longer there
        bundles.remove(("loyalty", printed.loyalty, o.controller))
    if "Planeswalker" in values.types and values.loyalty:  # the copied card's 306.5b ability
        bundles.append(("loyalty", values.loyalty, o.controller))
    bundles += _extra_counters(exceptions, values, o.controller, int(event["x"]))
    if spec.get("until") == "end_of_turn":  # Cursed Mirror: a modification ending at cleanup (514.2)
        return {**event, "obj": replace(o, mods=(*o.mods, Mod(copy=values))), "counters": tuple(bundles)}
    return {**event, "obj": replace(o, copy=values), "counters": tuple(bundles)}
