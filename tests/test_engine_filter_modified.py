"""The filter 'modified' (CR 700.9): a counter of any kind, an Equipment attached, or an Aura attached that
the permanent's controller controls; an opponent's Aura doesn't modify it."""

from __future__ import annotations

from engine_helpers import new_game, obj

from engine import characteristics as ch
from engine.state import replace


def test_modified_counters_equipment_and_only_the_controllers_auras() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [
                            {"alias": "bears", "card": "Grizzly Bears"},
                            {"alias": "giant", "card": "Hill Giant"},
                            {"alias": "elves", "card": "Llanowar Elves"},
                            {"alias": "splitter", "card": "Bonesplitter", "attached_to": "giant"},
                            {"alias": "gift", "card": "Angelic Gift", "attached_to": "elves"}]},
                        {"alias": "b", "battlefield": [
                            {"alias": "maw", "card": "Colossal Dreadmaw"},
                            {"alias": "bgift", "card": "Angelic Gift", "attached_to": "maw"}]}])
    bears, giant, elves, maw = (obj(g, refs, a) for a in ("bears", "giant", "elves", "maw"))
    flt = {"modified": True}
    assert not ch.matches(g, flt, bears, giant)
    assert ch.matches(g, flt, giant, bears)  # equipped
    assert ch.matches(g, flt, elves, bears)  # its controller's Aura
    assert ch.matches(g, flt, maw, bears)  # Bob's own Aura on Bob's creature
    stunned = replace(bears, counters={"stun": 1})  # any kind of counter
    assert ch.matches(g.with_obj(stunned), flt, stunned, giant)
    gift = obj(g, refs, "bgift")
    g2 = g.with_obj(replace(gift, attached_to=bears.id))  # Bob's Aura on Alice's Bears: not a modification
    assert not ch.matches(g2, flt, obj(g2, refs, "bears"), giant)
