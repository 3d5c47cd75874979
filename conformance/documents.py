"""The JSON documents the harness reads and writes, as types: the case, the observation, the report,
the baseline and the protocol's messages.

Each ``TypedDict`` is the shape one schema gives (``spec/case.schema.json``, ``spec/card.schema.json``,
``spec/protocol/*.json``, ``spec/report.schema.json``) or ``spec/README.md`` describes; the ``Literal``
types are the schemas' enums (``tests/test_documents.py`` keeps both in step with the schemas). A
document has its type once it is known to have that shape: a case once ``mtgc validate`` found it
valid (:class:`conformance.cases.loader.CaseFile`), an adapter's answer once it matched
``protocol/result.json``, a report once it matched ``report.schema.json``. Before that it is a
:data:`JSONValue`, and the code that must read it anyway (the checks of ``mtgc validate``, the
comparison of an engine's observation, which the engines may get wrong) narrows it with ``isinstance``.
"""

from collections.abc import Mapping, Sequence
from typing import Literal, NotRequired, Required, TypeAlias, TypedDict

#: Any JSON value, as ``json.loads`` returns it: for data whose shape is free (or not yet checked).
JSONValue: TypeAlias = "None | bool | int | float | str | list[JSONValue] | dict[str, JSONValue]"
#: A JSON object whose fields are free (a card's abilities, an effect).
JSONObject: TypeAlias = "dict[str, JSONValue]"

#: Mana by symbol (``{"G": 2}``; a ``mana_payment`` answer may add ``"life"``); counters by kind.
Mana: TypeAlias = "dict[str, int]"
Counters: TypeAlias = "dict[str, int]"

# -- the enums of spec/case.schema.json ---------------------------------------------------------
Level = Literal["rules", "tournament", "casual"]
Step = Literal[
    "untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
    "first_strike_damage", "combat_damage", "end_of_combat", "main2", "end", "cleanup",
]
Zone = Literal["library", "hand", "battlefield", "graveyard", "stack", "exile", "command"]
Feature = Literal[
    "counters", "player-counters", "proliferate", "replacement-effects", "counter-replacement",
    "enters-with-counters", "x-costs", "mana", "mana-abilities", "could-produce", "tapped-for-mana",
    "tap-symbol", "untap-symbol", "summoning-sickness", "targets", "distribute", "up-to-targets",
    "target-legality", "change-targets", "protection", "crime", "tribute", "villainous-choice",
    "target-abilities",
    "tokens", "predefined-tokens", "loyalty", "outside-the-game", "triggered-abilities",
    "trigger-ordering", "state-based-actions", "legend-rule", "combat", "damage", "multiplayer",
    "priority", "sorcery-timing", "cast-triggers", "optional-effects", "sacrifice", "life",
    "stun-counters", "shield-counters", "sagas", "lose-abilities", "overload", "repeated-modes",
    "creature-type-choice", "restricted-mana", "additional-costs", "attack-costs", "enlist",
    "enter-as-copy",
    "exile-until", "return-to-battlefield", "persist",
    "imprint", "cast-modifiers", "buyback", "extra-phases", "unearth",
    "type-changing", "color-changing", "card-name-choice",
    "phasing",
]
ActionKind = Literal[
    "cast", "activate", "play_land", "pass", "resolve", "advance", "declare_attackers", "declare_blockers",
    "observe",
]
DecisionKind = Literal[
    "targets", "distribute", "x", "modes", "mana_payment", "proliferate", "replacement_effect",
    "trigger_order", "choose_player", "tribute", "villainous_choice", "may", "mana_color", "sacrifice",
    "discard", "outside_game_card", "legend_rule", "new_targets", "color", "combat_damage", "tap_cost",
    "counter_kind", "convoke", "alternative_cost", "creature_type", "copy_of",
    "card_from_hand", "buyback", "card_name",
]
EventType = Literal[
    "spell_cast", "ability_activated", "ability_triggered", "crime_committed", "resolved",
    "did_not_resolve", "counters_put", "counters_removed", "mana_added", "zone_change", "token_created",
    "damage_dealt", "life_changed", "priority", "tribute", "villainous_choice", "step", "sacrificed",
    "destroyed", "became_target", "countered", "proliferated", "crewed", "color_chosen", "attached",
    "spell_copied", "creature_type_chosen", "enlisted",
]
#: What a fuzzer finding is about (case.schema.json ``$defs/origin``, ``area``).
FuzzArea = Literal["counters", "mana", "targeting"]
#: Whose a known failure is: the engine's behaviour, the adapter's translation or the suite's case
#: (a baseline entry's ``attribution``; report.schema.json ``$defs/case``).
Attribution = Literal["engine", "adapter", "suite"]
ATTRIBUTIONS: tuple[Attribution, ...] = ("engine", "adapter", "suite")
#: A case's outcome on an engine, in the order reports show them (report.schema.json ``$defs/outcome``).
Outcome = Literal["pass", "fail", "error", "crash", "timeout", "not_applicable", "skipped"]


