"""Fuzzing targets against protection and "hexproof from" (CR 702.16, 702.11d), damage prevention by
protection (CR 702.16e, 615) and "any number of target" (CR 601.2c, 115.3).

:func:`protected_targets_cases` draws creatures for both players, each maybe with "Protection from
<quality>", "Hexproof from <quality>" (a colour, artifacts or creatures) or hexproof (the card format's
keyword ``from``, as Knight of Grace and Beloved Chaplain), and one spell, or activated ability of an
artifact or a creature, of a colour or colourless, controlled by either player, with one target
creature or "any number of target creatures": it puts a +1/+1 counter
on each target and maybe deals 1 damage to each creature. Its targets are drawn among all creatures,
legal or not; the expected outcome comes from the rules:

* CR 702.16b: a spell or ability can't target an object with protection from one of its qualities (a
  spell's colour; an ability's source's colour, and its card type: artifacts, creatures, CR 702.16a);
* CR 702.11d: one with hexproof from a quality can't be the target of such spells or abilities its
  controller's opponents control; its controller's own may target it (and plain hexproof, 702.11b);
* CR 601.2c: a cast or activation with a target that isn't legal is refused (nothing is paid or moved);
  "any number of target creatures" takes any number of different legal creatures, none included
  (CR 115.3);
* CR 702.16e, 615: damage from a source of a protected quality is prevented; hexproof prevents none;
  so is damage to a player's creatures once that player's "prevent all damage that would be dealt to
  creatures you control this turn" has resolved (CR 615.1a, 615.4).
"""

from __future__ import annotations

from hypothesis import strategies as st

from conformance.documents import (
    Action,
    Card,
    Case,
    DecisionEntry,
    Expect,
    Feature,
    JSONObject,
    JSONValue,
    ObjectExpect,
    Permanent,
    SetupPlayer,
)
from conformance.fuzz.cardgen import card
from conformance.fuzz.choices import BOOLEANS, integers, sampled, subsets
from conformance.fuzz.strategies import Draw, make_case

COLOUR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
# what a protection or "hexproof from" ability names (CR 702.16a): a colour, or a card type
QUALITIES: dict[str, JSONObject] = {
    **{c: {"colors": [c]} for c in "WUBRG"},
    "artifacts": {"types": ["Artifact"]},
    "creatures": {"types": ["Creature"]},
}
SOURCE_KINDS = ("spell", "artifact", "creature")  # an instant, or an activated ability of a permanent
# a creature's way of being hard to target: (keyword, quality colour or None)
WARDS = ("none", "protection", "hexproof-from", "hexproof")


def warded_creature(power: int, toughness: int, ward: str, quality: str) -> Card:
    """A creature with "Protection from <quality>", "Hexproof from <quality>", hexproof, or none."""
    name = f"Fuzz Creature {power}-{toughness}"
    if ward == "none":
        return card(name, ["Creature"], [], cost="{1}", power=power, toughness=toughness)
    if ward == "hexproof":
        return card(f"{name} hexproof", ["Creature"], [{"kind": "keyword", "keyword": "Hexproof"}],
                    cost="{1}", power=power, toughness=toughness)
    keyword = "Protection" if ward == "protection" else "Hexproof"
    ability: JSONObject = {"kind": "keyword", "keyword": keyword, "from": QUALITIES[quality]}
    words = COLOUR_NAMES.get(quality, quality)
    c = card(f"{name} {ward} {words}", ["Creature"], [ability], cost="{1}", power=power, toughness=toughness)
    c["text"] = f"{keyword} from {words}"
    c["keywords"] = [keyword] if ward == "protection" else ["Hexproof from"]
    return c


def legal_target(ward: str, quality: str, source: set[str], controller: str, caster: str) -> bool:
    """CR 702.16b, 702.11b, 702.11d: whether a spell or ability from a source with the qualities
    ``source`` (its colours, "artifacts"), controlled by ``caster``, may target a creature with this
    ward (of ``quality``) controlled by ``controller``."""
    if ward == "protection":
        return quality not in source
    if ward == "hexproof-from":
        return quality not in source or controller == caster
    if ward == "hexproof":
        return controller == caster
    return True


