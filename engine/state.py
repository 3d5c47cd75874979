"""The game state: immutable values only.

Objects live in one id-keyed store; zones are tuples of ids (CR 400). An object keeps its id when it
changes zones, but its ``epoch`` goes up: CR 400.7 makes it a new object, so a target chosen for the
old one (which remembers the epoch) is illegal (CR 608.2b).

The maps (counters, mana pools, infos, the object store) are ``frozendict``s: a change makes a new map
(``set``, ``delete``), a map equals the dict of its items and hashes, and it iterates in insertion order,
so the engine's events and choices are the same in every process. A hash-ordered persistent map
(immutables, pyrsistent, rpds) would order counters by PYTHONHASHSEED; benchmarks/maps.py has the
measurements that chose frozendict over the hand-written map the engine had.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from frozendict import frozendict

if TYPE_CHECKING:
    from .cards import CardDef

T = TypeVar("T")

_PLAIN_FIELDS: dict[type, frozenset[str] | None] = {}


def _plain_fields(cls: type) -> frozenset[str] | None:
    """The field names of a dataclass ``replace`` may copy directly: no ``__post_init__``, no slots,
    no InitVar/ClassVar pseudo-fields, every field in ``__init__``. None for any other class."""
    if cls not in _PLAIN_FIELDS:
        fields = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
        plain = (bool(fields) and not hasattr(cls, "__post_init__") and "__slots__" not in cls.__dict__
                 and len(fields) == len(cls.__dataclass_fields__) and all(f.init for f in fields))  # type: ignore[attr-defined]
        _PLAIN_FIELDS[cls] = frozenset(f.name for f in fields) if plain else None
    return _PLAIN_FIELDS[cls]


def replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace`` without the ``__init__`` round trip (the engine's hottest call).

    Same result for the engine's frozen dataclasses: a shallow copy with ``changes`` applied; an
    unknown field is a TypeError. Any other class goes through ``dataclasses.replace``."""
    cls = type(obj)
    names = _PLAIN_FIELDS[cls] if cls in _PLAIN_FIELDS else _plain_fields(cls)
    if names is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not names.issuperset(changes):
        name = next(n for n in changes if n not in names)
        raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument {name!r}")
    new = object.__new__(cls)
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new

COLORS = ("W", "U", "B", "R", "G")
MANA_TYPES = ("W", "U", "B", "R", "G", "C")
# "first_strike_damage" is the first of two combat damage steps (CR 510.4), only when a creature in
# combat has first or double strike as it would begin
STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "main2", "end",
         "cleanup")


def counters_add(counters: frozendict[str, int], kind: str, amount: int) -> frozendict[str, int]:
    """Counters never go below zero (CR 122.8 removal of more than there are removes all)."""
    n = max(0, counters.get(kind, 0) + amount)
    if n == 0:
        return counters.delete(kind) if kind in counters else counters
    return counters.set(kind, n)


# A target: ("player", index) | ("object", id, epoch) | ("stack", stack item id)
Target = tuple[Any, ...]


@dataclass(frozen=True)
class Mod:
    """A continuous effect on one object until end of turn (pump, keyword, protection)."""

    power: int = 0
    toughness: int = 0
    keyword: str | None = None
    protection: str | None = None  # a colour
    types: tuple[str, ...] = ()  # card types it gains, "becomes a creature" (layer 4, CR 613.1d)
    subtypes: tuple[str, ...] = ()
    base_power: int | None = None  # "becomes a 2/2": power and toughness set (layer 7b, CR 613.4b)
    base_toughness: int | None = None
    timestamp: int = 0
    ability: Any = None  # a keyword ability with parameters it gains ("gains ward {3}")
    loses_abilities: bool = False  # "loses all abilities" (layer 6, CR 613.1f): those it had before it
    colors: tuple[str, ...] | None = None  # "becomes blue": its colors set (layer 5, CR 613.1e)
    creature_types: tuple[str, ...] | None = None  # "becomes a Frog": its creature types set (layer 4)
    copy: CardDef | None = None  # "becomes a copy of [a creature]": its copiable values (layer 1, CR 613.2a)