# -- cards (spec/card.schema.json) ----------------------------------------------------------------
class Card(TypedDict, total=False):
    """A card of the catalogue or of a case's ``cards`` (spec/card.schema.json; abilities left free)."""

    name: Required[str]
    manaCost: str | None
    manaValue: float
    type: Required[str]
    types: Required[list[str]]
    subtypes: Required[list[str]]
    supertypes: Required[list[str]]
    keywords: list[str] | None
    text: Required[str]
    power: str | None
    toughness: str | None
    loyalty: str | None
    colors: list[str]
    colorIdentity: list[str]
    layout: Required[str]
    isToken: bool
    identifiers: JSONObject
    source: str
    abilities: Required[list[JSONObject]]


# -- the case (spec/case.schema.json) ------------------------------------------------------------
class Ruling(TypedDict):
    """An official ruling the case is built on (case.schema.json ``$defs/ruling``)."""

    text: str
    date: str
    card: NotRequired[str]
    seed: NotRequired[str]
    source: NotRequired[str]


class Origin(TypedDict, total=False):
    """A fuzzer finding or the rules text a case is built on (case.schema.json ``$defs/origin``).

    The schema's two forms in one: ``kind`` ``fuzz``/``differential`` with ``invariant`` (``area``,
    ``engine``, ``found``), or ``kind`` ``rules`` with ``rule`` (``seed``)."""

    kind: Required[Literal["fuzz", "differential", "rules"]]
    area: FuzzArea
    invariant: str
    engine: str
    found: str
    rule: str
    seed: str


class Query(TypedDict, total=False):
    """What finds objects created during the case (case.schema.json ``$defs/query``)."""

    name: str
    controller: str
    owner: str
    zone: Zone
    token: bool


class FindRef(TypedDict):
    """A ref by query, which must match exactly one object (case.schema.json ``$defs/ref``)."""

    find: Query


class AbilityRef(TypedDict):
    """An activated or triggered ability on the stack, by a ref to its source; it must match exactly one
    ability on the stack (case.schema.json ``$defs/ref``; CR 113.1c)."""

    ability_of: "str | FindRef"  # its source: an alias or a query


#: A player or object: its alias, or a query; or an ability on the stack (case.schema.json ``$defs/ref``).
Ref: TypeAlias = "str | FindRef | AbilityRef"


class CardObject(TypedDict):
    """A card in a hand, library, graveyard or outside the game (case.schema.json ``$defs/card_object``)."""

    alias: str
    card: str


class ExiledCard(TypedDict):
    """A card in exile, maybe with counters (case.schema.json ``$defs/exiled_card``)."""

    alias: str
    card: str
    counters: NotRequired[Counters]


class Permanent(TypedDict, total=False):
    """A permanent of the setup (case.schema.json ``$defs/permanent``)."""

    alias: Required[str]
    card: Required[str]
    token: bool
    owner: str
    tapped: bool
    summoning_sick: bool
    counters: Counters
    damage: int
    attached_to: str
    loyalty_activated: bool
    phased_out: bool


#: The zones a setup player lists objects in (spec/README.md 1.2), in the order cases write them.
SetupZone = Literal["battlefield", "hand", "library", "graveyard", "exile", "sideboard", "collection"]


