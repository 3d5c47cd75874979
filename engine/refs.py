"""What a resolving spell or ability knows (CR 608.2) and what its words refer to: targets that are
still legal, "it", "that player", "each creature you control", amounts, and last known information
(CR 608.2h, 113.7a)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from frozendict import frozendict

from . import characteristics as ch
from .context import Ctx
from .state import Game, Obj, Target, replace


@dataclass(frozen=True)
class Res:
    """What a resolving spell or ability knows (CR 608.2)."""

    controller: int
    source: int
    source_lki: Obj
    targets: tuple[tuple[Target, ...], ...] = ()
    legal: tuple[tuple[bool, ...], ...] = ()
    x: int = 0
    distribution: tuple[tuple[Target, int], ...] = ()
    info: frozendict[str, Any] = field(default_factory=frozendict)
    tapped_for_mana: bool = False
    stack_id: int | None = None
    events_from: int = 0  # where this resolution's events begin in the action's events ("this way")

    def with_info(self, **kw: Any) -> Res:
        info = self.info
        for k, v in kw.items():
            info = info.set(k, v)
        return replace(self, info=info)



def legal_targets(res: Res, slot: int) -> list[Target]:
    if slot >= len(res.targets):
        return []
    return [t for t, ok in zip(res.targets[slot], res.legal[slot], strict=True) if ok]


def still_there(game: Game, targets: list[Target]) -> list[Target]:
    """Targets an earlier instruction of the same effect hasn't moved: a moved object is a new object
    (CR 400.7), so the same object chosen for two "target" words is destroyed once (Decimate's ruling)."""
    return [t for t in targets if t[0] != "object"
            or ((o := game.objects.get(int(t[1]))) is not None and o.epoch == t[2] and not o.phased_out)]


def last_known(game: Game, oid: int, epoch: int) -> Obj | None:
    """The object with this id and epoch as it is now, or as it last existed on the battlefield after it
    left (CR 608.2h, 113.7a); None if neither."""
    o = game.objects.get(oid)
    if o is not None and o.epoch == epoch:
        return o
    lk = game.last_known.get(oid)
    return lk if lk is not None and lk.epoch == epoch else None


def it_last_known(ctx: Ctx, res: Res, ref: Any) -> Obj | None:
    """"self", "it" or a target as it last existed, for information about it (its power) or as a source
    of damage."""
    if ref == "self":
        return last_known(ctx.game, res.source, res.source_lki.epoch) or res.source_lki
    if ref == "sacrificed":  # "the sacrificed creature" (Fling): as it last existed (CR 608.2h)
        sacrificed = res.info.get("sacrificed")
        return sacrificed if isinstance(sacrificed, Obj) else None
    if ref == "it" and res.info.get("it") is not None and "it_epoch" in res.info:
        return last_known(ctx.game, int(res.info["it"]), int(res.info["it_epoch"]))
    if ref == "it" and res.info.get("it") is not None and "it_lki_epoch" in res.info:
        # a dies trigger's "it" as it last existed on the battlefield ("those counters", CR 603.10a)
        return last_known(ctx.game, int(res.info["it"]), int(res.info["it_lki_epoch"]))
    if isinstance(ref, dict) and "target" in ref:  # Swords to Plowshares: "its power", once exiled
        found = [t for t in legal_targets(res, ref["target"]) if t[0] == "object"]
        return last_known(ctx.game, int(found[0][1]), int(found[0][2])) if found else None
    return None


def put_this_way(ctx: Ctx, res: Res, kind: str) -> list[int]:
    """"Each creature that had a [kind] counter put on it this way" (Fangs of Kalonia): the permanents an
    earlier instruction of this same resolution put such counters on (CR 608.2c: later text refers to
    what the earlier text did), replacement effects included, still on the battlefield as those objects."""
    out: list[int] = []
    for e in ctx.events[res.events_from:]:
        if e["type"] == "counters_put" and e.get("counter") == kind and e.get("object") not in (None, *out):
            o = ctx.game.objects.get(int(e["object"]))
            if o is not None and o.zone == "battlefield":
                out.append(o.id)
    return out


def exiled_this_way(ctx: Ctx, res: Res) -> list[int]:
    """"That card", "the exiled card": the cards an earlier instruction of this same resolution exiled
    (CR 400.7j: other parts of an effect can find an object it moved to a public zone; 608.2c), while
    they are still in exile. A token exiled ceased to exist (CR 704.5d, 111.7) and is not found."""
    out: list[int] = []
    for e in ctx.events[res.events_from:]:
        if e["type"] == "zone_change" and e.get("to") == "exile" and e["object"] not in out:
            o = ctx.game.objects.get(int(e["object"]))
            if o is not None and o.zone == "exile" and not o.token:
                out.append(o.id)
    return out


def _target_ids(res: Res, ref: Any) -> set[int]:
    """The object ids chosen for a target ref ({"target": i}) that are still legal; empty for other refs."""
    if not (isinstance(ref, dict) and "target" in ref):
        return set()
    return {int(t[1]) for t in legal_targets(res, ref["target"]) if t[0] == "object"}


def found_this_way(ctx: Ctx, res: Res, ref: Any) -> list[int]:
    """A target an earlier instruction of this same resolution moved to a public zone: other parts of the
    effect can find the object it became there (CR 400.7j), e.g. "that card's mana value" once Reanimate
    has put it onto the battlefield."""
    return _moved(ctx, res, ref, public_only=True)


def moved_this_way(ctx: Ctx, res: Res, ref: Any) -> list[int]:
    """A target an earlier instruction of this same resolution moved, to any zone, as the object it became
    there ("the card returned this way", CR 608.2c); an illegal target was never moved (608.2b)."""
    return _moved(ctx, res, ref, public_only=False)


def _moved(ctx: Ctx, res: Res, ref: Any, public_only: bool) -> list[int]:
    ids = _target_ids(res, ref)
    out: list[int] = []
    for e in ctx.events[res.events_from:]:
        if e["type"] == "zone_change" and e["object"] in ids and e["object"] not in out \
                and e["object"] in ctx.game.objects and not (public_only and e["to"] in ("library", "hand")):
            out.append(int(e["object"]))
    return out


def exiled_with_this(game: Game, res: Res) -> list[int]:
    """"The exiled card" in a linked ability (CR 607.2a): only the cards the linked exile ability of this
    same object exiled, still in exile as those objects (a token ceased to exist, 704.5d)."""
    out: list[int] = []
    for oid, epoch in game.exiled_with.get((res.source, res.source_lki.epoch), ()):
        o = game.objects.get(oid)
        if o is not None and o.zone == "exile" and o.epoch == epoch and not o.token:
            out.append(oid)
    return out


def it_card(game: Game, res: Res) -> list[int]:
    """"Return it" in an ability that triggered on a zone change: the new object it became in the zone it
    moved to (CR 400.7e), only while it is still there as that object; a token ceased to exist."""
    v, epoch = res.info.get("it"), res.info.get("it_card_epoch")
    if v is None or epoch is None:
        return []
    o = game.objects.get(int(v))
    return [o.id] if o is not None and o.epoch == epoch and not o.token else []


def stack_abilities(res: Res, ref: Any) -> list[int]:
    """The abilities on the stack a ``{"target": n}`` ref names that are still legal targets (Stifle's
    "target activated or triggered ability", CR 113.1c): their stack ids, which ``objects`` leaves out
    as they aren't in the object store."""
    if not (isinstance(ref, dict) and "target" in ref):
        return []
    return [int(t[1]) for t in legal_targets(res, ref["target"]) if t[0] == "stack"]


def objects(ctx: Ctx, res: Res, ref: Any) -> list[int]:
    """The objects a ref names that the effect can still act on."""
    game = ctx.game
    if ref == "exiled_this_way":
        return exiled_this_way(ctx, res)
    if ref == "it_card":
        return it_card(game, res)
    if ref == "exiled_with_this":
        return exiled_with_this(game, res)
    if isinstance(ref, dict) and "put_this_way" in ref:
        return put_this_way(ctx, res, str(ref["put_this_way"]))
    if isinstance(ref, dict) and "each" in ref:  # "each creature you control": every permanent matching
        src = res.source_lki
        return [i for i in _each_candidates(game, ref["each"])
                if ch.matches(game, ref["each"], game.obj(i), src, res.controller)]
    if isinstance(ref, dict):
        return [int(t[1]) for t in still_there(game, legal_targets(res, ref["target"])) if t[0] == "object"]
    if ref == "self":
        o = game.objects.get(res.source)
        return [o.id] if (o and o.epoch == res.source_lki.epoch and o.zone == res.source_lki.zone
                          and not o.phased_out) else []  # CR 702.26b: a phased-out source is unaffected
    if ref == "enchanted":
        # CR 608.2h: the permanent the source enchants as the ability resolves, or, once the source has
        # left, as it last existed (Forced Adaptation moved by Aura Finesse: the new host gets the counter)
        now = last_known(game, res.source, res.source_lki.epoch) or res.source_lki
        host = now.attached_to
        return [host] if host is not None and host in game.objects else []
    if ref in ("it", "chosen"):
        v = res.info.get(ref)
        if v is None:
            return []
        if ref == "it" and "it_epoch" in res.info:  # the entering object, not a new one (CR 400.7)
            o = game.objects.get(int(v))
            return [int(v)] if o is not None and o.epoch == res.info["it_epoch"] else []
        return [int(v)]
    return []


def players(ctx: Ctx, res: Res, ref: Any) -> list[int]:
    game = ctx.game
    if isinstance(ref, dict) and "controller_of_target" in ref:
        # "its controller": of the target as it is now, or as it last existed (CR 608.2h)
        chosen = legal_targets(res, ref["controller_of_target"])
        found = [last_known(game, int(t[1]), int(t[2])) for t in chosen if t[0] == "object"]
        return [o.controller for o in found if o is not None]
    if isinstance(ref, dict):
        return [int(t[1]) for t in legal_targets(res, ref["target"]) if t[0] == "player"]
    if ref == "you":
        return [res.controller]
    if ref == "each_opponent":
        return game.opponents(res.controller)
    if ref == "each_player":
        return game.apnap()
    if ref in ("that_player", "chosen_player"):
        v = res.info.get(ref)
        return [] if v is None else [int(v)]
    if ref == "controller_of_it":
        it = res.info.get("it")
        return [game.obj(it).controller] if it is not None else []
    if ref == "enchanted_controller":
        host = res.source_lki.attached_to
        return [game.obj(host).controller] if host is not None else []
    return []


def recipients(ctx: Ctx, res: Res, ref: Any) -> list[Target]:
    if isinstance(ref, dict) and ("each" in ref or "put_this_way" in ref):
        return [("object", o, ctx.game.obj(o).epoch) for o in objects(ctx, res, ref)]
    if isinstance(ref, dict) and "controller_of_target" in ref:
        return [("player", p) for p in players(ctx, res, ref)]
    if isinstance(ref, dict):
        return still_there(ctx.game, legal_targets(res, ref["target"]))
    if ref in ("you", "each_opponent", "each_player", "that_player", "chosen_player", "controller_of_it",
               "enchanted_controller"):
        return [("player", p) for p in players(ctx, res, ref)]
    return [("object", o, ctx.game.obj(o).epoch) for o in objects(ctx, res, ref)]


def amount(ctx: Ctx, res: Res, value: Any) -> int:
    """How many: a number, X, or a count taken from the game; a negative result counts as 0 (CR 107.1b:
    Swords to Plowshares on a creature with negative power gives no life and takes none)."""
    return max(0, _amount(ctx, res, value))


def on_hand(ctx: Ctx, res: Res, ref: Any) -> list[int]:
    """The objects a ref names now, to read an amount from; none for a dies trigger's "it", whose power
    and counters are those it had as it last existed on the battlefield (it_last_known), not the new
    object's in the graveyard (CR 603.10a, 608.2h, 400.7)."""
    return [] if ref == "it" and "it_lki_epoch" in res.info else objects(ctx, res, ref)


def _amount(ctx: Ctx, res: Res, value: Any) -> int:
    if isinstance(value, int):
        return value
    if value == "X":
        return res.x
    if value == "that_much":  # "that much damage": what the triggering event dealt (CR 603.2)
        return int(res.info.get("amount", 0))
    if isinstance(value, dict) and "power_of" in value:
        found = on_hand(ctx, res, value["power_of"])
        if found:
            return ch.power(ctx.game, ctx.game.obj(found[0]))
        lki = it_last_known(ctx, res, value["power_of"])  # last known information (CR 608.2h)
        if lki is not None:
            return ch.power(ctx.game, lki)
        moved = moved_this_way(ctx, res, value["power_of"])  # Morgue Burst: "the power of the card
        # returned this way", a card an earlier instruction moved from a graveyard to a hand (CR 608.2c)
        return ch.power(ctx.game, ctx.game.obj(moved[0])) if moved else 0
    if isinstance(value, dict) and "count" in value:  # "for each Elf you control", "for each creature ..."
        src = res.source_lki
        return sum(1 for i in ctx.game.battlefield
                   if ch.matches(ctx.game, value["count"], ctx.game.obj(i), src, res.controller))
    if isinstance(value, dict) and "mana_value_of" in value:  # Reanimate: "that card's mana value"
        found = objects(ctx, res, value["mana_value_of"])
        if found:
            return ch.mana_value(ctx.game, ctx.game.obj(found[0]))
        countered = [e for e in ctx.events[res.events_from:] if e["type"] == "countered"
                     and "mana_value" in e and e["source"] in _target_ids(res, value["mana_value_of"])]
        if countered:  # a spell this effect countered: its mana value as it last existed on the stack, X
            return int(countered[0]["mana_value"])  # included (CR 608.2h, 202.3e; Draining Whelk)
        moved = found_this_way(ctx, res, value["mana_value_of"])  # the card as it was where it came from:
        # its printed mana cost, X is 0 off the stack (202.3e; Reanimate's ruling: not the permanent's)
        if moved:
            return int(ctx.game.cards[ctx.game.obj(moved[0]).card].mana_value)
        lki = it_last_known(ctx, res, value["mana_value_of"])  # moved to a hidden zone (Aether Mutation's
        # "that creature's mana value" once it's in a hand): as it last existed (CR 608.2h)
        if lki is not None:
            return ch.mana_value(ctx.game, lki)
        hidden = moved_this_way(ctx, res, value["mana_value_of"])  # a card returned from a graveyard to a
        # hand (Razor Hippogriff): as it last existed in the graveyard, its printed cost, X is 0 (202.3e)
        return int(ctx.game.cards[ctx.game.obj(hidden[0]).card].mana_value) if hidden else 0
    if isinstance(value, dict) and "counters_on" in value:
        ref = value["counters_on"]
        found = on_hand(ctx, res, ref)  # Reyhan: "that many +1/+1 counters" of the creature that died
        obj = ctx.game.obj(found[0]) if found else it_last_known(ctx, res, ref)
        # as it last existed once gone: Hangarback Walker's dies ability counts its counters (CR 608.2h)
        return obj.counters.get(value.get("counter", "+1/+1"), 0) if obj is not None else 0
    return 0


def _each_candidates(game: Game, flt: Any) -> list[int]:
    """Where "each [...]" looks: the battlefield, or the graveyards when the filter names that zone
    ("return each creature card with mana value X from your graveyard", Immortal Servitude: CR 608.2c,
    every card that matches as the effect is applied; the filter's owner says whose)."""
    if isinstance(flt, dict) and flt.get("zone") == "graveyard":
        return [i for p in game.players for i in p.graveyard]
    return list(game.battlefield)