@st.composite
def protected_targets_cases(draw: Draw) -> Case:
    """See the module docstring."""
    cards: dict[str, Card] = {}
    players: list[SetupPlayer] = [{"alias": "alice"}, {"alias": "bob"}]
    creatures: dict[str, tuple[str, str, str, int]] = {}  # alias -> (controller, ward, quality, toughness)
    for p in players:
        bf: list[Permanent] = []
        for k in range(draw(integers(0 if p["alias"] == "alice" else 1, 2))):
            toughness, ward = draw(integers(1, 3)), draw(sampled(WARDS))
            quality = draw(sampled(sorted(QUALITIES)))
            c = warded_creature(1, toughness, ward, quality)
            cards[c["name"]] = c
            alias = f"{p['alias'][0]}c{k}"
            bf.append({"alias": alias, "card": c["name"]})
            creatures[alias] = (p["alias"], ward, quality, toughness)
        p["battlefield"] = bf
    caster = draw(sampled(["alice", "bob"]))
    colour = draw(sampled("WUBRGC"))  # the spell's, or the ability's source's; C: colourless
    kind = draw(sampled(SOURCE_KINDS))
    by_spell = kind == "spell"
    qualities = ({colour} - {"C"}) | ({f"{kind}s"} if kind != "spell" else set())  # CR 702.16a
    if kind == "creature":  # a creature too: a legal target of its own ability (CR 115.5 bars only itself)
        creatures["source"] = (caster, "none", "", 3)
    cost = "{1}" if colour == "C" else f"{{{colour}}}"
    many = draw(BOOLEANS)  # "any number of target creatures" (CR 601.2c)
    aliases = sorted(creatures)
    chosen = (draw(subsets(aliases)) if many
              else [draw(sampled(aliases))])
    sweep = draw(BOOLEANS)  # and 1 damage to each creature (CR 702.16e)
    spec: JSONObject = {"filter": {"types": ["Creature"]}}
    if many:
        spec["any_number"] = True
    effects: list[JSONValue] = [{"do": "put_counters", "counter": "+1/+1", "amount": 1, "to": {"target": 0}}]
    if sweep:
        effects.append({"do": "deal_damage", "amount": 1, "to": {"each": {"types": ["Creature"]}}})
    targets = "any number of target creatures" if many else "target creature"
    text = f"Put a +1/+1 counter on each of {targets}." if many else f"Put a +1/+1 counter on {targets}."
    text += " This deals 1 damage to each creature." if sweep else ""
    ability: JSONObject = {"targets": [spec], "effects": effects}
    who = next(p for p in players if p["alias"] == caster)
    if by_spell:
        source = card(f"Fuzz Blessing {colour}{' many' if many else ''}{' sweep' if sweep else ''}",
                      ["Instant"], [], cost=cost)
        source["abilities"] = [{"kind": "spell", **ability}]
        who.setdefault("hand", []).append({"alias": "source", "card": source["name"]})
        who["mana_pool"] = {colour: 1}  # {C} pays a colourless spell's {1}
        step: Action = {"action": "cast", "player": caster, "card": "source"}
    elif kind == "artifact":
        source = card(f"Fuzz Rod {colour}{' many' if many else ''}{' sweep' if sweep else ''}", ["Artifact"],
                      [], cost=cost)
        source["abilities"] = [{"kind": "activated", "cost": {"tap": True}, **ability}]
        who.setdefault("battlefield", []).append({"alias": "source", "card": source["name"]})
        step = {"action": "activate", "player": caster, "source": "source", "ability": 0}
        text = f"{{T}}: {text}"
    else:  # a creature's "{1}: ..." (no {T}: it may have come under its controller's control this turn)
        source = card(f"Fuzz Shaman {colour}{' many' if many else ''}{' sweep' if sweep else ''}",
                      ["Creature"], [], cost=cost, power=1, toughness=3)
        source["abilities"] = [{"kind": "activated", "cost": {"mana": "{1}"}, **ability}]
        who.setdefault("battlefield", []).append({"alias": "source", "card": source["name"]})
        who["mana_pool"] = {"C": 1}
        step = {"action": "activate", "player": caster, "source": "source", "ability": 0}
        text = f"{{1}}: {text}"
    source["text"] = text  # rendered here: the shared renderer knows no "each creature" recipient
    cards[source["name"]] = source
    script: list[Action] = []
    # "Prevent all damage that would be dealt to creatures you control this turn", cast and resolved first
    # (CR 615.1a, 615.4): a player's creatures are dealt none of the damage
    shelter = draw(sampled(["", "alice", "bob"])) if sweep else ""
    if shelter:
        passage = card("Fuzz Passage", ["Instant"], [], cost="{W}")
        passage["abilities"] = [{"kind": "spell", "effects": [
            {"do": "prevent_damage", "to": {"types": ["Creature"], "controller": "you"}}]}]
        passage["text"] = "Prevent all damage that would be dealt to creatures you control this turn."
        cards[passage["name"]] = passage
        by = next(p for p in players if p["alias"] == shelter)
        by.setdefault("hand", []).append({"alias": "passage", "card": passage["name"]})
        by["mana_pool"] = {**by.get("mana_pool", {}), "W": by.get("mana_pool", {}).get("W", 0) + 1}
        script += [{"action": "pass", "player": "alice"}] if shelter == "bob" else []
        script += [{"action": "cast", "player": shelter, "card": "passage"}, {"action": "resolve"}]
    script += [{"action": "pass", "player": "alice"}] if caster == "bob" else []
    script.append(step)
    legal = all(legal_target(w, q, qualities, ctl, caster)
                for ctl, w, q, _ in (creatures[a] for a in chosen))
    # with no legal creature at all, "target creature" can't be chosen: refused before any choice (601.2c)
    asked = many or any(legal_target(w, q, qualities, ctl, caster) for ctl, w, q, _ in creatures.values())
    decisions: list[DecisionEntry] = (
        [{"kind": "targets", "player": caster, "source": "source", "answer": list(chosen)}] if asked else []
    )
    objects: dict[str, ObjectExpect] = {}
    expect: Expect = {"objects": objects}
    if legal:
        script.append({"action": "resolve"})
        for a, (controller, ward, quality, toughness) in creatures.items():
            plus = 1 if a in chosen else 0
            protected = ward == "protection" and quality in qualities  # CR 702.16e
            damage = 1 if sweep and not protected and shelter != controller else 0  # CR 615.1a
            counters = {"+1/+1": plus} if plus else {}
            objects[a] = ({"zone": "graveyard"} if damage >= toughness + plus else  # CR 704.5g
                          {"zone": "battlefield", "counters": counters, "damage": damage})
        if kind != "creature":
            objects["source"] = {"zone": "graveyard"} if by_spell else {"zone": "battlefield", "tapped": True}
    else:
        expect["rejected"] = [{"step": len(script) - 1, "rule": ["601.2c", "702.16b", "702.11d", "115.1"]}]
        for a in creatures:
            objects[a] = {"zone": "battlefield", "counters": {}, "damage": 0}
        if kind != "creature":
            objects["source"] = {"zone": "hand"} if by_spell else {"zone": "battlefield", "tapped": False}
    features: list[Feature] = ["targets", "target-legality", "protection", "counters", "crime"]
    features += ["up-to-targets"] if many else []
    features += ["damage"] if sweep else []
    features += ["priority"] if shelter else []
    return make_case(
        "targeting",
        "protection-and-hexproof-from-targets",
        ["702.16b", "702.11d", "601.2c", "115.3", "702.16e", "615.1a"],
        features,
        "No spell or ability targets what has protection from its colour, nor an opponent's what has "
        "hexproof from it; damage from that colour to a protected creature, and damage a prevention effect "
        "applies to, is prevented",
        cards,
        players,
        script,
        decisions,
        expect,
        notes=f"{caster}'s {COLOUR_NAMES[colour]} {'spell' if by_spell else 'ability'} targets {chosen}"
        + (f"; {shelter} prevents damage to creatures they control" if shelter else ""),
    )