class SetupPlayer(TypedDict, total=False):
    """A player of the setup and their zones (case.schema.json ``$defs/player``)."""

    alias: Required[str]
    life: int
    counters: Counters
    mana_pool: Mana
    battlefield: list[Permanent]
    hand: list[CardObject]
    library: list[CardObject]
    graveyard: list[CardObject]
    exile: list[ExiledCard]
    sideboard: list[CardObject]
    collection: list[CardObject]


class Setup(TypedDict, total=False):
    """The game state before the script (case.schema.json ``$defs/setup``)."""

    players: Required[list[SetupPlayer]]
    active_player: str
    turn: int
    step: Step
    seed: int


class Attack(TypedDict):
    """One attacker and what it attacks (case.schema.json ``$defs/action``, ``declare_attackers``)."""

    attacker: Ref
    defending: Ref


class Block(TypedDict):
    """One blocker and the attacker it blocks (case.schema.json ``$defs/action``, ``declare_blockers``)."""

    blocker: Ref
    attacker: Ref


class Action(TypedDict, total=False):
    """One step of the script (case.schema.json ``$defs/action``).

    The schema's nine forms in one: each ``action`` takes some of the other fields (spec/README.md 1.3)."""

    action: Required[ActionKind]
    player: str
    card: Ref
    source: Ref
    ability: int
    step: Step
    attackers: list[Attack]
    blockers: list[Block]
    label: str
    note: str


#: A scripted answer, by decision kind (case.schema.json ``$defs/decision``, ``answer``): a list of
#: refs or mode indexes, amounts or convoke payments by alias, mana (with ``life``), X, a ref, a yes/no,
#: ``"A"``/``"B"``, a mana symbol or a counter kind, or null.
Answer: TypeAlias = (
    "Sequence[Ref | int] | Mapping[str, int] | Mapping[str, str] | bool | int | str | FindRef | None"
)


class DecisionEntry(TypedDict, total=False):
    """A scripted answer to a decision the engine will ask (case.schema.json ``$defs/decision``)."""

    kind: Required[DecisionKind]
    player: str
    source: Ref
    offered: list[JSONValue]
    not_offered: list[JSONValue]
    forced: bool
    moot: bool
    illegal: bool
    answer: Required[Answer]
    note: str


class ObjectExpect(TypedDict, total=False):
    """What an object must look like (case.schema.json ``$defs/object_expect``)."""

    exists: bool
    zone: Zone
    controller: str
    owner: str
    tapped: bool
    counters: Counters
    power: int
    toughness: int
    loyalty: int
    damage: int
    attached_to: str | None
    keywords: list[str]
    not_keywords: list[str]
    phased_out: bool


class PlayerExpect(TypedDict, total=False):
    """What a player must look like (case.schema.json ``$defs/player_expect``)."""

    life: int
    counters: Counters
    mana_pool: Mana
    crimes_committed: int
    hand_size: int
    library_size: int
    graveyard_size: int
    lost: bool


class StackItemExpect(TypedDict, total=False):
    """One object on the stack, top first (case.schema.json ``$defs/stack_item_expect``)."""

    kind: Literal["spell", "ability"]
    source: Ref
    controller: str
    targets: list[Ref]


class FindExpect(TypedDict, total=False):
    """Objects a query finds: how many, and what each is like (case.schema.json ``$defs/find_expect``)."""

    query: Required[Query]
    count: int
    each: ObjectExpect


class View(TypedDict, total=False):
    """Expectations on one projection, final or a snapshot (case.schema.json ``$defs/view``)."""

    objects: dict[str, ObjectExpect]
    players: dict[str, PlayerExpect]
    find: list[FindExpect]
    stack: list[StackItemExpect]
    step: Step
    active_player: str
    priority: str


class Rejection(TypedDict):
    """A script step the engine must refuse, and the rule(s) why (case.schema.json ``expect.rejected``)."""

    step: int
    rule: str | list[str]
    why: NotRequired[str]


