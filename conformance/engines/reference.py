"""The reference engine (package ``engine``), in process, behind the same interface as any other.

``engine.run_case(case, cards) -> observation`` and ``engine.ENGINE_NAME`` / ``ENGINE_VERSION`` are
imported lazily, so the harness works (and says so plainly) while the engine is not there.
"""

from __future__ import annotations

import importlib
import time
import traceback
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from conformance.engines import EngineUnavailable
from conformance.interface import EngineInfo, RunResult

JSON = Any


class ReferenceEngine:
    module_name = "engine"

    def __init__(self) -> None:
        self._module: ModuleType | None = None

    def module(self) -> ModuleType:
        if self._module is None:
            try:
                module = importlib.import_module(self.module_name)
            except ImportError as exc:
                raise EngineUnavailable(f"the reference engine cannot be imported: {exc}") from exc
            missing = [
                name for name in ("run_case", "ENGINE_NAME", "ENGINE_VERSION") if not hasattr(module, name)
            ]
            if missing:
                raise EngineUnavailable(f"the reference engine does not provide {', '.join(missing)} yet")
            self._module = module
        return self._module

    def info(self) -> EngineInfo:
        module = self.module()
        return EngineInfo(
            name=str(module.ENGINE_NAME),
            version=str(module.ENGINE_VERSION),
            adapter_version="in-process",
            unsupported_features=frozenset(getattr(module, "UNSUPPORTED_FEATURES", ())),
        )

    def run(self, case: JSON, cards: Mapping[str, JSON]) -> RunResult:
        module = self.module()
        start = time.perf_counter()
        try:
            result = module.run_case(case, dict(cards))
        except Exception as exc:  # the engine failing is its answer, as through the adapter (serve.py)
            where = traceback.format_exc(limit=-8)  # the innermost frames: where the engine failed
            return RunResult("error", reason=f"{type(exc).__name__}: {exc}"[:2000] + "\n" + where[-3000:],
                             seconds=time.perf_counter() - start)
        seconds = time.perf_counter() - start
        # The engine may answer like an adapter: {"status": "unsupported" | "error", "reason": ...}.
        if isinstance(result, dict) and result.get("status") in ("observed", "unsupported", "error"):
            status = result["status"]
            if status == "observed":
                return RunResult("observed", result.get("observation"), seconds=seconds)
            return RunResult(status, reason=str(result.get("reason") or status), seconds=seconds)
        return RunResult("observed", result, seconds=seconds)

    def close(self) -> None:
        self._module = None
