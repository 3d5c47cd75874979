"""Protection (CR 702.16), hexproof from a quality (CR 702.11d) and prevention effects (CR 615).

A *quality* is what a protection or "hexproof from" ability names: ``"everything"`` (CR 702.16j) or a
filter a source matches (a colour, a card type, "creatures", "each of your opponents": the objects an
opponent controls, CR 702.16k). Card data writes it as the keyword's ``from``:
``{"kind": "keyword", "keyword": "Protection", "from": {"types": ["Creature"]}}`` (Beloved Chaplain),
``{"kind": "keyword", "keyword": "Hexproof", "from": {"colors": ["B"]}}`` (Knight of Grace); a player
has protection from a static ability ``{"you_have_protection_from": quality}`` (Absolute Virtue).

Damage that would be dealt is prevented (CR 615.6: it never happens) by protection (702.16e) and by
the prevention effects a resolved spell or ability created "this turn" (``prevent_damage``: Fog, Safe
Passage), which last until the cleanup step (CR 514.2) and apply to damage after they were created only
(CR 615.4).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from . import characteristics as ch
from .context import Ctx
from .refs import Res
from .registry import Params, effect
from .state import Game, Obj, Target, TurnEffect, replace

Quality = Any  # "everything" | a filter (Mapping[str, Any])


def has_quality(game: Game, quality: Quality, source: Obj, holder: int) -> bool:
    """Whether ``source`` has the stated quality, seen by ``holder`` (the protected permanent's controller
    or the protected player: "your opponents"). CR 702.16j: "everything" is every object. CR 702.16a: a
    card type, subtype or supertype applies to permanents with it and to sources not on the battlefield
    that are of it, so the quality is checked in any zone."""
    if quality == "everything":
        return True
    return ch.matches(game, {**quality, "zone": None}, source, None, holder)


def _qualities(game: Game, o: Obj, keyword: str) -> Iterator[Quality]:
    """The qualities of its protection (or hexproof from) abilities: printed ones (none once it lost all
    abilities, CR 613.1f) and those gained with parameters."""
    for a in (*ch.abilities(game, o), *ch.granted_abilities(game, o)):
        if a["kind"] == "keyword" and a["keyword"] == keyword and "from" in a:
            yield a["from"]


def protected_from(game: Game, o: Obj, source: Obj) -> bool:
    """CR 702.16: ``o`` has protection from a quality ``source`` has: a colour an effect gave it until end
    of turn (Mother of Runes, Shelter) or a protection ability it has ("from everything", 702.16j;
    "from creatures"). Protection applies only while the object is on the battlefield (Emrakul's ruling)."""
    if o.zone != "battlefield":
        return False
    if ch.protected_from(game, o, source):
        return True
    return any(has_quality(game, q, source, o.controller) for q in _qualities(game, o, "Protection"))


def player_protected_from(game: Game, player: int, source: Obj) -> bool:
    """CR 702.16b-e for a player: "You have protection from each of your opponents" (Absolute Virtue, a
    static ability of a permanent that player controls)."""
    for src, st in ch.in_play(game).statics:
        quality = st.get("you_have_protection_from")
        if quality is not None and src.controller == player and has_quality(game, quality, source, player):
            return True
    return False


def hexproof_from(game: Game, o: Obj, source: Obj, controller: int) -> bool:
    """CR 702.11d: "Hexproof from [quality]" means "This permanent can't be the target of [quality]
    spells your opponents control or abilities your opponents control from [quality] sources." Its own
    controller's spells and abilities may target it whatever their quality."""
    if controller == o.controller or o.zone != "battlefield":
        return False
    return any(has_quality(game, q, source, o.controller) for q in _qualities(game, o, "Hexproof"))


def _prevention_applies(game: Game, spec: Mapping[str, Any], t: TurnEffect, target: Target,
                        combat: bool) -> bool:
    """A "prevent ... this turn" effect (CR 615.1a): ``combat_only`` (Fog: "all combat damage"), ``to``:
    what the damage would be dealt to, from its controller's point of view ("you and creatures you
    control", Safe Passage; checked as the damage would be dealt, so a creature that entered later is
    included and a planeswalker is not)."""
    if spec.get("combat_only") and not combat:
        return False
    flt = spec.get("to")
    if flt is None:
        return True
    if target[0] == "player":
        return ch.matches_player(game, flt, int(target[1]), t.controller)
    return ch.matches(game, flt, game.obj(target[1]), t.source_lki, t.controller)


def prevented_by(game: Game, source: Obj, target: Target, combat: bool) -> str | None:
    """The rule that prevents damage ``source`` would deal to ``target`` now, or None: protection
    (CR 702.16e, of a permanent or a player) or a prevention effect (CR 615.1a). Prevented damage is never
    dealt (CR 615.6): no life lost, no counters from wither or infect, no lifelink."""
    if target[0] == "player":
        if player_protected_from(game, int(target[1]), source):
            return "702.16e"
    elif protected_from(game, game.obj(target[1]), source):
        return "702.16e"
    for t in game.turn_effects:
        if t.spec.get("event") == "damage" and _prevention_applies(game, t.spec, t, target, combat):
            return "615.1a"
    return None


@effect("prevent_damage")
def _prevent_damage(ctx: Ctx, res: Res, p: Params) -> None:
    """"Prevent all combat damage that would be dealt this turn" (Fog), "Prevent all damage that would be
    dealt to you and creatures you control this turn" (Safe Passage): a prevention effect until the cleanup
    step (CR 615.1a, 514.2), applying only to damage that would be dealt after it exists (CR 615.4)."""
    g = ctx.game
    spec = {"event": "damage", **{k: p[k] for k in ("combat_only", "to") if k in p}}
    eff = TurnEffect(res.controller, res.source_lki, spec, g.timestamp)
    ctx.game = replace(g, turn_effects=(*g.turn_effects, eff), timestamp=g.timestamp + 1)


def cannot_enchant(game: Game, aura: Obj, host: Obj) -> bool:
    """An Aura can't enchant ``host``: its enchant ability doesn't allow it (CR 303.4, 303.4c) or the host
    has protection from it (702.16c). Not an Aura: False. Attaching one (701.3b) and the state-based
    action (704.5m) both ask this."""
    enchant = next((a for a in ch.card(game, aura).abilities
                    if a["kind"] == "keyword" and a["keyword"] == "Enchant"), None)
    if enchant is None:
        return False
    if not ch.matches(game, {**enchant.get("enchant", {}), "zone": None}, host, aura, aura.controller):
        return True
    return protected_from(game, host, aura)


def equipment_cannot_equip(game: Game, o: Obj) -> bool:
    """CR 301.5c: an Equipment that's also a creature can't equip a creature (reconfigure, the exception,
    isn't modelled): one attached becomes unattached (704.5n), and equip doesn't attach it (701.3b; The
    Antiquities War's ruling)."""
    return "Equipment" in ch.subtypes(game, o) and ch.is_type(game, o, "Creature")