# A partial event (case.schema.json ``$defs/event_pattern``): its ``type`` and any fields of
# :data:`Event`, each compared for equality.
EventPattern = TypedDict(
    "EventPattern",
    {
        "type": Required[EventType],
        "player": JSONValue,
        "card": JSONValue,
        "source": JSONValue,
        "ability": JSONValue,
        "controller": JSONValue,
        "kind": JSONValue,
        "object": JSONValue,
        "counter": JSONValue,
        "amount": JSONValue,
        "by": JSONValue,
        "entering": JSONValue,
        "mana": JSONValue,
        "from": JSONValue,
        "to": JSONValue,
        "target": JSONValue,
        "paid": JSONValue,
        "option": JSONValue,
        "step": JSONValue,
        "turn": JSONValue,
        "color": JSONValue,
        "creature_type": JSONValue,
        "attached_to": JSONValue,
    },
    total=False,
)
EventPattern.__doc__ = "A partial event (case.schema.json ``$defs/event_pattern``)."


class EventCount(TypedDict):
    """How many events a pattern must match (case.schema.json ``expect.events.count``)."""

    pattern: EventPattern
    count: int


class EventsExpect(TypedDict, total=False):
    """Expectations on the events (case.schema.json ``expect.events``)."""

    include: list[EventPattern]
    exclude: list[EventPattern]
    ordered: list[EventPattern]
    count: list[EventCount]


class Expect(View, total=False):
    """What the ruling decides, on the observation (case.schema.json ``$defs/expect``)."""

    rejected: list[Rejection]
    events: EventsExpect
    snapshots: dict[str, View]


class Case(TypedDict, total=False):
    """A conformance case (spec/case.schema.json; its optional ``$schema`` field is left out)."""

    id: Required[str]
    title: Required[str]
    ruling: Ruling
    origin: Origin
    rules: Required[list[str]]
    features: Required[list[Feature]]
    level: Required[Level]
    notes: str
    cards: list[Card]
    setup: Required[Setup]
    script: Required[list[Action]]
    decisions: list[DecisionEntry]
    expect: Required[Expect]


# -- the observation (spec/README.md 2, spec/protocol/result.json $defs/observation) -------------------
# What an engine reports. Refs and players are strings (aliases, ``Name#n``), None where an engine
# could not name one; the runner compares the values and never trusts them to be well formed.
class StepResult(TypedDict, total=False):
    """How the engine took one script step (protocol/result.json, ``observation.steps``)."""

    outcome: Required[Literal["ok", "rejected"]]
    rule: str | None
    reason: str | None


class PlayerView(TypedDict, total=False):
    """A player in the projection (spec/README.md 2.1, ``players``)."""

    life: int | None
    counters: Counters
    mana_pool: Mana
    crimes_committed: int
    hand_size: int
    library_size: int
    graveyard_size: int
    lost: bool


class ObjectView(TypedDict, total=False):
    """An object in the projection (spec/README.md 2.1, ``objects``)."""

    ref: str | None
    name: str | None
    zone: str
    owner: str | None
    controller: str | None
    token: bool
    tapped: bool
    counters: Counters
    power: int | None
    toughness: int | None
    loyalty: int | None
    damage: int
    attached_to: str | None
    keywords: list[str]
    phased_out: bool


class StackItem(TypedDict, total=False):
    """An object on the stack in the projection, top first (spec/README.md 2.1, ``stack``)."""

    kind: str
    source: str | None
    controller: str | None
    targets: "list[Ref | None]"  # an ability on the stack: {"ability_of": ref}


class Projection(TypedDict, total=False):
    """The game as the engine shows it (spec/README.md 2.1; protocol/result.json ``$defs/projection``)."""

    turn: int
    active_player: str | None
    step: str
    priority: str | None
    players: dict[str, PlayerView]
    objects: list[ObjectView]
    stack: list[StackItem]


# One event (spec/README.md 2.2; protocol/result.json, ``observation.events``): its ``type`` and the
# fields of that type ("from" is a Python keyword, hence this form).
Event = TypedDict(
    "Event",
    {
        "type": Required[str],
        "player": str | None,
        "card": str | None,
        "source": str | None,
        "ability": int | None,
        "controller": str | None,
        "kind": str,
        "object": str | None,
        "counter": str,
        "amount": int | None,
        "by": str | None,
        "entering": bool,
        "mana": Mana,
        "from": str | None,
        "to": str | None,
        "target": str | None,
        "paid": bool,
        "option": "Answer",  # the villainous choice, as answered
        "step": str | None,
        "turn": int,
        "color": "Answer",  # the colour chosen, as answered
        "creature_type": "Answer",  # the creature type chosen, as answered (creature_type_chosen)
        "attached_to": str | None,
        "derived": bool,  # read by the adapter from the engine's state, not emitted by the engine
    },
    total=False,
)
Event.__doc__ = "One event the engine reports (spec/README.md 2.2; protocol/result.json ``events``)."


