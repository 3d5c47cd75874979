"""Find and read case files and card files.

Layout (``suites/``, see ``suites/README.md``): every ``*.json`` under a folder is a case, at any
depth (``106-mana/could-produce/*.json``; the topic is the folder path from the suite's root, and
``staging/`` is a topic like any other); ``cards/*.json`` is the card catalogue (one card per file);
``seeds.json`` (the founding rulings), ``aliases.json`` (old case ids) and ``ledger.json`` with
``ledger-triage.json`` (the rulings ledger) at the suite's root are no cases, nor is any README.
Reading never raises for bad input: it returns a :class:`Problem` that says which file and why.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import get_args

from conformance import paths
from conformance.documents import Card, Case, JSONValue, SetupZone


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with one file, in plain words.

    ``pointer`` is a JSON pointer into the file (``None`` when it is about the file as a whole);
    ``line``/``column`` are set for syntax errors; ``warning``: worth a look, not an error.
    """

    file: str
    message: str
    pointer: str | None = None
    line: int | None = None
    column: int | None = None
    warning: bool = False  # a warning is shown but does not make the file invalid

    def __str__(self) -> str:
        message = f"warning: {self.message}" if self.warning else self.message
        if self.line is not None:
            return f"{self.file}:{self.line}:{self.column or 1}: {message}"
        if self.pointer is not None:
            return f"{self.file}: {self.pointer or '/'}: {message}"
        return f"{self.file}: {message}"


def _case_id(path: Path, data: object) -> str:
    """The case's ``id``, or its file name when it has none."""
    if isinstance(data, dict) and isinstance(data.get("id"), str):
        return str(data["id"])
    return path.stem


@dataclass(frozen=True)
class ParsedCase:
    """A case file that parsed as JSON (not necessarily valid)."""

    path: Path
    topic: str
    data: JSONValue

    @property
    def case_id(self) -> str:
        return _case_id(self.path, self.data)


@dataclass(frozen=True)
class CaseFile:
    """A valid case file: its ``data`` matched spec/case.schema.json and the checks of ``mtgc validate``
    (:attr:`conformance.cases.validate.Validation.cases`), or was made valid (a generated case)."""

    path: Path
    topic: str
    data: Case

    @property
    def case_id(self) -> str:
        return _case_id(self.path, self.data)


@dataclass
class Catalogue:
    """The card catalogue: card name -> card definition, and where each came from."""

    cards: dict[str, Card] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)

    def __contains__(self, name: object) -> bool:
        return name in self.cards


def display(path: Path) -> str:
    """A path as the user would type it: relative to the working directory when possible."""
    try:
        # absolute without resolving links: a link is shown as the user named it (and may loop)
        full, here = os.path.abspath(path), os.path.abspath(os.getcwd())
    except OSError:
        return str(path)
    if full == here:
        return "."
    prefix = here if here.endswith(os.sep) else here + os.sep
    return full[len(prefix):] if full.startswith(prefix) else str(path)


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, JSONValue]]) -> dict[str, JSONValue]:
    out = dict(pairs)
    if len(out) != len(pairs):  # rare: find the first key seen twice, only then
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return out


