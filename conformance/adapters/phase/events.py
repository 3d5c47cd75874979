"""Reading phase's event batches: which ManaAdded events are one production, whether a
StackResolved was a fizzle (CR 608.2b), and the counter changes phase made without an event (wither,
CR 704.5q annihilation), derived from its state. Used by the driver (engine.PhaseRun) as it maps
phase's events to the case's."""

from __future__ import annotations

from typing import Any

from conformance.adapters.common import counter_to_case
from conformance.adapters.phase.view import PhaseRunView
from conformance.adapters.phase.vocab import EVENTS, SYMBOL_OF_COLOR, attached_events, infect_giver
from conformance.documents import Event


def battlefield_counters(run: PhaseRunView) -> dict[int, dict[str, int]]:
    """The counters on each permanent, in the case's terms."""
    return {int(o["id"]): {counter_to_case(str(k)): int(n) for k, n in (o.get("counters") or {}).items()}
            for o in run.g.battlefield() if isinstance(o.get("id"), int)}


def derived_counters(
    run: PhaseRunView, before: dict[int, dict[str, int]], raw: list[dict[str, Any]]
) -> list[Event]:
    """Counter changes phase made without an event (wither damage's -1/-1 counters, +1/+1 and -1/-1
    counters annihilating, CR 704.5q): for each permanent on the battlefield before and after the
    action, the change of its counters in phase's state less what its CounterAdded/CounterRemoved
    events reported, as counters_put/counters_removed marked ``derived`` (spec/README.md 2.2). ``by``
    is the controller of a source that dealt the permanent damage in the action, when one did."""
    reported: dict[tuple[int, str], int] = {}
    damaged_by: dict[int, Any] = {}
    for ev in raw:
        t, d = ev.get("type"), ev.get("data") or {}
        if t in ("CounterAdded", "CounterRemoved") and isinstance(d.get("object_id"), int):
            key = (d["object_id"], counter_to_case(str(d.get("counter_type"))))
            n = int(d.get("count") or 0)
            reported[key] = reported.get(key, 0) + (n if t == "CounterAdded" else -n)
        target = d.get("target") if t == "DamageDealt" else None
        if isinstance(target, dict) and isinstance(target.get("Object"), int):
            damaged_by.setdefault(target["Object"], d.get("source_id"))
    after = battlefield_counters(run)
    for ev in raw:  # a permanent that left: its counters as it last was on the battlefield
        d = ev.get("data") or {}
        left = ev.get("type") == "ZoneChanged" and d.get("from") == "Battlefield"
        if left and d.get("object_id") in before:
            lki = (((d.get("record") or {}).get("trigger_source_context") or {}).get("lki") or {})
            after[d["object_id"]] = {counter_to_case(str(k)): int(n)
                                     for k, n in (lki.get("counters") or {}).items()}
    out: list[Event] = []
    for oid, now in after.items():
        if oid not in before:
            continue
        changes = {c: now.get(c, 0) - before[oid].get(c, 0) - reported.get((oid, c), 0)
                   for c in sorted(set(now) | set(before[oid]))}
        put, removed = annihilated(changes, now)
        for kind, counter, n in [*(("counters_put", c, n) for c, n in put.items()),
                                 *(("counters_removed", c, n) for c, n in removed.items())]:
            event: Event = {"type": kind, "object": run.ref_of(oid), "counter": counter, "amount": n}
            if kind == "counters_put" and oid in damaged_by:
                event["by"] = run.controller_now(damaged_by[oid])
            event["derived"] = True
            out.append(event)
    return out


def same_production(raw: list[dict[str, Any]], i: int) -> bool:
    """phase reports each mana of a production as its own ManaAdded (nine for {R} made nine by two
    Nyxblooms), applying a replacement to each mana in turn (ReplacementApplied{event_type:
    ProduceMana} before each mana's ManaAdded events), then closes the production with
    ManaAbilityProduced (a mana ability) or EffectResolved{kind: Mana} (a triggered one). A ManaAdded
    after one from the same player, source and tap_state, with nothing but such replacements between,
    is part of the same production (spec: one mana_added per production, the whole amount)."""
    if raw[i].get("type") != "ManaAdded":
        return False
    j = i - 1
    while j >= 0 and raw[j].get("type") == "ReplacementApplied" \
            and (raw[j].get("data") or {}).get("event_type") == "ProduceMana":
        j -= 1
    if j < 0 or raw[j].get("type") != "ManaAdded":
        return False
    a, b = raw[j].get("data") or {}, raw[i].get("data") or {}
    return all(a.get(k) == b.get(k) for k in ("player_id", "source_id", "tap_state"))


