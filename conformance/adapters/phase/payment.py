"""Paying mana for the phase adapter: phase's manual payment (``payment_mode: Manual``) answered from the
mana pool only, and the check that its automatic payment tapped nothing (docs/adapters-notes.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from conformance.adapters.common import Rejected, Unanswered, by_alias
from conformance.adapters.phase.view import PhaseRunView
from conformance.adapters.phase.vocab import COLOR_OF_SYMBOL, PROMPTS, SYMBOL_OF_COLOR, payment_candidates

PAYMENT_CAP = 24  # most candidate payments phase is asked to judge for one cost (each costs a load_game)


def mana_sources(events: Any) -> set[Any]:
    """The permanents phase activated a mana ability of (AbilityActivated kind Mana; TappedForMana), as
    its automatic payment does (a triggered mana ability, e.g. Heartbeat of Spring's, is neither)."""
    return {(e.get("data") or {}).get("source_id") for e in events or []
            if e.get("type") == "TappedForMana"
            or (e.get("type") == "AbilityActivated" and (e.get("data") or {}).get("kind") == "Mana")}


# ---------------------------------------------------------------- one run


CONVOKE_UNIT = "ConvokePayment"  # phase's restriction on the mana a creature tapped for convoke adds


def _pool(g: Any, seat: int) -> list[dict[str, Any]]:
    """The player's pool units, without those convoking creatures added for the payment under way."""
    units = g.player(seat)["mana_pool"]["mana"]
    return [u for u in units if CONVOKE_UNIT not in (u.get("restrictions") or [])]


def has_convoke(run: PhaseRunView, oid: int) -> bool:
    card = run.cards.get(str(run.g.object(oid).get("name")))
    return any(a.get("kind") == "keyword" and a.get("keyword") == "Convoke"
               for a in (card.get("abilities") if card else None) or [])


def convoke(run: PhaseRunView, seat: int) -> None:
    """phase's ManaPayment with convoke_mode Convoke: the case's convoke decision ({creature: "generic" or a
    color}, CR 702.51a) as TapForConvoke actions (generic is phase's "Colorless"); each creature tapped
    adds a unit restricted to this payment (phase spends it: it can't be pinned); the rest is paid from
    the pool (pay_mana, which leaves those units out).
    The options are the creatures phase lets pay some of the cost; none: nothing to ask."""
    player = run.player_of(seat)
    source_id = run.context
    source = run.ref_of(source_id) if source_id is not None else None
    creatures = list(dict.fromkeys(int(d["object_id"]) for d in _convoke_offers(run)))
    options = [run.ref_of(c) for c in creatures]

    index = run.book.match("convoke", player, _names(run, source_id))
    run.convoked = True
    if index is None:
        if creatures:  # a choice the case doesn't answer
            run.book.stop("convoke", player, source, options)
            raise Unanswered("convoke")
        return
    answer = run.book.entries[index]["answer"]
    run.book.record("convoke", player, source, options, answer, index, False)
    for ref, pays in by_alias(answer or {}).items():
        oid = int(run.object_id(ref))
        mana_type = "Colorless" if pays == "generic" else COLOR_OF_SYMBOL.get(str(pays), str(pays))
        if {"object_id": oid, "mana_type": mana_type} not in _convoke_offers(run):  # asked as it is now
            raise Rejected(f"convoke: phase doesn't let {ref} pay {pays} of what is left of the cost",
                           "702.51a")
        run.apply(seat, {"type": "TapForConvoke", "data": {"object_id": oid, "mana_type": mana_type}})


def _names(run: PhaseRunView, source_id: int | None) -> Callable[[object], bool]:
    """Whether a decision entry's ``source`` ref names this spell (DecisionBook.match)."""
    def source_matches(ref: object) -> bool:
        try:
            return source_id is not None and run.resolve_ref(ref) == {"Object": source_id}
        except Rejected:
            return False
    return source_matches


def _convoke_offers(run: PhaseRunView) -> list[dict[str, Any]]:
    return [a.to_dict()["data"] for a in run.g.actions() if a.to_dict().get("type") == "TapForConvoke"]


def _less_convoked(cost: Any, units: list[dict[str, Any]]) -> Any:
    """What is left of phase's cost ({generic, shards}) once the convoking creatures' units pay their part:
    a colored unit one shard of its color, a colorless one a generic mana."""
    if not isinstance(cost, dict):
        return cost
    generic, shards = int(cost.get("generic") or 0), list(cost.get("shards") or [])
    for u in units:
        if CONVOKE_UNIT not in (u.get("restrictions") or []):
            continue
        if u.get("color") in shards:
            shards.remove(u["color"])
        elif generic > 0:
            generic -= 1
    return {**cost, "generic": generic, "shards": shards}


def _by_symbol(units: list[dict[str, Any]]) -> dict[str, int]:
    pool: dict[str, int] = {}
    for u in units:
        sym = SYMBOL_OF_COLOR.get(str(u.get("color")), "C")
        pool[sym] = pool.get(sym, 0) + 1
    return pool


def pool_units(run: PhaseRunView, seat: int) -> tuple[list[dict[str, Any]], dict[str, int]]:
    units = _pool(run.g, seat)
    return units, _by_symbol(units)


def scripted_payment(run: PhaseRunView, seat: int, oid: int) -> bool:
    """Whether an unused mana_payment entry of the case names this spell as its source: then it is cast
    with payment_mode Manual. Not always: phase 0.103.0 loses a "becomes the target" trigger (ward) of
    a spell paid manually (it reports BecomesTarget while targets are chosen, before ManaPayment, and
    puts no trigger on the stack once paid; with Auto the trigger is put on the stack)."""
    player = run.player_of(seat)
    for i, e in enumerate(run.book.entries):
        if i in run.book.used or e.get("kind") != "mana_payment" or e.get("source") is None:
            continue
        if e.get("player") is not None and e["player"] != player:
            continue
        try:
            if run.resolve_ref(e["source"]) == {"Object": oid}:
                return True
        except Rejected:
            continue
    return False

def refuse_auto_tapping(run: PhaseRunView, events: Any) -> None:
    """phase paying by itself (Auto) activated a mana ability of another permanent: the pool did not
    pay the cost, and the adapter never taps a source for the player (spec/README.md 1.3: mana
    abilities are activated before), so the step is refused."""
    tapped = mana_sources(events) - {run.watch_mana}
    if tapped:
        names = sorted(str(run.ref_of(t)) for t in tapped)
        raise Rejected(f"the mana pool does not pay the cost: phase's automatic payment tapped {names} "
                       "for mana (the adapter pays from the pool only: mana abilities come before)",
                       "601.2h")

def pay_mana(run: PhaseRunView, seat: int) -> None:
    """phase's ManaPayment prompt (a spell cast with payment_mode Manual): pay from the pool only
    (spec/README.md 1.3: mana abilities are activated before, the adapter never taps a source). The
    units paid are pinned (SpendPoolMana) and the payment made by passing; phase then asks the
    Phyrexian symbols (PhyrexianPayment) and spends. The ways to pay are the candidate payments phase
    accepts (_payment_options): one is paid without asking; with more (or too many to try) the case's
    mana_payment entry answers (spec/README.md 1.4), else the decision is unanswered; none: refused."""
    player = run.player_of(seat)
    source_id = run.context
    source = run.ref_of(source_id) if source_id is not None else None
    units, pool = pool_units(run, seat)
    options = payment_options(run, seat, units, pool)
    if options == []:
        raise Rejected(f"mana_payment: phase's manual payment cannot pay the cost from the pool {pool} "
                       "(the adapter pays from the pool only: mana abilities come before casting)",
                       "601.2h")
    if options is not None and len(options) == 1:
        answer: object = options[0]
        run.book.record("mana_payment", player, source, options, answer, None, True)
    else:
        index = run.book.match("mana_payment", player, _names(run, source_id))
        if index is None:
            run.book.stop("mana_payment", player, source, options)
            raise Unanswered("mana_payment")
        answer = run.book.entries[index]["answer"]
        run.book.record("mana_payment", player, source, options, answer, index, False)
    if not isinstance(answer, dict):
        raise Rejected(f"mana_payment: {answer!r} is not a payment")
    for pip in pips(units, pool, answer):
        run.apply(seat, {"type": "SpendPoolMana", "data": {"pip_id": pip}})
    run.paying = (answer, seat, pool)
    check_paid(run, run.apply(seat, {"type": "PassPriority"}))

def pips(units: list[dict[str, Any]], pool: dict[str, int], answer: Mapping[str, object]) -> list[int]:
    """The pool's units (pip ids) that make the mana of ``answer``."""
    pips: list[int] = []
    for sym, n in answer.items():
        if sym == "life" or not n:
            continue
        if sym not in COLOR_OF_SYMBOL or not isinstance(n, int) or pool.get(sym, 0) < n:
            raise Rejected(f"mana_payment: {answer} is not in the mana pool {pool}", "601.2h")
        pips += [int(u["pip_id"]) for u in units if u.get("color") == COLOR_OF_SYMBOL[sym]][:n]
    return pips

def check_paid(run: PhaseRunView, result: Any) -> None:
    """After phase took a payment chosen at ManaPayment: it must have spent exactly that mana from the
    pool and activated no mana ability (its Manual payment taps sources for what the pinned units
    don't pay)."""
    if run.paying is None:
        return
    answer, seat, before = run.paying
    tapped = mana_sources(result.events)
    if tapped:
        run.paying = None
        raise Rejected(f"mana_payment: {answer} from the pool does not pay the cost: phase tapped "
                       f"{sorted(str(run.ref_of(t)) for t in tapped)} for mana to pay the rest (the "
                       "adapter pays from the pool only)", "601.2h")
    if run.waiting().get("type") in ("ManaPayment", "PhyrexianPayment"):
        return
    run.paying = None
    after = pool_units(run, seat)[1]
    spent = {k: n - after.get(k, 0) for k, n in before.items() if n - after.get(k, 0)}
    want = {k: n for k, n in answer.items() if k != "life" and n}
    if spent != want:
        raise Rejected(f"mana_payment: phase spent {spent} from the pool, not the {want} chosen",
                       "601.2h")

def payment_options(run: PhaseRunView, seat: int, units: list[dict[str, Any]],
                     pool: dict[str, int]) -> list[dict[str, int]] | None:
    """The ways phase's manual payment pays the pending cast's cost from the pool (spec options of
    mana_payment: mana by symbol, "life" 2 per Phyrexian symbol). Candidates are bounded by the
    cost (vocab.payment_candidates) over the types phase lets pay part of it (SpendPoolMana
    refuses the others); with more than one, each is tried on a copy of the game. None: unknown."""
    state = run.g.state()
    cost = (state["state"].get("pending_cast") or {}).get("cost")
    if cost is None:
        return None
    cost = _less_convoked(cost, run.g.player(seat)["mana_pool"]["mana"])
    probe = run.engine.load_game(state)
    accepted: dict[str, int] = {}
    for sym, n in pool.items():
        pip = next(u["pip_id"] for u in units if SYMBOL_OF_COLOR.get(str(u.get("color")), "C") == sym)
        try:
            probe.apply(seat, {"type": "SpendPoolMana", "data": {"pip_id": pip}})
            accepted[sym] = n
        except ValueError:
            pass
    candidates = payment_candidates(cost, accepted, PAYMENT_CAP)
    if candidates is None or len(candidates) <= 1:
        return candidates
    return [c for c in candidates if pays(run, state, seat, units, pool, c)]

def pays(run: PhaseRunView, state: Any, seat: int, units: list[dict[str, Any]], pool: dict[str, int],
          candidate: dict[str, int]) -> bool:
    """Whether phase, on a copy of the game, takes exactly ``candidate`` from the pool for the cost."""
    g = run.engine.load_game(state)
    try:
        for pip in pips(units, pool, candidate):
            g.apply(seat, {"type": "SpendPoolMana", "data": {"pip_id": pip}})
        events = list(g.apply(seat, {"type": "PassPriority"}).events or [])
        w = dict(g.waiting_for())
        if w.get("type") == "PhyrexianPayment":
            action = PROMPTS["PhyrexianPayment"][2](run, w.get("data") or {}, candidate)
            events += list(g.apply(seat, action).events or [])
            w = dict(g.waiting_for())
    except (ValueError, Rejected):
        return False
    if w.get("type") in ("ManaPayment", "PhyrexianPayment"):
        return False
    if mana_sources(events):
        return False
    after = _by_symbol(_pool(g, seat))
    spent = {k: n - after.get(k, 0) for k, n in pool.items() if n - after.get(k, 0)}
    return spent == {k: n for k, n in candidate.items() if k != "life" and n}
