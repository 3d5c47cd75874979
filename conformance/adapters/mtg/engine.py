"""Adapter core for PyPI ``python-mtg`` (import ``mtg``), a Datalog-backed engine with a python-chess API.

The setup is made by editing ``Game.state`` (a dict of relations) and rebuilding with
``Game.from_state``; the script pushes raw moves. python-mtg has its own card database (``cards.dl``):
the catalogue's Oracle text is not read, and a card it does not know makes the case unsupported.
It takes few sub-choices from us: a target only where it offers one move per target, a modal
spell's modes and X through its ``_choose`` seam (``state['_policy']``); the rest (proliferate,
most targets, …) the engine chooses, and the adapter reports what it did. It has no stack and no
priority passing: spells resolve as they are cast, so ``resolve`` is rejected on the empty stack,
as the spec says. See docs/adapters-notes.md.
"""

from __future__ import annotations

import re
from importlib import metadata
from typing import Any

from conformance.adapters.common import (
    DecisionBook,
    Rejected,
    Unanswered,
    Unsupported,
    counter_to_case,
    guarded_run,
    observation,
    query_matches,
    setup_objects,
    whole,
)
from conformance.documents import (
    Action,
    Card,
    Case,
    EngineAnswer,
    Event,
    JSONObject,
    ObjectView,
    PlayerView,
    Projection,
    StepResult,
)

ENGINE_NAME = "python-mtg"
try:
    ENGINE_VERSION = metadata.version("python-mtg")
except metadata.PackageNotFoundError:  # pragma: no cover - the extra is not installed
    ENGINE_VERSION = "not installed"
ADAPTER_NAME = "mtgc-python-mtg"
ADAPTER_VERSION = "0.3.7"
# python-mtg models no opponent decisions and no priority passing (its README: "Reactive windows on
# the OPPONENT's turn need priority passing, not yet modeled"). Nor, in 0.1.1's source (mtg/*.py: no
# stun, shield, lore or chapter counters, no overload, no "loses all abilities", no repeated modes,
# no creature type chosen by a player: bridge_to_engine.py abstains on "the chosen type"; no mana
# spending restrictions; no imprint, the exile-from-hand choice; no Unbound Flourishing, no effect changing
# a spell's X once cast), the mechanics the suite added with issue 17: their cases are not applicable,
# not failures.
UNSUPPORTED_FEATURES: frozenset[str] = frozenset({
    "tribute", "villainous-choice", "priority",
    "stun-counters", "shield-counters", "sagas", "overload", "lose-abilities", "repeated-modes",
    "creature-type-choice", "restricted-mana", "imprint",
    # no "as this enters, choose a card name" (Pithing Needle, CR 201.4): nothing to answer the choice with
    "card-name-choice",
    # no buyback, no additional phases or steps, no unearth in 0.1.1
    "buyback", "extra-phases", "unearth", "cast-modifiers",
    # no stack either: a spell resolves as it is cast, so no ability waits there to be targeted (Stifle)
    "target-abilities",
})

# python-mtg 0.1.1 has no phasing (CR 702.26): no phased-out status, nothing phases in or out
UNSUPPORTED_FEATURES |= {"phasing"}

UNDRIVEN = ("advance", "declare_attackers", "declare_blockers", "pass")
COLOR = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
SYMBOL = {v: k for k, v in COLOR.items()}
ZONES = {"on_battlefield": "battlefield", "in_hand": "hand", "in_library": "library",
         "graveyard": "graveyard", "exile": "exile", "command_zone": "command"}
DECK_SIZE = 40


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _counter_kind(kind: str) -> str:
    m = re.fullmatch(r"([+-])1/([+-])1", kind)
    if m:
        return "p1p1" if m[1] == "+" else "m1m1"
    return kind


def _case_counter(kind: str) -> str:
    return {"p1p1": "+1/+1", "m1m1": "-1/-1"}.get(kind, counter_to_case(kind))


#: an Oracle line that is an activated ability (CR 602.1a): a cost, then a colon, and no quotation
#: before it (a granted ability's colon is inside quotation marks); a modal ability's bullets are not
_ACTIVATED_LINE = re.compile(r'^(?!\u2022)[^":\u2014]+:')