def read_json(path: Path) -> tuple[JSONValue, Problem | None]:
    """Parse one JSON file. Returns ``(data, None)`` or ``(None, problem)``; never raises."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return None, Problem(display(path), f"cannot read the file: {exc.strerror or exc}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, Problem(display(path), f"not UTF-8 text (byte {exc.start}: {exc.reason})")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates), None
    except json.JSONDecodeError as exc:
        return None, Problem(display(path), f"not valid JSON: {exc.msg}", line=exc.lineno, column=exc.colno)
    except _DuplicateKey as exc:
        return None, Problem(
            display(path), f"not valid JSON: the key {json.dumps(str(exc))} appears twice in one object"
        )
    except RecursionError:
        return None, Problem(display(path), "not valid JSON: nested too deeply")


def is_card_file(path: Path) -> bool:
    return path.parent.name == paths.CARDS_DIR


def is_seeds_file(path: Path) -> bool:
    return path.name == paths.SEEDS_FILE


# files of a suite's root that are no cases
SUITE_FILES = (paths.SEEDS_FILE, paths.ALIASES_FILE, paths.LEDGER_FILE, paths.LEDGER_TRIAGE_FILE)


def is_suite_file(path: Path) -> bool:
    """``seeds.json``, ``aliases.json`` or the rulings ledger's two files at the root of a suite (beside
    its ``cards/``)."""
    return path.name in SUITE_FILES and (path.parent / paths.CARDS_DIR).is_dir()


def is_readme(path: Path) -> bool:
    return path.stem.upper() == "README"


def suite_root_of(path: Path) -> Path:
    """The suite a case belongs to: the nearest ancestor directory that has a ``cards/`` catalogue.

    ``suites/106-mana/could-produce/x.json`` -> ``suites``; ``tests/data/broken/x.json`` ->
    ``tests/data`` when ``tests/data/cards/`` exists. Falls back to the installed ``suites/``.
    """
    start = path if path.is_dir() else path.parent
    for directory in [start, *start.resolve().parents]:
        if (directory / paths.CARDS_DIR).is_dir():
            return directory
    return paths.suites_dir()


def _broken_link(path: Path) -> bool:
    """A symbolic link whose target does not exist or that loops (resolving it would raise)."""
    if not path.is_symlink():
        return False
    try:
        path.resolve(strict=True)
    except (OSError, RuntimeError):
        return True
    return False


def _json_files(top: Path, problems: list[Problem]) -> list[Path]:
    """``*.json`` under ``top`` at any depth, in order. Links are followed, but a link to a folder
    already being read (a loop, say a link back up the tree) is not: a warning says so; a file link
    that loops or leads nowhere is a problem of its own."""
    found: list[Path] = []
    seen = {os.path.realpath(top)}
    for root, dirs, files in os.walk(top, followlinks=True):
        here = Path(root)
        for name in sorted(dirs):
            real = os.path.realpath(here / name)
            if real in seen:
                why = "a symbolic link to a folder already read (a loop, or a second way in): not followed"
                problems.append(Problem(display(here / name), why, warning=True))
                dirs.remove(name)
            else:
                seen.add(real)
        dirs.sort()
        for name in sorted(files):
            path = here / name
            if not name.endswith(".json"):
                continue
            if _broken_link(path):
                problems.append(Problem(display(path), "a symbolic link that leads nowhere (or in a loop)"))
            else:
                found.append(path)
    return found


def discover(targets: Sequence[Path]) -> tuple[list[Path], list[Path], list[Problem]]:
    """Expand files and directories into (case files, card files, problems), each sorted.

    Under a directory (walked to any depth), ``cards/*.json`` are card files, the suite's root files
    (``SUITE_FILES``) and any README are skipped, every other ``*.json`` is a case.
    A file named explicitly is a card if it sits in a ``cards`` directory.
    """
    cases: set[Path] = set()
    cards: set[Path] = set()
    problems: list[Problem] = []
    for target in targets:
        if _broken_link(target):
            problems.append(Problem(display(target), "a symbolic link that leads nowhere (or in a loop)"))
        elif target.is_dir():
            for found in _json_files(target, problems):
                if is_readme(found) or (found.parent == target and found.name in SUITE_FILES):
                    continue
                if is_suite_file(found):
                    continue
                (cards if is_card_file(found) else cases).add(found)
        elif target.is_file():
            (cards if is_card_file(target) else cases).add(target)
        else:
            problems.append(Problem(display(target), "no such file or directory"))
    return sorted(cases), sorted(cards), problems


def topic_of(path: Path) -> str:
    """The case's folder, from its suite's root: ``106-mana/could-produce``, ``staging``.

    A case that is not under its suite's root (a file elsewhere) has its directory's name."""
    folder = path.parent.resolve()
    try:
        topic = folder.relative_to(suite_root_of(path).resolve()).as_posix()
    except ValueError:
        return path.parent.name
    return topic if topic != "." else path.parent.name


def load_cases(files: Iterable[Path]) -> tuple[list[ParsedCase], list[Problem]]:
    """The case files, parsed (``mtgc validate`` says which are valid)."""
    loaded: list[ParsedCase] = []
    problems: list[Problem] = []
    topics: dict[Path, str] = {}  # by folder: resolving a folder's suite root is the slow part
    for path in files:
        data, problem = read_json(path)
        if problem is not None:
            problems.append(problem)
        else:
            topic = topics.get(path.parent)
            if topic is None:
                topic = topics[path.parent] = topic_of(path)
            loaded.append(ParsedCase(path, topic, data))
    return loaded, problems


def catalogue_files(root: Path) -> list[Path]:
    directory = root / paths.CARDS_DIR
    return sorted(directory.glob("*.json")) if directory.is_dir() else []


def cards_used(case: object) -> list[str]:
    """Card names a case's setup puts anywhere (every zone, tokens included), in order, deduplicated."""
    names: list[str] = []
    setup = case.get("setup") if isinstance(case, dict) else None
    players = setup.get("players") if isinstance(setup, dict) else None
    for player in players if isinstance(players, list) else []:
        if not isinstance(player, dict):
            continue
        for zone in ZONES_IN_SETUP:
            objects = player.get(zone)
            for obj in objects if isinstance(objects, list) else []:
                if isinstance(obj, dict) and isinstance(obj.get("card"), str) and obj["card"] not in names:
                    names.append(obj["card"])
    return names


def inline_cards(case: Case) -> dict[str, Card]:
    """A valid case's own cards (``cards``), by name."""
    cards = case.get("cards") if isinstance(case, dict) else None
    out: dict[str, Card] = {}
    for card in cards if isinstance(cards, list) else []:
        if isinstance(card, dict) and isinstance(card.get("name"), str):
            out[card["name"]] = card
    return out


def inline_card_data(case: object) -> dict[str, dict[str, JSONValue]]:
    """:func:`inline_cards` of a case that may not be valid (``mtgc validate`` checks it)."""
    cards = case.get("cards") if isinstance(case, dict) else None
    out: dict[str, dict[str, JSONValue]] = {}
    for card in cards if isinstance(cards, list) else []:
        if isinstance(card, dict) and isinstance(card.get("name"), str):
            out[card["name"]] = card
    return out


ZONES_IN_SETUP: tuple[SetupZone, ...] = get_args(SetupZone)