class ObservedDecision(TypedDict, total=False):
    """A decision the engine asked, and how it was answered (spec/README.md 2, ``decisions``)."""

    kind: Required[str]
    player: str | None
    source: "Ref | None"  # a ref, as the engine names the source (an adapter may echo the case's)
    options: Sequence[object] | None  # JSON values written like answers: refs, symbols, payments, ...
    answer: object  # as given or taken (an answer of the case, or the engine's own): informative
    used: int | None
    auto: bool
    forced: bool


class Unanswered(TypedDict, total=False):
    """A decision no scripted answer answers; the run stopped there (spec/README.md 2, ``unanswered``)."""

    kind: str
    player: str | None
    source: "Ref | None"
    options: Sequence[object] | None


class Observation(TypedDict, total=False):
    """What an engine returns for a case (spec/README.md 2; protocol/result.json ``$defs/observation``)."""

    steps: Required[list[StepResult]]
    final: Projection
    snapshots: dict[str, Projection]
    events: list[Event]
    decisions: list[ObservedDecision]
    unanswered: Unanswered | None


# -- the protocol (spec/protocol/*.json) and engine modules -------------------------------------
class Software(TypedDict):
    """An engine or adapter: name and version (protocol/handshake.json, report.schema.json ``software``)."""

    name: str
    version: str
    homepage: NotRequired[str]


class Handshake(TypedDict):
    """The adapter's answer to ``start`` (spec/protocol/handshake.json)."""

    protocol: int
    engine: Software
    adapter: Software
    unsupported_features: list[str]


class RunMessage(TypedDict):
    """Run one case: runner -> adapter, protocol 2 (spec/protocol/run.json): the cards the adapter
    process does not hold yet, and the names of the case's cards."""

    cmd: Literal["run"]
    seq: int
    case: Case
    new_cards: dict[str, Card]
    card_names: list[str]


class RunMessageV1(TypedDict):
    """Run one case: runner -> adapter, protocol 1 (spec/protocol/v1/run.json): every card with it."""

    cmd: Literal["run"]
    seq: int
    case: Case
    cards: dict[str, Card]


class ResultMessage(TypedDict, total=False):
    """The adapter's answer to ``run``: exactly one of observation, unsupported, error
    (spec/protocol/result.json)."""

    seq: Required[int]
    observation: Observation
    unsupported: str
    error: str
    detail: str


class EngineAnswer(TypedDict, total=False):
    """What an engine module's ``run_case`` may return instead of a bare observation
    (conformance/engines/inprocess.py): ``status`` and the observation or the reason."""

    status: Required[Literal["observed", "unsupported", "error"]]
    observation: Observation
    reason: str
    seconds: float


# -- the report (spec/report.schema.json) --------------------------------------------------------
class AdapterSoftware(Software):
    """The adapter and how it was run (report.schema.json ``adapter``)."""

    command: str


class SuiteInfo(TypedDict):
    """The cases run: suite version, content hash, count (report.schema.json ``suite``)."""

    version: str
    hash: str
    cases: int
    paths: NotRequired[list[str]]


class ReportSettings(TypedDict, total=False):
    """The command line's settings (report.schema.json ``settings``)."""

    engine: str
    timeout: float
    jobs: int
    give_up_after: int
    skip: list[str]
    baseline: str | None


# The counts per outcome and the pass rates (report.schema.json ``totals``; "pass" is a Python keyword).
Totals = TypedDict(
    "Totals",
    {
        "total": int,
        "pass": int,
        "fail": int,
        "error": int,
        "crash": int,
        "timeout": int,
        "not_applicable": int,
        "skipped": int,
        "pass_rate": float,
        "applicable_pass_rate": float,
    },
)
Totals.__doc__ = "Counts per outcome and the pass rates (report.schema.json ``totals``)."


