"""Mana (CR 106), mana costs (CR 107.4, 202) and paying them from the pool (CR 601.2h).

"Could produce" (CR 106.7) asks what each mana ability of a permanent would produce if it resolved
now, with applicable replacement effects in every possible order, ignoring costs. Loops (two
Reflecting Pools) end because a permanent already being asked about contributes nothing.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from frozendict import frozendict

from . import characteristics as ch
from . import replacement
from .context import Ctx, Decision
from .errors import IllegalAction
from .state import COLORS, MANA_TYPES, Game, Obj, Player, RestrictedMana, replace

Pool = Mapping[str, int]


def parse_cost(cost: str) -> list[str]:
    """Mana symbols of a cost: "W".."C", "X", a generic number as str, or a hybrid "R/W"."""
    return re.findall(r"\{([^}]+)\}", cost or "")


Either = list[tuple[int, tuple[str, ...]]]  # symbols payable two ways (hybrid with a number, Phyrexian)


def cost_requirements(cost: str, x: int) -> tuple[int, list[tuple[str, ...]], Either]:
    """(generic amount, one tuple of acceptable types per coloured/colourless/hybrid symbol, and the
    symbols payable another way as (generic, colours): {2/W} is paid with {W} or with two mana (CR
    107.4e); a Phyrexian {W/P} with {W}, or a hybrid Phyrexian {G/W/P} with {G} or {W}, or with 2 life
    (CR 107.4f), written (0, colours))."""
    generic = 0
    specific: list[tuple[str, ...]] = []
    either: Either = []
    for sym in parse_cost(cost):
        if sym.isdigit():
            generic += int(sym)
        elif sym == "X":
            generic += x
        elif "/" in sym:
            parts = sym.split("/")
            if parts[-1] == "P":
                either.append((0, tuple(parts[:-1])))
            elif parts[0].isdigit():
                either.append((int(parts[0]), tuple(parts[1:])))
            else:
                specific.append(tuple(parts))
        else:
            specific.append((sym,))
    return generic, specific, either


def payments(pool: Pool, cost: str, x: int, limit: int = 64, life: int = 0) -> list[dict[str, int]]:
    """Ways to pay ``cost`` from ``pool`` (up to ``limit`` per choice of the special symbols): mana spent
    by type, and ``life`` paid for Phyrexian symbols (2 each, CR 107.4f; only as much as the player
    has, CR 119.4)."""
    base_generic, base_specific, either = cost_requirements(cost, x)
    results: set[tuple[tuple[str, int], ...]] = set()
    for halves in itertools.product((True, False), repeat=len(either)):  # each: its colour, or the other way
        paid_life = 2 * sum(1 for (n, _), colour in zip(either, halves, strict=True) if not colour and n == 0)
        if paid_life > life:
            continue
        generic = base_generic + sum(n for (n, _), colour in zip(either, halves, strict=True) if not colour)
        specific = base_specific + [cs for (_, cs), colour in zip(either, halves, strict=True) if colour]
        found: set[tuple[tuple[str, int], ...]] = set()
        _payments_of(pool, generic, specific, limit, found)
        results |= {(*r, ("life", paid_life)) if paid_life else r for r in found}
    return [dict(r) for r in sorted(results)]


def pays(pool: Pool, cost: str, x: int, spent: Mapping[str, int], life: int) -> bool:
    """Whether spending exactly ``spent`` (mana by type, and "life") from ``pool`` pays ``cost``: checked
    directly, since ``payments`` lists only the first ways of a large pool (CR 601.2h: any way is legal)."""
    mana = {t: n for t, n in spent.items() if t != "life" and n}
    if any(t not in MANA_TYPES or n < 0 or n > pool.get(t, 0) for t, n in mana.items()):
        return False
    if spent.get("life", 0) > life:
        return False
    return any(dict(p) == {**mana, **({"life": spent["life"]} if spent.get("life") else {})}
               for p in payments(mana, cost, x, life=spent.get("life", 0)))


def _payments_of(pool: Pool, generic: int, specific: list[tuple[str, ...]], limit: int,
                 results: set[tuple[tuple[str, int], ...]]) -> None:
    avail = Counter({t: n for t, n in pool.items() if n > 0})

    def spend_specific(i: int, left: Counter[str], spent: Counter[str]) -> None:
        if len(results) >= limit:
            return
        if i == len(specific):
            if sum(left.values()) < generic:
                return
            kinds = sorted(left)
            # choose how much of each type pays the generic part
            def gen(j: int, need: int, acc: Counter[str]) -> None:
                if len(results) >= limit:
                    return
                if j == len(kinds):
                    if need == 0:
                        total = spent + acc
                        results.add(tuple(sorted((k, v) for k, v in total.items() if v)))
                    return
                for n in range(min(need, left[kinds[j]]), -1, -1):
                    acc2 = acc.copy()
                    acc2[kinds[j]] += n
                    gen(j + 1, need - n, acc2)
            gen(0, generic, Counter())
            return
        for t in specific[i]:
            if left[t] > 0:
                left2 = left.copy()
                left2[t] -= 1
                spent2 = spent.copy()
                spent2[t] += 1
                spend_specific(i + 1, left2, spent2)

    spend_specific(0, avail, Counter())


def pay(ctx: Ctx, player: int, cost: str, x: int, source: int | None, *, purpose: str | None = None) -> None:
    """Pay a mana cost from the player's pool; asks ``mana_payment`` when there is more than one way.

    ``purpose`` says what the mana is spent on, for mana with a spending restriction (CR 106.6): "cast"
    (casting the spell ``source``), "activate" (activating an ability of ``source``), None (any other
    cost: an "unless" cost or ward's, paid as an ability resolves, is spent on neither; Mishra's
    Workshop's ruling: not on "costs imposed after the spell is initially cast")."""
    if not parse_cost(cost):
        return
    p = ctx.game.players[player]
    usable = spendable(ctx.game, player, purpose, source)
    pool = _with_restricted(p.mana_pool, [p.restricted_mana[i] for i in usable])
    options = payments(pool, cost, x, life=p.life)
    if not options:
        if payments(_with_restricted(p.mana_pool, p.restricted_mana), cost, x, life=p.life):
            raise IllegalAction("106.6", f"{_restricted_text(ctx.game, p)} can't be spent on this "
                                         f"({cost}); the rest of the pool {dict(p.mana_pool)} can't pay it")
        raise IllegalAction("601.2h", f"the mana pool {dict(pool)} cannot pay {cost} (X={x})")
    if len(options) == 1:
        spent = options[0]
    else:
        answer = ctx.choose(Decision("mana_payment", player, source, tuple(options)))
        norm = {k: v for k, v in dict(answer).items() if v} if isinstance(answer, Mapping) else None
        if norm is None or (norm not in options and not pays(pool, cost, x, norm, p.life)):
            raise IllegalAction("601.2h", f"that payment ({answer}) does not pay {cost}")
        spent = norm
    _spend(ctx, player, spent, usable, purpose, source)


def _with_restricted(pool: Pool, restricted: Iterable[RestrictedMana]) -> dict[str, int]:
    """The pool's mana by type, counting these restricted mana too (CR 106.6: the type is unchanged)."""
    out = dict(pool)
    for m in restricted:
        out[m.type] = out.get(m.type, 0) + 1
    return out


def _restricted_text(game: Game, p: Player) -> str:
    sources = sorted({m.source.alias or m.source.card for m in p.restricted_mana})
    return "the mana from " + ", ".join(sources)


def spendable(game: Game, player: int, purpose: str | None, source: int | None) -> list[int]:
    """The restricted mana in ``player``'s pool that may be spent on this (CR 106.6), by index: "Spend
    this mana only to cast [a spell]" (``cast``, matched against the spell being cast) "or activate an
    ability of [an object]" (``activate``, matched against the ability's source), judged with the mana's
    source as it produced it: "the chosen type" is its choice, none chosen matches nothing (CR 607.2d;
    Secluded Courtyard's ruling: it "can't be spent on anything")."""
    mana = game.players[player].restricted_mana
    obj = game.objects.get(source) if source is not None else None
    out = []
    for i, m in enumerate(mana):
        if rider_only(m.restriction):
            out.append(i)
            continue
        if purpose not in ("cast", "activate") or obj is None:
            continue
        flt = m.restriction.get(purpose)
        if flt is not None and ch.matches(game, _restriction_filter(purpose, flt), obj, m.source, player):
            out.append(i)
    return out


def rider_only(restriction: Mapping[str, Any]) -> bool:
    """Mana with a rider but no "spend this mana only" (Boseiju, Who Shelters All: "If that mana is
    spent on an instant or sorcery spell, that spell can't be countered"): CR 106.6 lets it pay for
    anything; only the spell it is spent on gets the rider."""
    return "cast" not in restriction and "activate" not in restriction


def _restriction_filter(purpose: str, flt: Mapping[str, Any]) -> Mapping[str, Any]:
    """The filter a spending restriction's object is matched with (CR 106.6). A spell being cast is
    matched wherever it is. An ability's source keeps the filter's zone: "abilities of artifacts" or
    "of Elementals" names permanents on the battlefield (CR 109.2: a description with a card type or
    subtype but without 'card', 'spell' or 'source' means a permanent; Smokebraider's ruling: not
    Elemental sources that aren't on the battlefield), "of artifact sources" any zone (``"zone": "any"``,
    Steelswarm Operator's ruling: an artifact card in your hand or graveyard)."""
    if purpose == "cast":
        return {**flt, "zone": None}
    return flt


def _spend(ctx: Ctx, player: int, spent: Mapping[str, int], usable: list[int], purpose: str | None,
           source: int | None) -> None:
    """Take ``spent`` from the pool: of each type, the restricted mana that may pay it first, then the
    rest (the engine's choice where both could: listed in engine/README.md); a rider of the restricted
    mana spent applies to the spell it was spent on (CR 106.6: Cavern of Souls' "that spell can't be
    countered")."""
    p = ctx.game.players[player]
    need = {t: n for t, n in spent.items() if t != "life"}
    taken: list[int] = []
    for i in usable:
        t = p.restricted_mana[i].type
        if need.get(t, 0) > 0:
            need[t] -= 1
            taken.append(i)
    pool = dict(p.mana_pool)
    for t, n in need.items():
        if n:
            pool[t] -= n
    left = frozendict({t: n for t, n in pool.items() if n})
    rest = tuple(m for i, m in enumerate(p.restricted_mana) if i not in taken)
    life = spent.get("life", 0)
    ctx.game = ctx.game.with_player(player, replace(p, mana_pool=left, restricted_mana=rest,
                                                    life=p.life - life))
    if life:  # CR 119.4: paying life is losing it
        ctx.emit({"type": "life_changed", "player": player, "amount": -life})
    if purpose == "cast" and any(p.restricted_mana[i].restriction.get("spell_uncounterable") for i in taken):
        ctx.game = replace(ctx.game, stack=tuple(replace(s, info=s.info.set("uncounterable", True))
                                                 if s.kind == "spell" and s.id == source else s
                                                 for s in ctx.game.stack))


def only_restricted_pays(game: Game, player: int, cost: str) -> bool:
    """Whether ``cost``, spent on nothing a restriction allows (an "unless" cost), could be paid only if
    the pool's restricted mana could be spent on it: refused under CR 106.6, not for want of mana."""
    p = game.players[player]
    return (bool(p.restricted_mana) and not payments(p.mana_pool, cost, 0, life=p.life)
            and bool(payments(_with_restricted(p.mana_pool, p.restricted_mana), cost, 0, life=p.life)))


def is_mana_ability(ability: Mapping[str, Any]) -> bool:
    """CR 605.1a: no target, could add mana, not a loyalty ability."""
    if ability["kind"] != "activated" or ability.get("targets") or "loyalty" in ability.get("cost", {}):
        return False
    return any(e["do"].startswith("add_mana") for e in ability["effects"])


Visiting = frozenset[tuple[int, int]]  # (permanent, index of its mana ability) being asked on this path


def _static_amount(game: Game, eff: Mapping[str, Any], source: int | None, controller: int) -> int:
    """An effect's amount as if it resolved now (CR 106.7): a number, "for each [permanent]" counted now;
    X is 0 off the stack (107.3); other amounts count as 1."""
    value = eff.get("amount", 1)
    if isinstance(value, int):
        return value
    if value == "X":
        return 0
    if isinstance(value, Mapping) and "count" in value:
        src = game.objects.get(source) if source is not None else None
        flt = value["count"]
        return sum(1 for i in game.battlefield if ch.matches(game, flt, game.obj(i), src, controller))
    return 1


def _types_of_effect(game: Game, controller: int, eff: Mapping[str, Any], visiting: Visiting,
                     memo: dict[tuple[int, Visiting], set[str]] | None = None,
                     source: int | None = None) -> set[str]:
    do = eff["do"]
    if "amount" in eff and _static_amount(game, eff, source, controller) <= 0:
        return set()  # it would produce no mana now: no type (CR 106.7; Gaea's Cradle with no creatures)
    if do == "add_mana":
        return set(parse_cost(eff["mana"]))
    if do == "add_mana_any_color":  # "{G} or {W}": among those
        return set(parse_cost(eff["among"])) if "among" in eff else set(COLORS)
    if do == "add_mana_chosen_color":  # the source's chosen color, none if none was chosen
        chosen = game.objects[source].chosen_color if source is not None else None
        return ({chosen} if chosen else set()) | set(parse_cost(eff.get("or_mana", "")))
    if do == "add_mana_color_of" and source is not None:  # Chrome Mox: the colors of the card exiled with it
        return exiled_colors(game, source) if eff["what"] == "exiled_with_this" else set()
    if do == "add_mana_could_produce":
        if eff.get("lands") == "sacrificed":  # known only as the cost is paid
            return set()
        src = game.objects.get(source) if source is not None else None
        if "could_produce_of" in eff:  # "a basic land you control" (Star Compass), "a Gate you control"
            flt = eff["could_produce_of"]
            lands = [o for o in (game.objects[i] for i in game.battlefield)
                     if ch.matches(game, flt, o, src, controller)]
        else:
            lands = [o for o in (game.objects[i] for i in game.battlefield)
                     if ch.is_type(game, o, "Land")
                     and ((o.controller == controller) == (eff.get("lands", "you") == "you"))]
        found: set[str] = set()
        for land in lands:
            found |= could_produce(game, land.id, visiting, memo)
        return found & set(COLORS) if eff.get("of") == "color" else found
    return set()


def exiled_colors(game: Game, source: int) -> set[str]:
    """The colors of the cards exiled with this permanent by its linked ability (CR 607.2a), still in
    exile: what "one mana of any of the exiled card's colors" could produce now (106.7)."""
    o = game.objects[source]
    out: set[str] = set()
    for oid, epoch in game.exiled_with.get((o.id, o.epoch), ()):
        card = game.objects.get(oid)
        if card is not None and card.zone == "exile" and card.epoch == epoch:
            out |= set(ch.colors(game, card))
    return out


def could_produce(game: Game, oid: int, visiting: Visiting = frozenset(),
                  memo: dict[tuple[int, Visiting], set[str]] | None = None) -> set[str]:
    """CR 106.7: the types of mana this permanent could produce now.

    ``visiting`` holds the mana abilities already being asked about on this path (a permanent's other
    abilities still count: Gond Gate is itself "a Gate you control"); ``memo`` shares answers between
    paths, so chains of Reflecting Pools cost 2^n, not n!.
    """
    memo = {} if memo is None else memo
    key = (oid, visiting)
    if key in memo:
        return memo[key]
    o = game.obj(oid)
    out: set[str] = set()
    for i, ability in enumerate(ch.activated(game, o)):
        if not is_mana_ability(ability) or (oid, i) in visiting:
            continue
        tapped = bool(ability.get("cost", {}).get("tap"))
        for eff in ability["effects"]:
            n = _amount_of_effect(game, eff, oid, o.controller)
            for t in _types_of_effect(game, o.controller, eff, visiting | {(oid, i)}, memo, oid):
                out |= _replaced_types(game, oid, o.controller, t, tapped, n)
    memo[key] = out
    return out


def _amount_of_effect(game: Game, eff: Mapping[str, Any], source: int, controller: int) -> int:
    """How much mana one activation's effect would produce, for replacements that depend on the amount
    (Damping Sphere); X counts as 0 here, as off the stack (CR 107.3)."""
    n = _static_amount(game, eff, source, controller)
    return len(parse_cost(eff["mana"])) * (n if "amount" in eff else 1) if eff["do"] == "add_mana" else n


def asking(game: Game, source: int, eff: Mapping[str, Any]) -> Visiting:
    """The mana ability of ``source`` whose effect ``eff`` is asking what lands could produce."""
    o = game.objects.get(source)
    if o is None:
        return frozenset()
    return frozenset((source, i) for i, a in enumerate(ch.activated(game, o))
                     if any(e is eff for e in a.get("effects", ())))


def _replaced_types(game: Game, oid: int, player: int, mana_type: str, tapped: bool, n: int = 1) -> set[str]:
    """Types ``n`` mana of ``mana_type`` could become with the applicable replacements in any order."""
    event: dict[str, Any] = {"kind": "produce_mana", "source": oid, "player": player, "mana": {mana_type: n},
                             "tapped": tapped}
    cands = [r for r in replacement._candidates(game, event)]
    out: set[str] = set()

    def explore(ev: dict[str, Any], applied: frozenset[tuple[int, int, str]]) -> None:
        # CR 616.1e-f: after each one applies, the effects applicable now are checked again (Damping
        # Sphere applies once Mana Reflection has made two mana); every choice sequence is one order
        now = [r for r in cands if r.key not in applied and replacement._applies(game, r, ev)]
        if not now:
            out.update(t for t, n in ev["mana"].items() if n > 0)
            return
        for r in now:
            explore(replacement._modify(Ctx(game), r, ev), applied | {r.key})

    explore(event, frozenset())
    return out or {mana_type}


def produce(ctx: Ctx, source: int, player: int, mana: dict[str, int], *, tapped: bool,
            restriction: Mapping[str, Any] | None = None, source_lki: Obj | None = None) -> dict[str, int]:
    """Add mana to a pool after replacement effects (CR 106.12b); returns what was added.

    Producing zero mana (an undefined type, CR 106.7 / seed common-01) adds nothing and is no mana
    production event: "tapped for mana" triggers don't trigger (CR 106.12a). Mana with a ``restriction``
    (the ability's ``spend_only``) keeps it in the pool, all of it, replaced amounts too (CR 106.6a).
    """
    if not any(n > 0 for n in mana.values()):
        return {}
    event = replacement.run(ctx, {"kind": "produce_mana", "source": source, "player": player,
                                  "mana": dict(mana), "tapped": tapped, "source_lki": source_lki})
    added = {t: n for t, n in event["mana"].items() if n > 0}
    p = ctx.game.players[player]
    if restriction is not None:
        src = ctx.game.objects[source]
        units = tuple(RestrictedMana(t, src, restriction) for t, n in added.items() for _ in range(n))
        ctx.game = ctx.game.with_player(player, replace(p, restricted_mana=p.restricted_mana + units))
    else:
        pool = dict(p.mana_pool)
        for t, n in added.items():
            pool[t] = pool.get(t, 0) + n
        ctx.game = ctx.game.with_player(player, replace(p, mana_pool=frozendict(pool)))
    if added:
        ctx.emit({"type": "mana_added", "player": player, "mana": added, "source": source, "tapped": tapped})
    return added


def empty_pools(game: Game) -> Game:
    """CR 106.4: mana empties from each pool at the end of each step and phase."""
    for i, p in enumerate(game.players):
        if p.mana_pool or p.restricted_mana:
            game = game.with_player(i, replace(p, mana_pool=frozendict(), restricted_mana=()))
    return game


def pool_by_type(p: Player) -> dict[str, int]:
    """All the mana in a player's pool by type, restricted or not (CR 106.6 doesn't change its type)."""
    return _with_restricted(p.mana_pool, p.restricted_mana)


def choose_type(ctx: Ctx, player: int, source: int, types: set[str]) -> str | None:
    """Choose one of the types an ability may produce; None when no type is defined (CR 106.7)."""
    opts = tuple(t for t in MANA_TYPES if t in types)
    if not opts:
        return None
    answer = ctx.choose(Decision("mana_color", player, source, opts))
    if answer not in opts:
        raise IllegalAction("106.7", f"{answer} is not a type of mana this ability can produce now")
    return str(answer)