@dataclass(frozen=True)
class Obj:
    """A card or token and its status (CR 110.5, 122)."""

    id: int
    card: str
    owner: int
    controller: int
    zone: str
    alias: str | None = None
    token: bool = False
    tapped: bool = False
    sick: bool = False
    counters: frozendict[str, int] = field(default_factory=frozendict)
    damage: int = 0
    deathtouched: bool = False
    attached_to: int | None = None
    # the epoch of the object it was attached to: one that left the battlefield and came back is a new
    # object (CR 400.7), which it is not attached to (704.5m-n); None: attached in a way that doesn't say
    attached_epoch: int | None = None
    mods: tuple[Mod, ...] = ()
    x: int = 0
    tribute_paid: bool | None = None
    loyalty_used: bool = False
    epoch: int = 0
    created: int = 0  # n for the n-th created object of this name (projection ref Name#n)
    control_reverts_to: int | None = None  # "gain control ... until end of turn": whose it is again (514.2)
    chosen_color: str | None = None  # "As this enters, choose a color" (CR 614.12)
    chosen_type: str | None = None  # "As this enters, choose a creature type" (CR 614.12, 205.3m)
    chosen_name: str | None = None  # "As this enters, choose a card name" (CR 614.12, 201.4)
    spell_copy: bool = False  # a copy of a spell (CR 707.10): not a card; gone once off the stack
    timestamp: int = 0  # when it entered the battlefield (CR 613.7e): orders its static abilities' effects
    skip_untaps: int = 0  # 1: "doesn't untap during its controller's next untap step" (any number of them)
    # the copiable values a copy effect gave it as it entered (layer 1, CR 613.2a, 707.2, 707.5), its
    # exceptions included (707.9b): what it is instead of its printed card; None: not a copy
    copy: CardDef | None = None
    unearthed: bool = False  # returned by unearth: exiled instead of leaving the battlefield (CR 702.84a)
    # CR 702.26: "directly" | "indirectly" (an Aura or Equipment that phased out with its host, 702.26g)
    # while phased out; it stays on the battlefield (702.26d) but is out of ``Game.battlefield``
    phased_out: str | None = None
    # set only on a permanent's last known information (CR 608.2h, 113.7a): the keywords it had as it
    # last existed on the battlefield, static abilities' grants included
    last_keywords: tuple[str, ...] | None = None

    def moved(self, zone: str, **changes: Any) -> Obj:
        """The object in a new zone: a new object (CR 400.7) with no memory of the old one."""
        return replace(self, zone=zone, tapped=False, sick=False, counters=frozendict(), damage=0,
                       deathtouched=False, attached_to=None, attached_epoch=None, mods=(), tribute_paid=None,
                       unearthed=False, loyalty_used=False, epoch=self.epoch + 1, control_reverts_to=None,
                       chosen_color=None, chosen_type=None, chosen_name=None, skip_untaps=0, copy=None,
                       last_keywords=None, **changes)


@dataclass(frozen=True)
class RestrictedMana:
    """One mana whose ability restricts how it can be spent or gives a rider to what it's spent on (CR
    106.6: "This doesn't affect the mana's type"). It keeps both while it stays in the pool;
    ``restriction`` is the card's ``spend_only``; ``source`` the permanent as it was when it produced the
    mana, whose choice "the chosen type" means (CR 607.2d)."""

    type: str
    source: Obj
    restriction: Any


@dataclass(frozen=True)
class Player:
    alias: str
    life: int = 20
    counters: frozendict[str, int] = field(default_factory=frozendict)
    mana_pool: frozendict[str, int] = field(default_factory=frozendict)  # mana anything can be spent on
    restricted_mana: tuple[RestrictedMana, ...] = ()  # mana in the pool with a restriction (CR 106.6)
    library: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    graveyard: tuple[int, ...] = ()
    sideboard: tuple[int, ...] = ()
    collection: tuple[int, ...] = ()
    crimes: int = 0
    lost: bool = False
    drew_from_empty: bool = False
    land_played: bool = False


@dataclass(frozen=True)
class StackItem:
    """A spell or an ability on the stack (CR 405, 113.7)."""

    id: int
    kind: str  # "spell" | "ability"
    source: int  # the source object's id (for a spell, the card itself)
    controller: int
    ability: Any = None  # the ability definition (dict) for abilities; None for a spell
    targets: tuple[tuple[Target, ...], ...] = ()
    distribution: tuple[tuple[Target, int], ...] = ()
    x: int = 0
    info: frozendict[str, Any] = field(default_factory=frozendict)  # trigger details: "that_player", "it"...
    source_lki: Obj | None = None  # last known information about the source (CR 113.7a)


@dataclass(frozen=True)
class TriggerInstance:
    """A triggered ability that has triggered and waits to be put on the stack (CR 603.2)."""

    controller: int
    source: int
    index: int  # index of the ability in the source's card definition (negative: one it was given)
    info: frozendict[str, Any] = field(default_factory=frozendict)
    source_lki: Obj | None = None
    ability: Any = None  # the ability itself when it was given, not printed (granted ward)


