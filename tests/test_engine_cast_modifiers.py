"""Effects that modify a spell once cast (CR 107.3, 601.2f): Unbound Flourishing doubles the X of a
permanent spell whose mana cost contains {X} (nothing more is paid; the permanent enters with the new X,
107.3m) and copies an instant or sorcery whose mana cost contains {X} (707.10)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj

from engine import apply
from engine.characteristics import matches


def _cast(card: str, x: int, pool: dict[str, int], unbounds: int = 1) -> tuple[object, object]:
    g, refs = new_game([
        {"alias": "a", "mana_pool": pool, "hand": [{"alias": "s", "card": card}],
         "battlefield": [{"alias": f"u{i}", "card": "Unbound Flourishing"} for i in range(unbounds)],
         "library": [{"alias": f"l{i}", "card": "Island"} for i in range(4)]},
        {"alias": "b"},
    ])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s"}, x)
    return step.game, refs


def test_the_trigger_doubles_the_x_of_the_spell_on_the_stack_and_nothing_more_is_paid() -> None:
    g, refs = _cast("Walking Ballista", 1, {"C": 4})
    assert [s.x for s in g.stack if s.kind == "spell"] == [1]  # type: ignore[attr-defined]
    g = apply(g, {"action": "resolve"}).game  # type: ignore[arg-type]
    assert [s.x for s in g.stack if s.kind == "spell"] == [2]
    assert dict(g.players[0].mana_pool) == {"C": 2}
    g = apply(g, {"action": "resolve"}).game
    assert dict(obj(g, refs, "s").counters) == {"+1/+1": 2}


def test_the_x_filter_reads_the_mana_cost_only() -> None:
    g, refs = _cast("Walking Ballista", 0, {})
    flt = {"types": ["Creature"], "x_in_mana_cost": True, "zone": "stack"}
    assert matches(g, flt, obj(g, refs, "s"), None, 0)  # type: ignore[arg-type]
    g2, refs2 = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "s", "card": "Shock"}]},
                          {"alias": "b"}])
    assert not matches(g2, {"x_in_mana_cost": True, "zone": None}, obj(g2, refs2, "s"), None, 0)


def test_an_instant_with_x_is_copied_with_the_same_x_not_doubled() -> None:
    g, refs = _cast("Sphinx's Revelation", 1, {"W": 2, "U": 2})
    g = apply(g, {"action": "resolve"}).game  # type: ignore[arg-type]
    spells = [s for s in g.stack if s.kind == "spell"]
    assert [s.x for s in spells] == [1, 1] and obj(g, refs, "s").zone == "stack"


def _scepter(*answers: object) -> tuple[object, object]:
    """Alice imprints Shock on Isochron Scepter and activates it; the ability resolves with these answers."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 4}, "hand": [
        {"alias": "sc", "card": "Isochron Scepter"}, {"alias": "shock", "card": "Shock"}]}, {"alias": "b"}])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "sc"}).game
    g = apply(g, {"action": "resolve"}).game
    shock = obj(g, refs, "shock")
    g = act(g, refs, {"action": "resolve"}, ("object", shock.id, shock.epoch)).game
    g = act(g, refs, {"action": "activate", "player": "a", "source": "sc", "ability": 0}).game
    return act(g, refs, {"action": "resolve"}, *answers).game, refs


def test_the_copy_is_cast_as_the_ability_resolves_and_is_a_copy() -> None:
    g, refs = _scepter(True, True, [("player", 1)])
    spells = [s for s in g.stack if s.kind == "spell"]  # type: ignore[attr-defined]
    assert len(spells) == 1 and spells[0].targets == ((("player", 1),),)
    copy = g.obj(spells[0].source)  # type: ignore[attr-defined]
    shock = obj(g, refs, "shock")
    assert copy.spell_copy and copy.card == shock.card and shock.zone == "exile"


def test_a_copy_not_cast_ceases_to_exist() -> None:
    g, refs = _scepter(True, False)
    assert not g.stack  # type: ignore[attr-defined]
    assert [o for o in g.objects.values() if o.spell_copy] == []  # type: ignore[attr-defined]
