"""phase-python card data for a catalogue: phase's own Oracle-text parser (``build_oracle_face``) turns
each catalogue entry's MTGJSON fields into a card face; the result is cached on disk by the catalogue's
content hash, and one loaded ``phase.Engine`` is kept per catalogue."""

from __future__ import annotations

import json
import os
import tempfile
from importlib import metadata
from typing import Any

from conformance.adapters.common import BASIC_LANDS, cache_dir, content_hash, mtgjson_card
from conformance.documents import Card

try:
    ENGINE_VERSION = metadata.version("phase-python")
except metadata.PackageNotFoundError:  # pragma: no cover - the extra is not installed
    ENGINE_VERSION = "not installed"

_engines: dict[str, Any] = {}  # phase's Engine (untyped) per catalogue


def card_data(cards: dict[str, Card]) -> tuple[str, dict[str, Any]]:
    """phase card-data (lowercase name -> CardFace) for a catalogue, cached per content hash."""
    import phase

    entries = {name: mtgjson_card(c) for name, c in cards.items()}
    for name, land in BASIC_LANDS.items():
        entries.setdefault(name, land)
    key = content_hash({"engine": ENGINE_VERSION, "cards": entries})
    path = cache_dir("phase") / f"{key}.json"
    if path.exists():
        return key, dict(json.loads(path.read_text()))
    faces: dict[str, Any] = {}
    for name, entry in sorted(entries.items()):
        try:
            faces[name.lower()] = phase.build_oracle_face(entry, None)
        except Exception as exc:  # the parser refused the card: cases using it are unsupported
            faces[name.lower()] = {"__error__": f"{type(exc).__name__}: {exc}"}
    # A temporary file of this process's own: parallel adapters (certify -j N) building the same
    # catalogue at once each write theirs, and the last rename wins with identical content.
    with tempfile.NamedTemporaryFile(
        "w", dir=path.parent, prefix=f"{key}.", suffix=".tmp", delete=False
    ) as tmp:
        tmp.write(json.dumps(faces, separators=(",", ":")))
    os.replace(tmp.name, path)
    return key, faces


def engine_for(cards: dict[str, Card]) -> tuple[Any, dict[str, str]]:
    """A loaded ``phase.Engine`` for these cards, and the cards phase could not build (name -> why)."""
    import phase

    key, faces = card_data(cards)
    broken = {n: f["__error__"] for n, f in faces.items() if isinstance(f, dict) and "__error__" in f}
    if key not in _engines:
        good = {n: f for n, f in faces.items() if n not in broken}
        _engines[key] = phase.Engine.from_json(json.dumps(good))
    return _engines[key], broken