def _is_equip(ability: JSONObject) -> bool:
    """Equip in the catalogue: an activated ability whose effect is `attach` (python-mtg: a keyword)."""
    effects = ability.get("effects") or []
    listed = effects if isinstance(effects, list) else []
    return ability.get("kind") == "activated" and any(isinstance(e, dict) and e.get("do") == "attach"
                                                      for e in listed)


class MtgRun:
    """One case on python-mtg. Its game and state (relations of tuples) are untyped here (``Any``); the
    case and the observation are the documents'."""

    def __init__(self, case: Case, cards: dict[str, Card] | None = None) -> None:
        self.case = case
        self.cards = cards or {}
        self.players = [p["alias"] for p in case["setup"]["players"]]
        self.ids: dict[str, str] = {}
        self.refs: dict[str, str] = {}
        self.book = DecisionBook(list(case.get("decisions", [])))
        self.events: list[Event] = []
        self.g: Any = None
        self._modes: frozenset[str] | None = None  # the case's modes for the cast being pushed

    def setup(self) -> None:
        from mtg import Game

        setup = self.case["setup"]
        if setup.get("step", "main1") != "main1":
            raise Unsupported("python-mtg fast-forwards through non-main steps; only main1 can be set up")
        undriven = sorted({s["action"] for s in self.case["script"]} & set(UNDRIVEN))
        if undriven:
            raise Unsupported(f"python-mtg has no priority passing or combat moves to drive {undriven}")
        objs = list(setup_objects(self.case))
        outside = [o.alias for o in objs if o.zone in ("sideboard", "collection")]
        if outside:
            raise Unsupported(f"objects outside the game ({outside}) cannot be placed in python-mtg")
        decks = {a: [o.card for o in objs if o.owner == a] for a in self.players}
        for deck in decks.values():
            deck += ["Forest"] * max(0, DECK_SIZE - len(deck))
        try:
            g = Game.new(seed=int(setup.get("seed", 0)), **decks)
        except Exception as exc:
            raise Unsupported(f"python-mtg refused the decks: {type(exc).__name__}: {exc}") from exc
        st = dict(g.state)
        # Game.new accepts any name and makes it a typeless instance; a card python-mtg has rules
        # for has a printed type (card_type rows are keyed by the card's slug)
        known = {s for (s, _t) in st.get("card_type", set())}
        unknown = sorted({o.card for o in objs if _slug(o.card) not in known})
        if unknown:
            raise Unsupported(f"python-mtg's card database does not know {unknown}")
        free: dict[tuple[str, str], list[str]] = {}
        owner = {c: p for (p, c) in st["printed_control"]}
        for c, s in sorted(st["instance_of"]):
            free.setdefault((s, owner.get(c, "")), []).append(c)
        for o in objs:
            iid = free[(_slug(o.card), o.owner)].pop(0)
            self.ids[o.alias] = iid
            self.refs[iid] = o.alias
        padding = {c for ids in free.values() for c in ids}
        for rel, rows in list(st.items()):
            if isinstance(rows, set | frozenset) and rows:
                st[rel] = {r for r in rows if not (isinstance(r, tuple) and any(x in padding for x in r))}
        for rel in ZONES:
            st[rel] = set()
        st["_lib_order"] = {a: [] for a in self.players}
        for o in objs:
            iid = self.ids[o.alias]
            if o.zone == "battlefield":
                st["on_battlefield"].add((iid,))
                if o.player != o.owner:
                    # printed_control is the owner (Game.graveyard, _ZONES); a different controller comes
                    # only from the engine's own gain-control effects, which a state edit can't set
                    raise Unsupported(f"{o.alias}: python-mtg's state can't give a permanent a controller "
                                      "other than its owner")
                spec = o.spec
                if spec.get("tapped"):
                    st.setdefault("tapped", set()).add((iid,))
                if spec.get("summoning_sick"):
                    st.setdefault("_sick", set()).add((iid,))
                counters = spec.get("counters") or {}
                for kind, n in counters.items() if isinstance(counters, dict) else ():
                    st.setdefault("counter", set()).add((iid, _counter_kind(kind), n))
                if spec.get("damage") or spec.get("attached_to") or spec.get("token"):
                    raise Unsupported("damage, attachments and tokens are not set up for python-mtg")
            elif o.zone == "library":
                st["in_library"].add((o.owner, iid))
                st["_lib_order"][o.owner].append(iid)
            elif o.zone == "graveyard":
                # python-mtg's graveyard relation is arity 1 (card,), like on_battlefield; the owner
                # comes from printed_control (mtg/game.py, _ZONES)
                st["graveyard"].add((iid,))
            elif o.zone == "exile" and o.spec.get("counters"):
                raise Unsupported(f"{o.alias}: counters on a card in exile are not set up for python-mtg")
            elif o.zone in ("hand", "exile"):
                st["in_hand" if o.zone == "hand" else "exile"].add((o.owner, iid))
        st["life"] = {(p["alias"], p.get("life", 20)) for p in setup["players"]}
        st["poison"] = {(p["alias"], (p.get("counters") or {}).get("poison", 0)) for p in setup["players"]}
        for p in setup["players"]:  # other player counters (experience, …) are `counter` rows on the player
            for kind, n in (p.get("counters") or {}).items():
                if kind not in ("poison", "energy") and n:
                    st.setdefault("counter", set()).add((p["alias"], _counter_kind(kind), n))
        energy = {(p["alias"], (p.get("counters") or {}).get("energy", 0)) for p in setup["players"]}
        if any(n for _p, n in energy):  # python-mtg keeps {E} in an `energy` relation, created when first got
            st["energy"] = {(a, n) for a, n in energy if n}
        pools = {(p["alias"], COLOR[s], n)
                 for p in setup["players"] for s, n in (p.get("mana_pool") or {}).items()}
        st["floating_mana"] = set(pools)
        st["mana_pool"] = set(pools)
        st["mana_available"] = {(p, sum(n for (q, _c, n) in pools if q == p)) for p in self.players}
        st["active_player"] = {(setup.get("active_player", self.players[0]),)}
        try:
            self.g = Game.from_state(st)
        except Exception as exc:
            raise Unsupported(f"python-mtg refused the edited state: {type(exc).__name__}: {exc}") from exc

    def tokens(self) -> set[str]:
        return {row[0] for row in self.g.state.get("is_token", set())}

    def name_of(self, iid: str) -> str:
        """The name python-mtg gives the object (``Game.name``). A token has no name of its own in
        python-mtg (no relation holds one, and its id is the token spec and a count,
        '1_1_white_spirit_creature#2'): ``Game.name`` title-cases that id
        ('1 1 White Spirit Creature#2'), and that is reported as it is, not a name made up by the
        adapter (CR 111.4 would say "Spirit Token")."""
        return str(self.g.name(iid))

    def ref_of(self, iid: str) -> str:
        if iid not in self.refs:
            name = self.name_of(iid)
            n = 1 + sum(1 for r in self.refs.values() if r.startswith(f"{name}#"))
            self.refs[iid] = f"{name}#{n}"
        return self.refs[iid]

    def object_id(self, ref: object) -> str:
        if isinstance(ref, str):
            if ref in self.ids:
                return self.ids[ref]
            raise Rejected(f"unknown object ref {ref!r}")
        if not isinstance(ref, dict):  # a ref is an alias or {"find": query}
            raise TypeError(f"{type(ref).__name__!r} object is not subscriptable")
        hits = [o for o in self.project()["objects"] if query_matches(o, ref["find"])]
        if len(hits) != 1:
            raise Rejected(f"ref {ref} matches {len(hits)} objects")
        return next(i for i, r in self.refs.items() if r == hits[0]["ref"])

    def run_script(self) -> tuple[list[StepResult], dict[str, Projection]]:
        steps: list[StepResult] = []
        snapshots: dict[str, Projection] = {}
        for step in self.case["script"]:
            act = step["action"]
            if act == "observe":
                snapshots[step["label"]] = self.project()
                steps.append({"outcome": "ok"})
                continue
            try:
                self.do(step)
                steps.append({"outcome": "ok"})
            except Rejected as exc:
                steps.append({"outcome": "rejected", "rule": exc.rule, "reason": exc.reason})
            except Unanswered:
                break  # spec 2: the run stops; ``unanswered`` says why
        return steps, snapshots

    def do(self, step: Action) -> None:
        act = step["action"]
        if act == "resolve":
            raise Rejected("resolve: the stack is empty (python-mtg resolves spells as they are cast)")
        moves = self.g.legal_moves
        if act in ("cast", "play_land"):
            iid = self.object_id(step["card"])
            kind = "cast" if act == "cast" else "play"
            found = [m for m in moves if m.kind == kind and len(m.raw) > 2 and m.raw[2] == iid]
            if not found:
                raise Rejected(f"{act}: python-mtg offers no legal move for {step['card']!r}")
            move = self._choose_mode(found, step) if act == "cast" else found[0]
            before = self._facts()
            self._push_answering(move.raw, step if act == "cast" else None)
            first: list[Event] = (
                [{"type": "spell_cast", "player": step["player"], "card": self.ref_of(iid)}]
                if act == "cast" else []
            )
            last: list[Event] = (  # resolved as it is cast
                [{"type": "resolved", "source": self.ref_of(iid), "kind": "spell"}]
                if act == "cast" and self._zones().get(iid) != "hand" else []
            )
            self.events += derive_events(self, before, self._facts(), first, last)
        elif act == "activate":
            iid = self.object_id(step["source"])
            # an activation move is ('activate', player, (ability id '<instance>_a<n>', instance, ...),
            # choices); n is the ability's line in the card's Oracle text; equip is '<instance>_equip'
            number = self._ability_number(step, int(step["ability"]))
            ability_id = f"{iid}_equip" if number is None else f"{iid}_a{number}"
            found = [m for m in moves if m.kind == "activate" and len(m.raw) > 2
                     and isinstance(m.raw[2], tuple) and m.raw[2][:2] == (ability_id, iid)]
            if not found:
                raise Rejected(f"activate: python-mtg offers no legal activation #{step['ability']} of {iid}")
            targeted = any(len(m.raw) > 3 and isinstance(m.raw[3], dict) and m.raw[3].get("target")
                           for m in found)
            move = self._choose_target(found, step) if targeted and len(found) > 1 else found[0]
            before = self._facts()
            self.g.push(move.raw)
            source = self.ref_of(iid)
            first = [{"type": "ability_activated", "player": step["player"], "source": source,
                      "ability": int(step["ability"])}]
            # python-mtg puts the ability on its stack and resolves it within the move (env.step)
            last = ([{"type": "resolved", "source": source, "kind": "ability"}]
                    if not any(o == ability_id for (o, *_r) in self.g.state.get("on_stack", ())) else [])
            self.events += derive_events(self, before, self._facts(), first, last)
        else:
            raise Rejected(f"the python-mtg adapter does not drive {act!r}")

    def _ability_number(self, step: Action, index: int) -> int | None:
        """python-mtg names a card's abilities by the line of its Oracle text they are printed on
        (``a<line>``, from 0, keyword lines counted: Creeperhulk's activated ability, after its
        "Trample" line, is a1), while the spec's `ability` counts the activated abilities the catalogue
        card models. The catalogue's Oracle text is python-mtg's (both are MTGJSON's), so the ability's
        own text finds its line; an ability whose text is not a line is counted among the Oracle
        lines that read as activated abilities (a cost, then a colon). Equip (the catalogue's
        activated ability whose effect is `attach`) is python-mtg's keyword: None."""
        name = next((o.card for o in setup_objects(self.case) if o.alias == step["source"]), None)
        card = self.cards.get(name) if name else None
        activated = [a for a in (card.get("abilities") or []) if a.get("kind") == "activated"] if card else []
        if index >= len(activated) or card is None:
            return index
        if _is_equip(activated[index]):
            return None
        lines = str(card.get("text") or "").split("\n")
        text = str(activated[index].get("text") or "")
        # the catalogue may join a modal ability's lines or add a note after the Oracle words
        starts = [i for i, line in enumerate(lines) if line and text.startswith(line)]
        if starts:
            return starts[0]
        costed = [i for i, line in enumerate(lines) if _ACTIVATED_LINE.match(line)]
        unmodelled = sum(1 for a in activated[:index] if _is_equip(a))
        return costed[index - unmodelled] if index - unmodelled < len(costed) else index

    def _choose_mode(self, found: list[Any], step: Action) -> Any:
        """python-mtg offers one cast move per mode of a modal spell ({'mode': 'mode<n>'}, n from 1 in
        Oracle order, a mode with no legal target left out): the case's `modes` answer picks the move."""
        modes = [m.raw[3].get("mode") if len(m.raw) > 3 and isinstance(m.raw[3], dict) else None
                 for m in found]
        if not any(modes):
            return found[0]
        # one move with a mode (the other modes have no legal target) is still the case's modes answer:
        # it must be recorded as asked, and an answer python-mtg does not offer refuses the cast
        offered = sorted({int(m[4:]) - 1 for m in modes if isinstance(m, str) and m.startswith("mode")})
        card, player = step["card"], step.get("player")
        source = card if isinstance(card, str) else None
        index = self.book.match("modes", player, lambda ref: ref == card, offered)
        if index is None:
            self.book.stop("modes", player, source, offered)
            raise Unanswered("modes")
        answer = self.book.entries[index]["answer"]
        self.book.record("modes", player, source, offered, answer, index, False)
        wanted = [whole(i) for i in answer] if isinstance(answer, list) else []
        missing = [i for i in wanted if i not in offered]
        if not wanted or missing:
            raise Rejected(f"modes: python-mtg offers no cast of {card!r} with mode(s) {missing or wanted}")
        self._modes = frozenset(f"mode{i + 1}" for i in wanted)
        return next(m for m, mode in zip(found, modes, strict=True) if mode == f"mode{wanted[0] + 1}")

    def _push_answering(self, raw: tuple[Any, ...], step: Action | None) -> None:
        """Push a move with the case's answers installed at python-mtg's choice seam: ``driver._choose``
        asks ``state['_policy'](state, key, options, default)`` for any choice the move does not force.
        A cast's ``modes`` (python-mtg asks key 'modes' and ignores the move's own {'mode': …}) and ``x``
        (key 'x_value') are answered from the case; every other key keeps python-mtg's default. An X the
        case does not answer stops the run (spec 1.4), the move not made."""
        modes, self._modes = self._modes, None

        def policy(_state: Any, key: str, options: Any, default: Any) -> Any:
            if key == "modes" and modes is not None:
                return modes
            if key == "x_value" and step is not None:
                card, player = step["card"], step.get("player")
                source = card if isinstance(card, str) else None
                index = self.book.match("x", player, lambda ref: ref == card)
                if index is None:
                    self.book.stop("x", player, source, None)
                    raise Unanswered("x")
                answer = self.book.entries[index]["answer"]
                self.book.record("x", player, source, None, answer, index, False)
                return whole(answer)
            return default

        start = self.g.state
        start["_policy"] = policy
        try:
            self.g.push(raw)
        finally:
            start.pop("_policy", None)
            self.g.state.pop("_policy", None)  # env.step's copy of the state carries it on

    def _choose_target(self, found: list[Any], step: Action) -> Any:
        """python-mtg offers one activation move per target ({'target': id}): choosing the move is
        choosing the target, so the case's `targets` decision for this source picks it (CR 602.2b)."""
        options = [m.raw[3].get("target") if len(m.raw) > 3 and isinstance(m.raw[3], dict) else None
                   for m in found]
        refs = [t if t in self.players or t is None else self.ref_of(t) for t in options]
        source = step["source"]
        index = self.book.match("targets", step.get("player"), lambda ref: ref == source, refs)
        if index is None:
            self.book.stop("targets", step.get("player"), source, list(refs))
            raise Unanswered("targets")
        answer = self.book.entries[index]["answer"]
        self.book.record("targets", step.get("player"), source, list(refs), answer, index, False)
        wanted = answer[0] if isinstance(answer, list) and len(answer) == 1 else None
        for ref, m in zip(refs, found, strict=True):
            if ref == wanted:
                return m
        raise Rejected(f"targets: python-mtg offers no activation targeting {wanted!r}")

    def _zones(self) -> dict[str, str]:
        st = self.g.state
        out: dict[str, str] = {}
        for rel, zone in ZONES.items():
            for row in st.get(rel, ()):
                out[row[-1]] = zone
        return out

    def _facts(self) -> dict[str, Any]:
        """What the adapter compares around each move to report events (python-mtg keeps no event log:
        its driver's log lines go to a discarded buffer inside env.step, and event relations such as
        `countered` or `committed_crime` are cleared within the move)."""
        st = self.g.state
        counters = {(o, k): int(n) for (o, k, n) in st.get("counter", set()) if n}
        for rel in ("poison", "energy"):
            counters.update({(p, rel): int(n) for (p, n) in st.get(rel, set()) if n})
        return {"zones": self._zones(), "counters": counters, "life": dict(st.get("life", set())),
                "attached": dict(st.get("attached_to", set())), "crimes": set(st.get("_crime_noted", set()))}

    def source_ref(self, label: str) -> str:
        """The object behind a python-mtg source label: an instance id, or an ability/trigger id made from
        one ('<instance>_a1', '<instance>_equip')."""
        if label in self.refs or label in self._zones():
            return self.ref_of(label)
        hosts = [i for i in self._zones() if label.startswith(f"{i}_")]
        return self.ref_of(max(hosts, key=len)) if hosts else label

    def _zone_events(self, before: dict[str, str], after: dict[str, str]) -> list[Event]:
        tokens = self.tokens()
        owner = {c: p for (p, c) in self.g.state.get("printed_control", set())}
        out: list[Event] = []
        for iid, zone in after.items():
            if iid in tokens and iid not in before and zone == "battlefield":  # CR 111.1
                out.append({"type": "token_created", "object": self.ref_of(iid),
                            "controller": owner.get(iid)})
            if before.get(iid) != zone and (iid in self.refs or zone != "library"):
                out.append({"type": "zone_change", "object": self.ref_of(iid), "from": before.get(iid),
                            "to": zone})
        return out

    def project(self) -> Projection:
        g, st = self.g, self.g.state
        where = self._zones()
        on_bf = {i for i, z in where.items() if z == "battlefield"}
        views = {v.id: v for v in g.permanents()}
        counters: dict[str, dict[str, int]] = {}
        for (o, k, n) in st.get("counter", set()):
            if n:
                counters.setdefault(o, {})[_case_counter(k)] = n
        owner = {c: p for (p, c) in st.get("printed_control", set())}
        attached = {s: c for (s, c) in st.get("attached_to", set())}
        tokens = self.tokens()
        objects: list[ObjectView] = []
        for iid in sorted(where):
            zone = where[iid]
            if zone == "library" and iid not in self.refs:
                continue
            v = views.get(iid)
            cs = counters.get(iid, {})
            objects.append({
                "ref": self.ref_of(iid), "name": self.name_of(iid), "zone": zone,
                "owner": owner.get(iid), "controller": v.controller if v else owner.get(iid),
                "token": iid in tokens, "tapped": bool(v and v.tapped), "counters": cs,
                "power": v.power if v and v.is_creature else None,
                "toughness": v.toughness if v and v.is_creature else None,
                "loyalty": cs.get("loyalty") if iid in on_bf else None,
                # marked damage is a permanent's (CR 120.3e, 514.2); off the battlefield 0, as the reference
                # engine says. python-mtg's driver never writes its `damage` relation (damage(o, d) in its
                # state.dl): "non-lethal marked damage isn't persisted outside combat" (driver._apply_damage)
                "damage": next((int(n) for (o, n) in st.get("damage", set()) if o == iid), 0)
                if zone == "battlefield" else 0,
                "attached_to": (self.ref_of(attached[iid])
                                if iid in attached and zone == "battlefield" else None),
                "keywords": [str(k).replace("_", " ").capitalize() for k in (v.keywords if v else [])],
            })
        life = dict(st.get("life", set()))
        poison = dict(st.get("poison", set()))
        energy = dict(st.get("energy", set()))
        # python-mtg notes each crime once per (player, source) in `_crime_noted`, reset each turn
        # (driver._note_crime); `committed_crime` is only the trigger window, cleared at once
        crimes = [p for (p, _src) in st.get("_crime_noted", set())]
        player_counters: dict[str, dict[str, int]] = {}
        for (o, k, n) in st.get("counter", set()):
            if o in self.players and n:
                player_counters.setdefault(o, {})[_case_counter(k)] = n
        players: dict[str, PlayerView] = {}
        for p in self.players:
            pool = {SYMBOL.get(c, "C"): n for (q, c, n) in st.get("floating_mana", set()) if q == p and n}
            players[p] = {
                "life": life.get(p),
                "counters": {**player_counters.get(p, {}), **{
                    k: n for k, n in (("poison", poison.get(p)), ("energy", energy.get(p))) if n}},
                "mana_pool": pool, "crimes_committed": crimes.count(p),
                "hand_size": len(g.hand(p)), "library_size": g.library_size(p),
                "graveyard_size": len(g.graveyard(p)),
                "lost": g.is_game_over() and g.winner() not in (None, p),
            }
        step = {"precombat_main": "main1", "postcombat_main": "main2"}.get(g.step, g.step)
        return {"turn": max(1, int(g.turn_number)), "active_player": g.active_player, "step": step,
                "priority": g.turn, "players": players, "objects": objects, "stack": []}


