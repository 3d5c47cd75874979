"""Counter effect primitives (CR 122): putting, distributing, proliferating (701.34), doubling
(701.10e), removing and moving counters (122.5)."""

from __future__ import annotations

from frozendict import frozendict

from . import characteristics as ch
from . import replacement
from .context import Ctx, Decision
from .counters import put_counters, remove_counters
from .errors import IllegalAction
from .refs import Res, amount, it_last_known, recipients
from .registry import Params, effect, perform
from .state import Target


@effect("put_counters")
def _put_counters(ctx: Ctx, res: Res, p: Params) -> None:
    """``counter`` and ``amount``; or ``counters_of``: "put those counters": as many of each kind as the
    object had, as it last existed (The Ozolith's ruling: they aren't moved off it, CR 608.2h)."""
    if "counters_of" in p:
        lk = it_last_known(ctx, res, p["counters_of"])
        kinds = {k: n for k, n in lk.counters.items() if n > 0} if lk is not None else {}
    else:
        kinds = {p["counter"]: amount(ctx, res, p.get("amount", 1))}
    for t in recipients(ctx, res, p.get("to", "self")):
        put_counters(ctx, t, kinds, res.controller)


@effect("distribute_counters")
def _distribute(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 601.2d, 608.2b: a share announced for a target that became illegal is lost (vivien-05)."""
    legal = {t for slot, flags in zip(res.targets, res.legal, strict=True)
             for t, ok in zip(slot, flags, strict=True) if ok}
    for t, n in res.distribution:
        if t in legal:
            put_counters(ctx, t, {p["counter"]: n}, res.controller)


@effect("proliferate")
def _proliferate(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 701.34a: choose any number of permanents and/or players with a counter; each gets one more
    of each kind it already has. Only the battlefield (crime-and-proliferate-02). A replacement effect
    may make it several times ("proliferate twice instead", Tekuthal); each is chosen after the last."""
    event = replacement.run(ctx, {"kind": "proliferate", "player": res.controller, "times": 1})
    for _ in range(event["times"]):
        _proliferate_once(ctx, res)


def _proliferate_once(ctx: Ctx, res: Res) -> None:
    game = ctx.game
    options: list[Target] = [("player", i) for i in game.apnap() if game.players[i].counters]
    options += [("object", o.id, o.epoch) for o in (game.objects[i] for i in game.battlefield) if o.counters]
    forced = ((),) if not options else None
    answer = ctx.choose(Decision("proliferate", res.controller, res.source, tuple(options), 0, len(options),
                                 frozendict({"forced": forced})))
    chosen = list(answer) if isinstance(answer, (list, tuple)) else None
    if chosen is None or any(t not in options for t in chosen) or len(set(chosen)) != len(chosen):
        raise IllegalAction("701.34a", "proliferate may choose only permanents and players "
                                       "that have a counter")
    for t in options:  # in a fixed order: players in APNAP order, then permanents
        if t in chosen:
            have = ctx.game.players[t[1]].counters if t[0] == "player" else ctx.game.obj(t[1]).counters
            put_counters(ctx, t, {k: 1 for k, n in have.items() if n > 0}, res.controller)
    ctx.emit({"type": "proliferated", "player": res.controller})  # "whenever you proliferate"


@effect("double_counters")
def _double_counters(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 701.10e: doubling counters puts as many more of that kind (only ``counter``'s kind if named)."""
    for t in recipients(ctx, res, p["what"]):
        have = ctx.game.obj(t[1]).counters if t[0] == "object" else ctx.game.players[t[1]].counters
        kinds = {k: n for k, n in have.items() if p.get("counter") in (None, k)}
        put_counters(ctx, t, kinds, res.controller)


@effect("remove_counters")
def _remove_counters(ctx: Ctx, res: Res, p: Params) -> None:
    """Remove ``amount`` counters of kind ``counter`` from the object ``from``; without
    ``counter`` every kind, without ``amount`` all of them (Vampire Hexmage: "remove all counters").
    "... If you do, [effects]" (Clockwork Hydra) and "If no counters were removed this way, [effects].
    Otherwise, [effects]" (Bounty of the Luxa): ``if_removed`` / ``if_none_removed`` follow what this
    instruction actually removed (CR 608.2c); a permanent gone from the battlefield has none to remove."""
    removed = 0
    for t in recipients(ctx, res, p["from"]):
        have = ctx.game.obj(t[1]).counters
        if p.get("a_counter"):
            removed += _remove_a_counter(ctx, res, t)
            continue
        for kind in [k for k in have if p.get("counter") in (None, k)]:
            n = amount(ctx, res, p["amount"]) if "amount" in p else have[kind]
            removed += remove_counters(ctx, t, kind, n)
    branch = p.get("if_removed") if removed else p.get("if_none_removed")
    if branch:
        perform(ctx, res, branch)


def _remove_a_counter(ctx: Ctx, res: Res, t: Target) -> int:
    """"Remove a counter from [it]" (Spinal Parasite): one counter, of a kind the ability's controller
    chooses among those the object has as the ability resolves (CR 608.2d, ``counter_kind``); none
    there, nothing happens (CR 609.3)."""
    have = sorted(k for k, n in ctx.game.obj(t[1]).counters.items() if n > 0)
    kind = _choose_kind(ctx, res, have, "608.2d")
    return remove_counters(ctx, t, kind, 1) if kind is not None else 0


def _choose_kind(ctx: Ctx, res: Res, kinds: list[str], rule: str) -> str | None:
    """The kind of counter the ability's controller chooses among ``kinds`` (``counter_kind``, asked only
    when there are several); None when there is none."""
    if not kinds:
        return None
    if len(kinds) == 1:
        return kinds[0]
    kind = ctx.choose(Decision("counter_kind", res.controller, res.source, tuple(kinds)))
    if kind not in kinds:
        raise IllegalAction(rule, "choose a kind of counter the object has")
    return str(kind)


@effect("move_counter")
def _move_counter(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 122.5: remove one counter from the first object and put it on the second; if either can't be
    done (no counter of that kind, the same object, an object gone, one that can't get that counter),
    neither is (Combine Guildmage's and Weapon Rack's rulings). Without a named kind the player chooses
    among the kinds it has (``counter_kind``)."""
    src = recipients(ctx, res, p["from"])
    dst = recipients(ctx, res, p["to"])
    if not src or not dst or src[0][:2] == dst[0][:2]:
        return
    have = {k: n for k, n in ctx.game.obj(src[0][1]).counters.items() if n > 0}
    if p.get("all"):  # "move all counters from A onto B" (The Ozolith): each kind it can get
        movable = {k: n for k, n in have.items() if ch.can_get_counter(ctx.game, dst[0], k)}
        for k, n in movable.items():
            remove_counters(ctx, src[0], k, n)
        put_counters(ctx, dst[0], movable, res.controller)
        return
    kinds = [p["counter"]] if "counter" in p else sorted(have)
    kind = _choose_kind(ctx, res, [k for k in kinds if k in have], "122.5")
    if kind is None:
        return
    if not ch.can_get_counter(ctx.game, dst[0], kind):  # "can't have counters put onto it": no move
        return
    if remove_counters(ctx, src[0], kind, 1):
        put_counters(ctx, dst[0], {kind: 1}, res.controller)
