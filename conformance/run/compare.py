"""Compare an observation (spec/README.md section 2) with a case's ``expect`` (section 1.5).

The runner, never the engine, compares. Every way the observation falls short is one
:class:`~conformance.interface.Difference`, named in the case's own words (``objects.bear.counters``,
``players.alice.life``, ``steps[2]``, ``decisions[1]``, ``events.include[0]``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

from conformance.documents import (
    Case,
    DecisionEntry,
    EventPattern,
    EventsExpect,
    ObjectExpect,
    Observation,
    PlayerExpect,
    StackItemExpect,
    View,
)
from conformance.interface import Difference

OBJECT_FIELDS = ("zone", "controller", "owner", "tapped", "power", "toughness", "loyalty", "damage",
                 "attached_to")
PLAYER_FIELDS = ("life", "crimes_committed", "hand_size", "library_size", "graveyard_size", "lost")
QUERY_FIELDS = ("name", "controller", "owner", "zone", "token")


class MalformedObservation(ValueError):
    """The engine's observation does not have the shape of spec/README.md section 2."""


def show(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


# The observation is the engine's: read defensively, any part of it may have another shape.
def _d(value: object) -> dict[str, object]:
    return value if isinstance(value, dict) else {}


def _l(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def nonzero(amounts: object) -> dict[str, object]:
    """Counters / mana with kinds at 0 dropped: a missing kind and 0 are the same."""
    return {k: v for k, v in _d(amounts).items() if v != 0}


def describe_decision(entry: Mapping[str, object]) -> str:
    parts = [f"kind {entry.get('kind')}"]
    for key in ("player", "source"):
        if entry.get(key) is not None:
            parts.append(f"{key} {show(entry[key]) if not isinstance(entry[key], str) else entry[key]}")
    if entry.get("options") is not None:
        parts.append(f"options {show(entry['options'])}")
    return ", ".join(parts)


def describe_action(action: object) -> str:
    action = _d(action)
    name = str(action.get("action", "?"))
    rest = ", ".join(
        f"{k} {show(v) if not isinstance(v, str) else v}"
        for k, v in action.items()
        if k not in ("action", "note")
    )
    return f"{name} ({rest})" if rest else name


# -- queries and refs --------------------------------------------------------------------------------
def matches_query(obj: Mapping[str, object], query: Mapping[str, object]) -> bool:
    return all(obj.get(key) == query[key] for key in QUERY_FIELDS if key in query)


def find_objects(projection: object, query: object) -> list[dict[str, object]]:
    return [
        o for o in _l(_d(projection).get("objects")) if isinstance(o, dict) and matches_query(o, _d(query))
    ]


def object_by_ref(projection: object, ref: str) -> dict[str, object] | None:
    for obj in _l(_d(projection).get("objects")):
        if isinstance(obj, dict) and obj.get("ref") == ref:
            return obj
    return None


def resolve_ref(projection: object, ref: object) -> object:
    """An expected ref as the projection writes refs: an alias stays; a ``find`` query becomes the
    ``ref`` of the one object it matches (or a description when it matches none or several)."""
    if isinstance(ref, dict) and "find" in ref:
        found = find_objects(projection, ref["find"])
        if len(found) == 1:
            return found[0].get("ref")
        return f"<{len(found)} objects match {show(ref['find'])}>"
    if isinstance(ref, dict) and "ability_of" in ref:  # an ability on the stack, named by its source
        return {"ability_of": resolve_ref(projection, ref["ability_of"])}
    return ref


# -- views ---------------------------------------------------------------------------------------
def compare_object(where: str, spec: ObjectExpect, obj: Mapping[str, object] | None) -> Iterator[Difference]:
    if obj is None:
        if spec.get("exists", True) is not False:
            yield Difference(
                where,
                {k: v for k, v in spec.items()},
                None,
                "object no longer exists (it is absent from the projection)",
            )
        return
    if spec.get("exists") is False:
        yield Difference(
            f"{where}.exists",
            False,
            True,
            f"object still exists (in zone {obj.get('zone')}) but the case expects it gone",
        )
    fields: Mapping[str, object] = spec
    for key in OBJECT_FIELDS:
        if key in fields and obj.get(key) != fields[key]:
            yield Difference(f"{where}.{key}", fields[key], obj.get(key))
    if "phased_out" in spec and bool(obj.get("phased_out")) != spec["phased_out"]:  # absent: phased in
        yield Difference(f"{where}.phased_out", spec["phased_out"], bool(obj.get("phased_out")))
    if "counters" in spec:
        expected, observed = nonzero(spec["counters"]), nonzero(obj.get("counters"))
        if expected != observed:
            kinds = sorted({*expected, *observed})
            detail = "; ".join(
                f"{k}: expected {expected.get(k, 0)}, observed {observed.get(k, 0)}"
                for k in kinds
                if expected.get(k, 0) != observed.get(k, 0)
            )
            yield Difference(f"{where}.counters", expected, observed, detail)
    have = {str(k).casefold() for k in _l(obj.get("keywords"))}
    if "keywords" in spec:
        missing = [k for k in spec["keywords"] if str(k).casefold() not in have]
        if missing:
            yield Difference(
                f"{where}.keywords", spec["keywords"], obj.get("keywords"), "missing " + ", ".join(missing)
            )
    if "not_keywords" in spec:
        present = [k for k in spec["not_keywords"] if str(k).casefold() in have]
        if present:
            yield Difference(
                f"{where}.not_keywords",
                spec["not_keywords"],
                obj.get("keywords"),
                "has " + ", ".join(present),
            )


def compare_player(where: str, spec: PlayerExpect, player: object) -> Iterator[Difference]:
    if not isinstance(player, dict):
        yield Difference(where, dict(spec), None, "player is not in the projection")
        return
    fields: Mapping[str, object] = spec
    for key in PLAYER_FIELDS:
        if key in fields and player.get(key) != fields[key]:
            yield Difference(f"{where}.{key}", fields[key], player.get(key))
    for key in ("counters", "mana_pool"):
        if key in fields:
            expected, observed = nonzero(fields[key]), nonzero(player.get(key))
            if expected != observed:
                yield Difference(f"{where}.{key}", expected, observed)


def compare_view(prefix: str, view: View, observed: object) -> Iterator[Difference]:
    """``objects``, ``players``, ``find``, ``stack``, ``step``, ``active_player``, ``priority``."""
    projection = _d(observed)
    for alias, spec in view.get("objects", {}).items():
        yield from compare_object(f"{prefix}objects.{alias}", spec, object_by_ref(projection, alias))
    players = _d(projection.get("players"))
    for alias, player_spec in view.get("players", {}).items():
        yield from compare_player(f"{prefix}players.{alias}", player_spec, players.get(alias))
    for i, item in enumerate(view.get("find", [])):
        query = item.get("query", {})
        found = find_objects(projection, query)
        where = f"{prefix}find[{i}]"
        if "count" in item and len(found) != item["count"]:
            yield Difference(
                f"{where}.count",
                item["count"],
                len(found),
                f"{len(found)} objects match {show(query)}: {[o.get('ref') for o in found]}",
            )
        elif "count" not in item and not found:
            yield Difference(where, "at least one object", 0, f"no object matches {show(query)}")
        for obj in found:
            yield from compare_object(f"{where}[{obj.get('ref')}]", item.get("each", {}), obj)
    if "stack" in view:
        yield from compare_stack(f"{prefix}stack", view["stack"], projection)
    fields: Mapping[str, object] = view
    for key in ("step", "active_player", "priority"):
        if key in fields and projection.get(key) != fields[key]:
            yield Difference(f"{prefix}{key}", fields[key], projection.get(key))


def compare_stack(
    where: str, expected: list[StackItemExpect], projection: dict[str, object]
) -> Iterator[Difference]:
    observed = _l(projection.get("stack"))
    if len(observed) != len(expected):
        yield Difference(
            f"{where}",
            expected,
            observed,
            f"the stack holds {len(observed)} objects, the case expects {len(expected)}",
        )
        return
    for i, (spec, observed_item) in enumerate(zip(expected, observed, strict=True)):
        fields: Mapping[str, object] = spec
        item = _d(observed_item)
        for key in ("kind", "controller"):
            if key in fields and item.get(key) != fields[key]:
                yield Difference(f"{where}[{i}].{key}", fields[key], item.get(key))
        if "source" in spec:
            want = resolve_ref(projection, spec["source"])
            if item.get("source") != want:
                yield Difference(f"{where}[{i}].source", want, item.get("source"))
        if "targets" in spec:
            want_targets = [resolve_ref(projection, t) for t in spec["targets"]]
            if _l(item.get("targets")) != want_targets:
                yield Difference(f"{where}[{i}].targets", want_targets, item.get("targets"))


# -- events --------------------------------------------------------------------------------------
def event_matches(pattern: EventPattern, event: object) -> bool:
    """Every field the pattern gives is equal in the event (a partial event). ``derived`` (an event the
    adapter read from the engine's state, spec/README.md 2.2) is not matched: such an event counts like
    one the engine emitted, and the report shows the field with the event."""
    return isinstance(event, dict) and all(
        k == "derived" or (k in event and event[k] == v) for k, v in pattern.items())


def _near(pattern: EventPattern, events: list[object], limit: int = 5) -> list[object]:
    return [e for e in events if _d(e).get("type") == pattern.get("type")][:limit]


def compare_events(spec: EventsExpect, events: list[object]) -> Iterator[Difference]:
    for i, pattern in enumerate(spec.get("include", [])):
        if not any(event_matches(pattern, e) for e in events):
            near = _near(pattern, events)
            yield Difference(
                f"events.include[{i}]",
                pattern,
                near,
                f"no event matches {show(pattern)}"
                + (f"; events of that type: {show(near)}" if near else "; no event of that type"),
            )
    for i, pattern in enumerate(spec.get("exclude", [])):
        hits = [e for e in events if event_matches(pattern, e)]
        if hits:
            yield Difference(
                f"events.exclude[{i}]",
                pattern,
                hits[:5],
                f"{len(hits)} event(s) match {show(pattern)}, which the case excludes",
            )
    position = 0
    for i, pattern in enumerate(spec.get("ordered", [])):
        found = next((j for j in range(position, len(events)) if event_matches(pattern, events[j])), None)
        if found is None:
            earlier = any(event_matches(pattern, e) for e in events[:position])
            yield Difference(
                f"events.ordered[{i}]",
                pattern,
                _near(pattern, events),
                f"no event matches {show(pattern)} after event #{position - 1}"
                + (" (one matches earlier: out of order)" if earlier else ""),
            )
            break
        position = found + 1
    for i, item in enumerate(spec.get("count", [])):
        pattern = item["pattern"]
        count = sum(1 for e in events if event_matches(pattern, e))
        if count != item.get("count"):
            yield Difference(
                f"events.count[{i}]",
                item.get("count"),
                count,
                f"{count} event(s) match {show(pattern)}, the case expects {item.get('count')}",
            )


# -- steps and decisions -------------------------------------------------------------------------
def compare_steps(case: Case, observation: Observation) -> Iterator[Difference]:
    script = case.get("script", [])
    steps = _l(observation.get("steps"))
    refused = {r.get("step"): r for r in case.get("expect", {}).get("rejected", [])}
    if len(steps) != len(script) and observation.get("unanswered") is None:
        yield Difference(
            "steps",
            len(script),
            len(steps),
            f"the engine reported {len(steps)} steps for a script of {len(script)}",
        )
    for i, observed_step in enumerate(steps[: len(script)]):
        step = _d(observed_step)
        outcome = step.get("outcome")
        action = describe_action(script[i])
        if outcome == "rejected" and i not in refused:
            why = step.get("reason") or "no reason given"
            rule = f" (rule {step['rule']})" if step.get("rule") else ""
            yield Difference(
                f"steps[{i}]", "accepted", step, f"step {i}, {action}, was rejected: {why}{rule}"
            )
        elif outcome == "rejected" and not rule_accepted(step.get("rule"), refused[i].get("rule")):
            entry = refused[i]
            why = step.get("reason") or "no reason given"
            yield Difference(
                f"steps[{i}].rule",
                entry.get("rule"),
                step.get("rule"),
                f"step {i}, {action}, was refused under CR {step.get('rule')} ({why}), but the case "
                f"expects it refused under {_rules_text(entry.get('rule'))}"
                + (f" ({entry['why']})" if entry.get("why") else "")
                + ": a refusal for another reason does not decide this ruling",
            )
        elif outcome == "ok" and i in refused:
            entry = refused[i]
            because = " ".join(x for x in (_rules_text(entry.get("rule")), str(entry.get("why", ""))) if x)
            yield Difference(
                f"steps[{i}]",
                "rejected",
                step,
                f"step {i}, {action}, was accepted but the case expects it to be refused"
                + (f" ({because})" if because else ""),
            )
        elif outcome not in ("ok", "rejected"):
            yield Difference(
                f"steps[{i}]", "ok or rejected", step, f"step {i} has an unknown outcome {show(outcome)}"
            )


def _rules_text(rules: object) -> str:
    listed = [str(r) for r in (rules if isinstance(rules, list) else [rules]) if r]
    return " or ".join(f"CR {r}" for r in listed) if listed else "no rule"


def _within(child: str, parent: str) -> bool:
    """``child`` is ``parent`` or one of its subrules (601.2c within 601.2 and 601; 601.21 is not)."""
    if not child.startswith(parent):
        return False
    rest = child[len(parent):]
    return rest == "" or rest[0] == "." or (rest[0].isalpha() and "." in parent)


def rule_accepted(reported: object, expected: object) -> bool:
    """Whether a refusal the engine reported under ``reported`` is one the case expects.

    An engine that reports no rule is not judged on it. A reported rule matches an expected one when it
    is that rule, a subrule of it, or (cited less precisely) its parent rule, at least ``NNN.N``."""
    if not isinstance(reported, str) or not reported.strip():
        return True
    reported = reported.strip().rstrip(".")
    wanted = [str(r).rstrip(".") for r in (expected if isinstance(expected, list) else [expected]) if r]
    if not wanted:
        return True
    return any(_within(reported, w) or ("." in reported and _within(w, reported)) for w in wanted)


def compare_decisions(case: Case, observation: Observation) -> Iterator[Difference]:
    asked_for: dict[int, dict[str, object]] = {}
    for asked in _l(observation.get("decisions")):
        index = _d(asked).get("used")
        if isinstance(index, int) and not isinstance(index, bool):
            asked_for.setdefault(index, _d(asked))
    for i, entry in enumerate(case.get("decisions", [])):
        if i not in asked_for:
            if entry.get("forced") is True:
                continue  # one legal answer: an engine may take it without asking (spec/README.md 1.4)
            if entry.get("moot") is True:
                continue  # no answer changes the game: an engine may ask it or not (spec/README.md 1.4)
            # Which of the two happened only the rest of the diff can tell: no CR is cited here.
            yield Difference(
                f"decisions[{i}]",
                "asked",
                "never asked",
                f"scripted answer #{i} ({describe_decision(entry)}, answer {show(entry.get('answer'))}) "
                "was never asked for. It is not a forced choice (the rules leave the player more than one "
                "legal answer), so either the engine never reached it or it made it for the player",
            )
            continue
        if "offered" in entry or "not_offered" in entry:
            yield from compare_offered(i, entry, asked_for[i].get("options"))


def unofferable(case: Case, observation: Observation | None) -> str | None:
    """Why the case can't be put to this engine, when it can't: the case scripts an illegal answer to a
    forced decision (``forced`` and ``illegal``) and the engine, taking forced decisions itself as spec
    1.4 allows, never asked it, so the refusal the case is about could not be tested."""
    asked = {_d(d).get("used") for d in _l(_d(observation).get("decisions"))}
    for i, entry in enumerate(case.get("decisions", [])):
        if entry.get("forced") is True and entry.get("illegal") is True and i not in asked:
            return (
                f"scripted answer #{i} ({describe_decision(entry)}, answer {show(entry.get('answer'))}) "
                "is an illegal answer to a forced decision, which this engine takes itself without asking "
                "(spec/README.md 1.4): the refusal this case is about can't be tested on it"
            )
    return None


def _key(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def compare_offered(i: int, entry: DecisionEntry, options: object) -> Iterator[Difference]:
    """The options the engine gave for the decision entry ``i`` answered (``offered``, ``not_offered``)."""
    where = f"decisions[{i}].options"
    what = f"scripted answer #{i} ({describe_decision(entry)})"
    if not isinstance(options, list):
        yield Difference(where, entry.get("offered", "options"), options,
                         f"{what}: the engine did not report the options it offered")
        return
    have = {_key(o) for o in options}
    if "offered" in entry:
        want = {_key(o) for o in entry["offered"]}
        if want != have:
            missing = [o for o in entry["offered"] if _key(o) not in have]
            extra = [o for o in options if _key(o) not in want]
            why = f"options {show(options)}; missing {show(missing)}, not allowed {show(extra)}"
            yield Difference(where, entry["offered"], options, f"{what}: {why}")
    offered_anyway = [o for o in entry.get("not_offered", []) if _key(o) in have]
    if offered_anyway:
        yield Difference(f"decisions[{i}].not_offered", entry["not_offered"], options,
                         f"{what}: the engine offered {show(offered_anyway)}, which the rules do not allow")


def check_shape(observation: Observation | None) -> Observation:
    """The observation, once it has the shape of spec/README.md section 2 (its parts are still read
    defensively); MalformedObservation otherwise."""
    if not isinstance(observation, dict):
        raise MalformedObservation(f"the observation is {type(observation).__name__}, not an object")
    if not isinstance(observation.get("steps"), list):
        raise MalformedObservation('the observation has no "steps" list')
    if observation.get("unanswered") is None and not isinstance(observation.get("final"), dict):
        raise MalformedObservation('the observation has no "final" projection')
    for key in ("events", "decisions"):
        if observation.get(key) is not None and not isinstance(observation.get(key), list):
            raise MalformedObservation(f'the observation\'s "{key}" is not a list')
    if observation.get("snapshots") is not None and not isinstance(observation["snapshots"], dict):
        raise MalformedObservation('the observation\'s "snapshots" is not an object')
    return observation


def compare(case: Case, observation: Observation | None) -> list[Difference]:
    """Every difference between the case's expectations and the observation (empty: it passes).

    Raises :class:`MalformedObservation` when the observation cannot be read at all.
    """
    obs = check_shape(observation)
    unanswered = obs.get("unanswered")
    if unanswered is not None:
        # The run stopped there; what comes after would only repeat that one cause.
        options = _d(unanswered).get("options")
        single = isinstance(options, list) and len(options) == 1
        return [
            Difference(
                "decisions",
                "an answer in the case's decisions",
                unanswered,
                "the case does not answer a decision the engine asked: " + describe_decision(_d(unanswered))
                + (
                    " (it has one legal answer: a forced decision the adapter should have taken itself, "
                    "spec/README.md 1.4)"
                    if single
                    else ""
                ),
            )
        ]
    expect = case.get("expect", {})
    out: list[Difference] = [*compare_steps(case, obs), *compare_decisions(case, obs)]
    out += compare_view("", expect, obs.get("final"))
    snapshots = _d(obs.get("snapshots"))
    for label, view in expect.get("snapshots", {}).items():
        if label not in snapshots:
            out.append(
                Difference(f"snapshots.{label}", "a snapshot", None, f"no snapshot was taken under {label!r}")
            )
        else:
            out += compare_view(f"snapshots.{label}.", view, snapshots[label])
    out += compare_events(expect.get("events", {}), _l(obs.get("events")))
    return out


def render(differences: list[Difference]) -> str:
    """Plain text, grouped per object / player: ``objects.bear`` then its fields."""
    lines: list[str] = []
    group = None
    for diff in differences:
        head, _, rest = diff.where.partition(".")
        if head in ("objects", "players") or head.startswith("snapshots"):
            owner, _, field = diff.where.rpartition(".") if rest.count(".") >= 1 else (diff.where, "", "")
        else:
            owner, field = diff.where, ""
        if owner != group:
            lines.append(owner)
            group = owner
        label = f"  {field}: " if field else "  "
        if diff.message:
            lines.append(f"{label}{diff.message}")
            if field:
                lines.append(f"    expected {show(diff.expected)}, observed {show(diff.observed)}")
        else:
            lines.append(f"{label}expected {show(diff.expected)}, observed {show(diff.observed)}")
    return "\n".join(lines)