def production(raw: list[dict[str, Any]], i: int) -> dict[str, int]:
    """The mana of the production whose first ManaAdded is raw[i], by symbol."""
    mana: dict[str, int] = {}
    j = i
    while j < len(raw):
        t = raw[j].get("type")
        if t == "ManaAdded" and (j == i or same_production(raw, j)):
            sym = SYMBOL_OF_COLOR.get(str((raw[j].get("data") or {}).get("mana_type")), "C")
            mana[sym] = mana.get(sym, 0) + 1
        elif not (t == "ReplacementApplied"
                  and (raw[j].get("data") or {}).get("event_type") == "ProduceMana"):
            break
        j += 1
    return in_symbol_order(mana)


MANA_ORDER = "WUBRGC"


def in_symbol_order(mana: dict[str, int]) -> dict[str, int]:
    """An amount of mana with its symbols in WUBRG then C order: phase lists the mana of one production
    in an order that changes from run to run (a Rust HashMap's), which carries no meaning."""
    return {k: mana[k] for k in sorted(mana, key=lambda k: (MANA_ORDER.find(k) if k in MANA_ORDER else 9, k))}


def fizzled(run: PhaseRunView, raw: list[dict[str, Any]], i: int) -> bool:
    """Whether phase's StackResolved raw[i] is a spell or ability that did not resolve because all its
    targets had become illegal (CR 608.2b). phase reports both as StackResolved; the difference it
    shows: a resolution reports what it did (EffectResolved, or a permanent spell's move to the
    battlefield) before its StackResolved, a fizzle reports nothing but the spell going to the
    graveyard. Only a stack object that had targets is judged so; a resolution that stops for a prompt
    (phase reports StackResolved before the prompt and the effect's events after) is not a fizzle."""
    oid = (raw[i].get("data") or {}).get("object_id")
    if oid not in run.stack_targeted:
        return False
    start = next((j + 1 for j in range(i - 1, -1, -1) if raw[j].get("type") == "StackResolved"), 0)
    for ev in raw[start:i]:
        t, d = ev.get("type"), ev.get("data") or {}
        if t in ("EffectResolved", "SpellCountered"):
            return False
        if t == "ZoneChanged" and d.get("object_id") == oid and d.get("to") not in ("Graveyard", "Exile"):
            return False
    return run.waiting().get("type") in ("Priority", "GameOver")


def annihilated(changes: dict[str, int], now: dict[str, int]) -> tuple[dict[str, int], dict[str, int]]:
    """Counters put and removed, from the net ``changes`` of an object's counters. When one of +1/+1 and
    -1/-1 went down while the other went up, the state-based action of CR 704.5q removed N of each after
    the other kind was put: N is what the kind that went down lost, and what was put is the other's net
    change plus N (wither damage 3 to a creature with two +1/+1 counters: 3 put, 2 and 2 removed). When
    the other kind did not change (a put exactly annihilated), the state cannot tell that from a plain
    removal: only the removal is reported."""
    put = {c: n for c, n in changes.items() if n > 0}
    removed = {c: -n for c, n in changes.items() if n < 0}
    for down, up in (("+1/+1", "-1/-1"), ("-1/-1", "+1/+1")):
        n = removed.get(down, 0)
        if n and put.get(up, 0) > 0 and not (now.get(down, 0) and now.get(up, 0)):
            put[up] += n
            removed[up] = n
            break
    return put, removed

def chain_has_targets(ability: Any) -> bool:
    """Whether a stack entry's ability or one of its ``sub_ability`` links has targets: phase chains a
    modal spell's chosen modes (Fiery Confluence's third mode targets, its first two don't), and CR
    608.2b applies to the spell as a whole."""
    while isinstance(ability, dict):
        if ability.get("targets"):
            return True
        ability = ability.get("sub_ability")
    return False


def chain_targets(ability: Any) -> list[Any]:
    """The targets of a stack entry's ability and of every ``sub_ability`` link, in chain order: phase
    keeps each "target" word's choice in the link whose effect it is (Serpentine Spike's three
    targets sit in three links; Nissa's lands in the link after its creatures). A link that refers
    back to a parent's target ("untap it": ParentTarget) holds none of its own."""
    found: list[Any] = []
    while isinstance(ability, dict):
        found += ability.get("targets") or []
        ability = ability.get("sub_ability")
    return found


