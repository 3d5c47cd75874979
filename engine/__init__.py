"""The reference rules engine: a pure-Python referee that follows the Comprehensive Rules literally.

One entry point: :func:`apply` (``game, action -> Step``) plus :func:`legal_actions`; and
:func:`run_case`, which plays a conformance case (spec/README.md) and returns the observation.
No I/O; ``engine`` never imports the harness. See engine/README.md for the map of CR sections.
"""

from .errors import BadCardData, EngineError, IllegalAction, MalformedAction
from .game import Step, apply, legal_actions
from .scenario import build, run_case

ENGINE_NAME = "mtgc-reference"
ENGINE_VERSION = "0.1.0"

__all__ = ["ENGINE_NAME", "ENGINE_VERSION", "BadCardData", "EngineError", "IllegalAction", "MalformedAction",
           "Step", "apply", "build", "legal_actions", "run_case"]
