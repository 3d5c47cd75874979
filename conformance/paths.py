"""Where the suite's data lives.

Installed editable (or run from a checkout), ``spec/`` and ``suites/`` are the repository's own
directories beside the ``conformance`` package. Installed from a wheel, they are the copies the wheel
carries in ``conformance/_data/`` (see ``[tool.hatch.build.targets.wheel.force-include]``).
"""

from __future__ import annotations

from pathlib import Path

from conformance import CR_DATE

PACKAGE_DIR = Path(__file__).resolve().parent

CASE_SCHEMA = "case.schema.json"
CARD_SCHEMA = "card.schema.json"
SEEDS_FILE = "seeds.json"
ALIASES_FILE = "aliases.json"
LEDGER_FILE = "ledger.json"
LEDGER_TRIAGE_FILE = "ledger-triage.json"
STAGING_DIR = "staging"
CARDS_DIR = "cards"


def data_root() -> Path:
    """The directory holding ``spec/`` and ``suites/``: the checkout, else the wheel's ``_data``."""
    checkout = PACKAGE_DIR.parent
    if (checkout / "spec" / CASE_SCHEMA).is_file():
        return checkout
    return PACKAGE_DIR / "_data"


def spec_dir() -> Path:
    return data_root() / "spec"


def suites_dir() -> Path:
    return data_root() / "suites"


def case_schema_path() -> Path:
    return spec_dir() / CASE_SCHEMA


def card_schema_path() -> Path:
    return spec_dir() / CARD_SCHEMA


def cards_dir() -> Path:
    return suites_dir() / CARDS_DIR


def seeds_path() -> Path:
    return suites_dir() / SEEDS_FILE


def aliases_path() -> Path:
    """``suites/aliases.json``: old case id -> new case id, for ids renamed when the suite was refiled."""
    return suites_dir() / ALIASES_FILE


def ledger_path() -> Path:
    """``suites/ledger.json``: the official rulings on the suite's topics and their status."""
    return suites_dir() / LEDGER_FILE


def ledger_triage_path() -> Path:
    """``suites/ledger-triage.json``: the ledger's triage decisions made by hand."""
    return suites_dir() / LEDGER_TRIAGE_FILE


def staging_dir() -> Path:
    """``suites/staging/``: fuzz finds not yet triaged into the folder of their rule."""
    return suites_dir() / STAGING_DIR


def official_rulings_path() -> Path:
    """The official card rulings, ``spec/rulings/official.json`` (tools/build_official_rulings.py)."""
    return spec_dir() / "rulings" / "official.json"


def cr_path() -> Path:
    """The Comprehensive Rules text (UTF-8 with BOM, CRLF line ends)."""
    return spec_dir() / "rules" / f"comprehensive-rules-{CR_DATE}.txt"
