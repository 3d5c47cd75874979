"""An engine module run in this process: the one wrapper of ``run_case(case, cards)`` modules.

A module (the reference engine ``engine``, or an adapter module such as
``conformance.adapters.phase.engine``) exposes ``run_case(case, cards)``, ``ENGINE_NAME`` and
``ENGINE_VERSION``; optionally ``ADAPTER_NAME``, ``ADAPTER_VERSION`` and ``UNSUPPORTED_FEATURES``.
``run_case`` returns an observation (spec/README.md section 2) or
``{"status": "observed"|"unsupported"|"error", "observation"|"reason": …}``. An exception it raises
is the engine's ``error`` answer, with the innermost frames of its traceback.

:class:`ModuleEngine` is what ``--engine reference`` runs in process, and what
``python -m conformance.adapters.serve MODULE`` serves over the protocol: the same module gives the
same answers in process and through its adapter.
"""

from __future__ import annotations

import importlib
import time
import traceback
from collections.abc import Mapping
from types import ModuleType

from conformance import SUITE_VERSION
from conformance.documents import Card, Case
from conformance.engines import EngineUnavailable
from conformance.interface import EngineInfo, RunResult

REQUIRED = ("run_case", "ENGINE_NAME", "ENGINE_VERSION")


class ModuleEngine:
    """The engine of an importable module, imported on first use.

    ``parallel`` is False: every ModuleEngine of a module shares that module's state (caches and
    the like), so the runner never gives two threads one (under the GIL they would gain nothing);
    ``-j N`` parallelism is for adapter processes."""

    parallel = False

    def __init__(self, module_name: str) -> None:
        self.module_name = module_name
        self._module: ModuleType | None = None

    def module(self) -> ModuleType:
        if self._module is None:
            try:
                module = importlib.import_module(self.module_name)
            except ImportError as exc:
                raise EngineUnavailable(
                    f"the engine module {self.module_name!r} cannot be imported: {exc}"
                ) from exc
            missing = [name for name in REQUIRED if not hasattr(module, name)]
            if missing:
                raise EngineUnavailable(f"the engine module {self.module_name!r} lacks {', '.join(missing)}")
            self._module = module
        return self._module

    def info(self) -> EngineInfo:
        module = self.module()
        return EngineInfo(
            name=str(module.ENGINE_NAME),
            version=str(module.ENGINE_VERSION),
            adapter_name=str(getattr(module, "ADAPTER_NAME", f"mtgc-module:{module.__name__}")),
            adapter_version=str(getattr(module, "ADAPTER_VERSION", SUITE_VERSION)),
            unsupported_features=frozenset(getattr(module, "UNSUPPORTED_FEATURES", ())),
        )

    def run(self, case: Case, cards: Mapping[str, Card]) -> RunResult:
        module = self.module()
        start = time.perf_counter()
        try:
            result = module.run_case(case, dict(cards))
        except Exception as exc:  # the engine failing is its answer
            where = traceback.format_exc(limit=-8)  # the innermost frames: where the engine failed
            return RunResult(
                "error",
                reason=f"{type(exc).__name__}: {exc}"[:2000] + "\n" + where[-3000:],
                seconds=time.perf_counter() - start,
            )
        seconds = time.perf_counter() - start
        if isinstance(result, dict) and result.get("status") in ("observed", "unsupported", "error"):
            status = result["status"]
            if status == "observed":
                return RunResult("observed", result.get("observation"), seconds=seconds)
            return RunResult(status, reason=str(result.get("reason") or status), seconds=seconds)
        return RunResult("observed", result, seconds=seconds)

    def close(self) -> None:
        self._module = None