@dataclass(frozen=True)
class TurnEffect:
    """A replacement effect a resolved spell or ability created "this turn" (CR 611.2a, 614.1): it ends in
    the cleanup step (514.2). ``source_lki``: its source as it was when the effect was created."""

    controller: int
    source_lki: Obj
    spec: Any  # a replacement specification, as in card data
    timestamp: int = 0


@dataclass(frozen=True)
class Attack:
    attacker: int
    defending: Target


@dataclass(frozen=True)
class Game:
    players: tuple[Player, ...]
    cards: frozendict[str, Any]  # card name -> CardDef
    objects: frozendict[int, Obj] = field(default_factory=frozendict)
    battlefield: tuple[int, ...] = ()
    exile: tuple[int, ...] = ()
    stack: tuple[StackItem, ...] = ()  # bottom first
    turn: int = 1
    active: int = 0
    step: str = "main1"
    priority: int | None = 0
    passes: frozenset[int] = frozenset()
    pending_triggers: tuple[TriggerInstance, ...] = ()
    next_id: int = 1
    timestamp: int = 0
    tournament: bool = True
    once_per_turn: frozenset[tuple[int, int, int]] = frozenset()  # (object id, epoch, ability index)
    awaiting: str | None = None  # "attackers" | "blockers": a turn-based action is due
    attacks: tuple[Attack, ...] = ()
    blocks: tuple[tuple[int, int], ...] = ()  # (blocker, attacker)
    # CR 506.4: attackers and blockers removed from combat (their controller changed); the creature a
    # removed blocker blocked stays blocked (509.1h), so its block stays recorded. Attackers were still
    # declared (508.8 doesn't skip the later steps), and a removed attacker may then block.
    removed_from_combat: frozenset[int] = frozenset()
    # CR 510.4: the creatures that had first or double strike as the first combat damage step began
    # (None: there was no such step this combat)
    first_strikers: frozenset[int] | None = None
    # each permanent as it last existed on the battlefield, by id (its epoch says which object): CR 608.2h
    last_known: frozendict[int, Obj] = field(default_factory=frozendict)
    created: frozendict[str, int] = field(default_factory=frozendict)
    turn_effects: tuple[TurnEffect, ...] = ()  # "this turn, ..." replacement effects (ended at cleanup)
    # CR 610.3: cards exiled "until [this permanent] leaves the battlefield": (source id, source epoch) ->
    # the exiled cards (id, epoch in exile); a second one-shot effect returns them once it leaves
    exiled_until: frozendict[tuple[int, int], tuple[tuple[int, int], ...]] = field(default_factory=frozendict)
    # CR 607.2a, 406.6: the cards an ability of (source id, source epoch) exiled, which its linked ability
    # ("return the exiled card") refers to, and only those
    exiled_with: frozendict[tuple[int, int], tuple[tuple[int, int], ...]] = field(default_factory=frozendict)
    # CR 702.26b: the phased-out permanents, out of ``battlefield`` so that every query of the battlefield
    # treats them as though they don't exist; id -> the player who controlled it as it phased out (502.1)
    phased_out: frozendict[int, int] = field(default_factory=frozendict)
    # CR 500.8-500.9: phases and steps added after the current one ("combat", "main", "upkeep"), next
    # first, and the step they were added after, which the turn goes on from once they are over
    extra_phases: tuple[str, ...] = ()
    resume_after: str | None = None
    attacked_this_turn: frozenset[tuple[int, int]] = frozenset()  # (id, epoch): attackers declared
    # CR 702.84a, 603.7: unearthed permanents (id, epoch, controller) to exile as the next end step begins
    unearth_delayed: tuple[tuple[int, int, int], ...] = ()
    seed: int = 0
    pending: Any = None  # a Pending decision (engine.context) when the game waits for a choice

    def obj(self, oid: int) -> Obj:
        return self.objects[oid]

    def player_index(self, alias: str) -> int:
        for i, p in enumerate(self.players):
            if p.alias == alias:
                return i
        raise KeyError(alias)

    @property
    def over(self) -> bool:
        """The game has ended (CR 104.1, 104.2a, 104.4a): at most one of its players is still in it."""
        return len(self.players) >= 2 and sum(1 for p in self.players if not p.lost) <= 1

    def apnap(self) -> list[int]:
        """Players in APNAP order (CR 101.4): the active player, then the others in turn order."""
        n = len(self.players)
        return [(self.active + k) % n for k in range(n) if not self.players[(self.active + k) % n].lost]

    def opponents(self, player: int) -> list[int]:
        return [i for i in self.apnap() if i != player]

    def with_obj(self, o: Obj) -> Game:
        return replace(self, objects=self.objects.set(o.id, o))

    def with_player(self, index: int, p: Player) -> Game:
        players = list(self.players)
        players[index] = p
        return replace(self, players=tuple(players))