def derive_events(run: MtgRun, before: dict[str, Any], after: dict[str, Any], first: list[Event],
                  last: list[Event]) -> list[Event]:
    """The events of one move: ``first`` (the cast or activation: the move python-mtg offered and took),
    then what the adapter reads from python-mtg's state before and after it (net changes over the move):
    crimes, zone changes, attachments, counters, life, ``last`` (resolved). python-mtg reports no events
    to its caller (no event log, no callback: the driver's narration goes to a buffer ``env.step``
    discards, and its ``ev_*`` windows are cleared within the move), so every event read from the state
    is marked ``"derived": true`` (spec/README.md 2.2)."""
    events: list[Event] = []
    for player, label in sorted(after["crimes"] - before["crimes"]):
        events.append({"type": "crime_committed", "player": player, "source": run.source_ref(label)})
    zb, za = before["zones"], after["zones"]
    events += run._zone_events(zb, za)
    for obj, host in sorted(after["attached"].items()):
        if before["attached"].get(obj) != host and za.get(obj) == "battlefield":
            events.append({"type": "attached", "object": run.ref_of(obj), "attached_to": run.ref_of(host)})
    for holder, kind in sorted(set(before["counters"]) | set(after["counters"])):
        delta = after["counters"].get((holder, kind), 0) - before["counters"].get((holder, kind), 0)
        change: Event = {"type": "counters_put" if delta > 0 else "counters_removed"}
        if holder in run.players:
            change["player"] = holder
        elif za.get(holder) == "battlefield" and (zb.get(holder) == "battlefield" or delta > 0):
            change["object"] = run.ref_of(holder)  # counters leaving with their object are not "removed"
        else:
            continue
        if delta:
            change["counter"] = _case_counter(kind)
            change["amount"] = abs(delta)
            events.append(change)
    for player in run.players:
        life = int(after["life"].get(player, 0)) - int(before["life"].get(player, 0))
        if life:
            events.append({"type": "life_changed", "player": player, "amount": life})
    return list(first) + [{**e, "derived": True} for e in events + last]


def run_case(case: Case, cards: dict[str, Card]) -> EngineAnswer:
    """Run one case on python-mtg. python-mtg uses its own card data; ``cards`` (the catalogue) only
    says how its abilities are numbered."""

    def body() -> EngineAnswer:
        run = MtgRun(case, cards)
        run.setup()
        steps, snapshots = run.run_script()
        return {"status": "observed",
                "observation": observation(steps, run.project(), snapshots, run.events, run.book)}

    return guarded_run(case, engine="python-mtg", module="mtg", unsupported_features=UNSUPPORTED_FEATURES,
                       body=body)