def names(raw: list[dict[str, Any]]) -> dict[int, str]:
    """The names a batch's records give its objects (ZoneChanged's record, TokenCreated's name)."""
    found: dict[int, str] = {}
    for ev in raw:
        d = ev.get("data") or {}
        oid, name = d.get("object_id"), (d.get("record") or {}).get("name") or d.get("name")
        if isinstance(oid, int) and isinstance(name, str):
            found.setdefault(oid, name)
    return found


def enters_next(raw: list[dict[str, Any]], i: int, oid: Any) -> bool:
    """Whether the counters of raw[i] are put on ``oid`` as it enters: the next event other than more
    counters or a replacement is its ZoneChanged to the battlefield (CR 122.6, 614.1c)."""
    for ev in raw[i + 1:]:
        t = ev.get("type")
        if t in ("CounterAdded", "ReplacementApplied"):
            continue
        d = ev.get("data") or {}
        return bool(t == "ZoneChanged" and d.get("to") == "Battlefield" and d.get("object_id") == oid)
    return False


def turn_at(raw: list[dict[str, Any]], i: int, now: Any) -> Any:
    """The turn raw[i] happened in: a batch may cross turns (passing in the end step runs cleanup, the
    next turn's untap, upkeep and draw), and phase's game says only the turn it ends in. That is the
    turn_number of the last TurnStarted{player_id, turn_number} up to raw[i], else the one before the
    first after it, else the game's turn now."""
    def number(ev: dict[str, Any]) -> Any:
        return (ev.get("data") or {}).get("turn_number")

    before = [number(ev) for ev in raw[:i + 1] if ev.get("type") == "TurnStarted"]
    if before and isinstance(before[-1], int):
        return before[-1]
    after = next((number(ev) for ev in raw[i + 1:] if ev.get("type") == "TurnStarted"), None)
    return after - 1 if isinstance(after, int) else now


def translate(run: PhaseRunView, raw: list[dict[str, Any]]) -> tuple[list[Event], int | None]:
    """One batch of phase's events in the spec's vocabulary, and the permanent phase will ask an "as this
    enters, choose ..." for (phase asks it after the move: EffectResolved{Choose} of what entered)."""
    out_events: list[Event] = []
    entering_choice: int | None = None
    entered: int | None = None  # object whose move to the battlefield was just reported
    entered_now: set[int] = set()  # the objects this batch moved to the battlefield
    for i, ev in enumerate(raw):
        t, d = ev.get("type"), ev.get("data") or {}
        if t == "ManaAdded" and same_production(raw, i):
            continue  # counted in the production's one mana_added (see same_production)
        mapper = EVENTS.get(str(t))
        out = mapper(run, d) if mapper is not None else None
        if t == "ManaAdded" and out is not None:
            out["mana"] = production(raw, i)
        if t == "PhaseChanged" and out is not None:
            out["turn"] = turn_at(raw, i, run.g.turn)
        if t == "StackResolved" and out is not None and fizzled(run, raw, i):
            out["type"] = "did_not_resolve"
        if t in ("PlayerCounterChanged", "EnergyChanged") and out is not None:
            # phase's PlayerCounterChanged and EnergyChanged name no actor; the player action they are
            # part of (e.g. PlayerPerformedAction Proliferate) follows in the batch and says who acted;
            # poison from infect damage is given by the damage source's controller (CR 702.90b)
            actor = next((e["data"].get("player_id") for e in raw[i + 1:]
                          if e.get("type") == "PlayerPerformedAction"), None)
            if out["type"] == "counters_put":
                infect = infect_giver(run, raw, i)
                out["by"] = run.player_of(infect if infect is not None else actor)
        if t == "EffectResolved" and d.get("kind") == "Choose" and d.get("source_id") in entered_now:
            entering_choice = d.get("source_id")
        if t == "EffectResolved" and d.get("kind") == "Attach":  # names no object: see attached_events
            out_events.extend(attached_events(run))
        if t == "CounterAdded" and out is not None and (
                d.get("object_id") == entered or enters_next(raw, i, d.get("object_id"))):
            # phase applies "enters with counters" replacements (CR 614.1c) to the move itself and reports
            # their counters right after the ZoneChanged (a token created with counters: just before it),
            # before anything else happens: the object is given counters as it enters (CR 122.6).
            # Counters put later (after other events, or in a later batch) are not marked.
            out["entering"] = True
        if t == "ZoneChanged" and d.get("to") == "Battlefield":
            entered = d.get("object_id")
            entered_now.add(int(d.get("object_id", -1)))
        elif t not in ("CounterAdded", "ReplacementApplied"):
            entered = None
        if out is not None:
            out_events.append(out)
    return out_events, entering_choice
