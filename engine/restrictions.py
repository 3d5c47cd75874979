"""What may not be cast or activated right now: activation restrictions (CR 602.5b) and split second
(CR 702.61).

"Activate only if ..." is a restriction on the ability's use (CR 602.5b): it is checked once, as the
player begins to activate the ability (602.5: a player can't begin to activate an ability that's
prohibited), never again while the ability is on the stack or resolves (Tectonic Edge's, Cryptic Caves'
rulings). Each kind of condition is one function, keyed by the one field of its schema branch
(``activation_condition`` in spec/card.schema.json).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import characteristics as ch
from .errors import IllegalAction
from .state import Game, Obj

Condition = Callable[[Game, int, Obj, Mapping[str, Any]], bool]


def _count_controlled(game: Game, player: int, flt: Mapping[str, Any], src: Obj) -> int:
    mine = (game.objects[i] for i in game.battlefield if game.objects[i].controller == player)
    return sum(1 for o in mine if ch.matches(game, flt, o, src, player))


def you_control(game: Game, player: int, src: Obj, cond: Mapping[str, Any]) -> bool:
    """"Activate only if you control [N or more] [permanents]" (Cryptic Caves: five or more lands)."""
    return _count_controlled(game, player, cond["you_control"], src) >= int(cond.get("at_least", 1))


def an_opponent_controls(game: Game, player: int, src: Obj, cond: Mapping[str, Any]) -> bool:
    """"Activate only if an opponent controls [N or more] [permanents]" (Tectonic Edge: four or more
    lands): one opponent alone must control that many (the filter is read from that opponent's side)."""
    n = int(cond.get("at_least", 1))
    return any(_count_controlled(game, opp, cond["an_opponent_controls"], src) >= n
               for opp in range(len(game.players)) if opp != player and not game.players[opp].lost)


def this(game: Game, player: int, src: Obj, cond: Mapping[str, Any]) -> bool:
    """"Activate only if this creature [is attacking / has a +1/+1 counter on it / has power 4 or
    greater]": the source itself matches the filter."""
    return ch.matches(game, {**cond["this"], "zone": src.zone}, src, src, player)


CONDITIONS: dict[str, Condition] = {
    "you_control": you_control,
    "an_opponent_controls": an_opponent_controls,
    "this": this,
}


def check_activation_restriction(game: Game, player: int, src: Obj, ability: Mapping[str, Any]) -> None:
    """CR 602.5, 602.5b: an ability whose "activate only if" condition is false can't be activated."""
    cond = ability.get("activate_only_if")
    if cond is None:
        return
    kind = next(k for k in CONDITIONS if k in cond)
    if not CONDITIONS[kind](game, player, src, cond):
        raise IllegalAction("602.5b", f"{src.alias or src.card}: {ability.get('text', 'this ability')!r} "
                                      "can be activated only if its condition is true")


def check_named_prohibition(game: Game, src: Obj, ability: Mapping[str, Any], is_mana: bool) -> None:
    """"Activated abilities of sources with the chosen name can't be activated unless they're mana
    abilities" (Pithing Needle, Sorcerous Spyglass): a prohibition (CR 602.5) on every activated ability of
    a source with the name chosen as the prohibiting permanent entered (614.12, 201.4; its name, 201.2,
    from its copiable values), loyalty abilities included (606.2); mana abilities (605.1a) and triggered
    and static abilities are not activated abilities and work normally (Pithing Needle's rulings). It
    applies while the prohibiting permanent is on the battlefield (CR 611.3a)."""
    if is_mana:
        return
    statics = ch.in_play(game).statics
    if not statics:
        return
    name = ch.card(game, src).name
    for s, st in statics:
        if st.get("no_activating_chosen_name") and s.chosen_name == name:
            raise IllegalAction("602.5", f"{s.alias or s.card} chose the name {name}: its activated "
                                         "abilities that aren't mana abilities can't be activated")


def split_second_spell(game: Game) -> Obj | None:
    """A spell with split second on the stack (CR 702.61a: it functions only while on the stack)."""
    for item in game.stack:
        if item.kind == "spell":
            o = game.objects.get(item.source)
            if o is not None and o.zone == "stack" and ch.has_keyword(game, o, "Split second"):
                return o
    return None


def check_split_second(game: Game, doing: str) -> None:
    """CR 702.61a: while a spell with split second is on the stack, players can't cast other spells or
    activate abilities that aren't mana abilities. Mana abilities, special actions (702.61b) and
    triggered abilities (they trigger and are put on the stack as normal) are not stopped: callers ask
    only for spells and non-mana abilities."""
    o = split_second_spell(game)
    if o is not None:
        raise IllegalAction("702.61a", f"{o.alias or o.card} has split second: no player can {doing} "
                                       "while it is on the stack")