class ReportVerdict(TypedDict):
    """The run's verdict against the baseline (report.schema.json ``verdict``)."""

    ok: bool
    baseline: bool
    unexpected_failures: list[str]
    known_failures: list[str]
    now_passing: list[str]
    flaky_passed: NotRequired[list[str]]
    baseline_not_run: NotRequired[list[str]]
    baseline_missing: NotRequired[list[str]]


class DiffEntry(TypedDict):
    """One difference from the expectation (report.schema.json ``$defs/case``, ``diff``); the values
    are any JSON (whatever the case expects and the engine reported)."""

    where: str
    expected: object
    observed: object
    message: NotRequired[str]


class ReportCase(TypedDict):
    """One case's outcome in the report (report.schema.json ``$defs/case``)."""

    id: str
    title: NotRequired[str]
    topic: str
    path: NotRequired[str]
    features: list[str]
    rules: NotRequired[list[str]]
    outcome: Outcome
    seconds: float
    message: str
    known_failure: NotRequired[bool]
    cause: NotRequired[str]
    attribution: NotRequired[Attribution]
    stderr: NotRequired[str]
    diff: list[DiffEntry]


class ReportShard(TypedDict):
    """Which slice of the selection a shard report ran (``mtgc certify --shard I/N``;
    conformance/run/shard.py): its suite block is the whole selection's."""

    index: int
    count: int
    cases: int
    balance: Literal["round-robin", "timings"]
    timings: NotRequired[str]  # the digest of the recorded times the cut used
    estimated_seconds: NotRequired[float]


class Report(TypedDict):
    """A certification report, report.json (spec/report.schema.json)."""

    report_version: Literal[1]
    harness: Software
    suite: SuiteInfo
    protocol: int
    cr_date: str
    engine: Software
    adapter: AdapterSoftware
    unsupported_features: list[str]
    unknown_features: NotRequired[list[str]]
    adapter_problem: NotRequired[str]
    interrupted: NotRequired[str | None]  # the signal that stopped the run, if one did
    adapter_stats: NotRequired[dict[str, float]]  # starts, restarts, start_seconds
    started: str
    finished: str
    seconds: float
    settings: ReportSettings
    totals: Totals
    verdict: ReportVerdict
    cases: list[ReportCase]
    shard: NotRequired[ReportShard]


class CaseChange(TypedDict, total=False):
    """A case whose outcome differs between two reports, or that only one has (``mtgc diff``)."""

    id: Required[str]
    topic: Required[str]
    outcome: Outcome
    old: Outcome
    new: Outcome
    why: str


class ReportLabel(TypedDict):
    """Which run a report is, for ``mtgc diff``."""

    engine: Software
    suite_hash: str
    started: str
    pass_rate: float


class ReportDiff(TypedDict):
    """``mtgc diff OLD NEW --json``: the cases regressed, fixed, changed, new and removed."""

    regressed: list[CaseChange]
    fixed: list[CaseChange]
    changed: list[CaseChange]
    new: list[CaseChange]
    removed: list[CaseChange]
    old: ReportLabel
    new_report: ReportLabel


class Badge(TypedDict):
    """badge.json: a shields.io endpoint badge (https://shields.io/badges/endpoint-badge)."""

    schemaVersion: int
    label: str
    message: str
    color: str


# -- the baseline (``mtgc baseline``; conformance/report/baseline.py) --------------------------------
class BaselineEntry(TypedDict, total=False):
    """A known failure: its outcome and message when listed, and a person's ``cause``, ``attribution``
    and ``flaky`` mark."""

    outcome: JSONValue
    message: JSONValue
    flaky: bool
    cause: str
    attribution: Attribution


class Baseline(TypedDict, total=False):
    """A known-failures baseline file (``mtgc baseline REPORT``; conformance/report/baseline.py)."""

    baseline_version: int
    engine: "Software | JSONObject"  # the report's engine
    from_report: JSONObject  # the report it was made from: finished, suite_hash
    known_failures: Required[dict[str, BaselineEntry]]
