"""A load-once worker per copy: each mutant's cases run in a forked child with the mutated functions.

A fresh ``mtgc run`` per mutant spends seconds before its first case: the imports, then reading and
schema-checking every catalogue card. This worker pays that once per copy. For each mutant it forks;
the child compiles the mutated module, swaps the ``__code__`` of every live function whose code the
mutation changed (so every reference to the function, however imported, runs the mutated body), and
runs the mutant's cases in process through ``mtgc run``'s runner, up to the first that fails (one is
enough to kill it). The parent's engine is never changed.

Only a mutation inside function bodies can be swapped in so. One that changes a module or class body
(a constant, a default value, a decorator) is reported ``unpatchable``, and the caller judges it the
old way, in a fresh process; so is a line that runs outside any case (at import, in validation, in a
cached function), which ``CaseMap.for_mutant`` already tells apart. The worker itself imports no
case and runs no engine code before forking, so no cache holds a value the unmutated engine computed.

Protocol, one JSON object a line: the caller writes ``{"file", "source", "cases", "timeout"}`` (the
engine file relative to the copy, its mutated source, the case files, seconds), the worker answers
``{"outcome": "survived" | "killed" | "timeout" | "unpatchable", "detail"}``.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import select
import signal
import sys
import time
import types
from pathlib import Path

#: The child's exit status when the mutated code can't be swapped into live functions.
UNPATCHABLE = 97


def _own(code: types.CodeType) -> tuple[object, ...]:
    """What a code object does itself, nested code objects named only (positions left out: a
    mutation moves the columns after it)."""
    consts = tuple(("<code>", c.co_qualname) if isinstance(c, types.CodeType) else (type(c).__name__, c)
                   for c in code.co_consts)
    return (code.co_code, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars, consts,
            code.co_exceptiontable, code.co_flags, code.co_argcount, code.co_kwonlyargcount)


def _nested(code: types.CodeType) -> list[types.CodeType]:
    return [c for c in code.co_consts if isinstance(c, types.CodeType)]


def _differs(o: types.CodeType, m: types.CodeType) -> bool:
    inner_o, inner_m = _nested(o), _nested(m)
    return _own(o) != _own(m) or len(inner_o) != len(inner_m) or any(
        _differs(a, b) for a, b in zip(inner_o, inner_m, strict=False))


#: CO_OPTIMIZED | CO_NEWLOCALS: set on function code, not on module or class bodies.
_FUNCTION_FLAGS = 0x1 | 0x2


def _is_function(code: types.CodeType) -> bool:
    return code.co_flags & _FUNCTION_FLAGS == _FUNCTION_FLAGS


def changed_code(original: types.CodeType, mutated: types.CodeType,
                 ) -> list[tuple[types.CodeType, types.CodeType, bool]] | None:
    """What to swap: (original, mutated, outermost) for each function code the mutation changed, the
    outermost changed function first and the functions nested in it after (closures alive now need
    their own swap; those made later come from the swapped outer code). None when a module or class
    body changed, or the two don't have the same shape."""
    pairs: list[tuple[types.CodeType, types.CodeType, bool]] = []

    def inside(o: types.CodeType, m: types.CodeType) -> None:
        for a, b in zip(_nested(o), _nested(m), strict=True):
            if _differs(a, b):
                pairs.append((a, b, False))
                inside(a, b)

    def walk(o: types.CodeType, m: types.CodeType) -> bool:
        if o.co_qualname != m.co_qualname or len(_nested(o)) != len(_nested(m)):
            return False
        if not _differs(o, m):
            return True
        if _is_function(o):
            pairs.append((o, m, True))
            inside(o, m)
            return True
        if _own(o) != _own(m):
            return False  # a module or class body
        return all(walk(a, b) for a, b in zip(_nested(o), _nested(m), strict=True))

    return pairs if walk(original, mutated) else None


Key = tuple[str, str, int]  # a function's file, qualified name and first line


def live_functions(prefix: str) -> dict[Key, list[types.FunctionType]]:
    """Every function object alive now whose code is in a file under ``prefix``."""
    found: dict[Key, list[types.FunctionType]] = {}
    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType) and obj.__code__.co_filename.startswith(prefix):
            code = obj.__code__
            found.setdefault((code.co_filename, code.co_qualname, code.co_firstlineno), []).append(obj)
    return found


def swap(filename: str, pairs: list[tuple[types.CodeType, types.CodeType, bool]],
         functions: dict[Key, list[types.FunctionType]]) -> bool:
    """Give every live function whose code is one of ``pairs``' originals the mutated code; False when
    an outermost changed function has no live object to swap (nothing would run the mutant)."""
    for original, mutated, outermost in pairs:
        alive = functions.get((filename, original.co_qualname, original.co_firstlineno), [])
        if outermost and not alive:
            return False
        for function in alive:
            function.__code__ = mutated  # ValueError when the free variables differ: unpatchable
    return True


def _run_child(copy: Path, file: str, source: str, cases: list[str],
               functions: dict[Key, list[types.FunctionType]]) -> int:
    """In the forked child: swap in the mutated functions, run the cases, return the exit status."""
    path = copy / file
    names = {key[0] for key in functions if Path(key[0]).resolve() == path.resolve()}
    if len(names) != 1:
        return UNPATCHABLE  # no function of the module is alive: nothing to swap into
    (filename,) = names
    try:
        original = compile(path.read_text(encoding="utf-8"), filename, "exec", dont_inherit=True)
        mutated = compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError:
        return UNPATCHABLE  # judged the old way: the import of the mutated module fails
    pairs = changed_code(original, mutated)
    if pairs is None:
        return UNPATCHABLE
    try:
        if not swap(filename, pairs, functions):
            return UNPATCHABLE
    except ValueError:
        return UNPATCHABLE
    return _run_cases(cases)


def _run_cases(cases: list[str]) -> int:
    """``mtgc run``'s verdict on ``cases`` (0: all pass; 1: one fails; 2: a file is invalid), through
    the same runner, stopping at the first failing case: one is enough to kill the mutant."""
    from conformance.cases.validate import validate
    from conformance.engines import get_engine
    from conformance.interface import BAD_OUTCOMES
    from conformance.run.runner import RunOptions, run_case

    validation = validate([Path(c) for c in cases])
    if not validation.ok:
        return 2
    engine = get_engine("reference", 10.0)
    info = engine.info()
    for case in validation.cases:
        if run_case(engine, info, case, validation.catalogue_for(case), RunOptions()).outcome in BAD_OUTCOMES:
            return 1
    return 0


def _judge(copy: Path, request: dict[str, object], functions: dict[Key, list[types.FunctionType]],
           ) -> dict[str, str]:
    cases = [str(c) for c in request["cases"]] if isinstance(request["cases"], list) else []
    timeout = float(str(request["timeout"]))
    pid = os.fork()
    if pid == 0:  # the child: never returns
        status = 1
        try:
            with open(os.devnull, "w") as null:
                os.dup2(null.fileno(), 1)
                os.dup2(null.fileno(), 2)
                with contextlib.redirect_stdout(io.StringIO()):
                    status = _run_child(copy, str(request["file"]), str(request["source"]), cases,
                                        functions)
        finally:
            os._exit(status if 0 <= status < 256 else 1)
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return {"outcome": "timeout", "detail": f"over {timeout:.0f} s"}
        time.sleep(0.005)
    code = os.waitstatus_to_exitcode(status)
    if code == UNPATCHABLE:
        return {"outcome": "unpatchable", "detail": "the mutation is outside function bodies"}
    return {"outcome": "survived" if code == 0 else "killed", "detail": f"exit {code}"}


def serve(copy: Path) -> None:
    """Load the harness and the engine once, then judge mutants from stdin until it closes."""
    import importlib
    import pkgutil

    import engine
    from conformance.cases import validate as validation
    from conformance.cases.loader import Catalogue
    from conformance.cli import main  # noqa: F401 (imported before forking, once)

    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        importlib.import_module(info.name)
    cards: dict[Path, tuple[Catalogue, validation.Validation]] = {}
    load = validation.load_catalogue

    def load_once(root: Path, schemas: validation.Schemas, result: validation.Validation) -> Catalogue:
        """The cards are read and checked once (they are data: no mutant of engine/ changes them)."""
        if root not in cards:
            alone = validation.Validation()
            cards[root] = (load(root, schemas, alone), alone)
        catalogue, alone = cards[root]
        result.card_count += alone.card_count
        result.add([*alone.problems, *alone.warnings])
        return catalogue

    validation.load_catalogue = load_once
    _warm(copy)
    functions = live_functions(str(copy.resolve()))
    gc.collect()
    gc.freeze()  # the children share the loaded pages instead of touching them for the collector
    print(json.dumps({"ready": True}), flush=True)
    while line := sys.stdin.readline():
        if line.strip():
            print(json.dumps(_judge(copy, json.loads(line), functions)), flush=True)


def _warm(copy: Path) -> None:
    """What every run does before its first case, done once: the imports a run makes on the way, the
    rules, the official rulings and their topics, the cards. Harness code only: a mutant of engine/
    can't change it, and no engine code runs, so no engine cache holds an unmutated answer."""
    from conformance.cli import main
    from conformance.engines import get_engine

    first = min((copy / "suites").glob("[0-9]*/**/*.json"))  # a case, in a CR folder
    with contextlib.redirect_stdout(io.StringIO()):
        main(["validate", str(first)])
    get_engine("reference", 10.0).info()


class Worker:
    """The caller's handle on one copy's worker process."""

    def __init__(self, copy: Path, root: Path) -> None:
        import subprocess

        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(copy), str(root)]),
               "PYTHONDONTWRITEBYTECODE": "1", "MTGC_REGRESSIONS_DIR": str(copy / ".mutation-staging")}
        self.process = subprocess.Popen(
            [sys.executable, "-P", "-c", "import sys; from pathlib import Path; "
             "from tools.mutation.forkserver import serve; serve(Path(sys.argv[1]))", str(copy)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=copy, env=env)
        ready = self._read(120.0)
        if ready.get("ready") is not True:
            raise RuntimeError(f"the mutation worker for {copy} did not start: {ready}")

    def _read(self, timeout: float) -> dict[str, object]:
        assert self.process.stdout is not None
        readable, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if readable else ""
        if not line:
            raise RuntimeError(f"the mutation worker stopped answering (exit {self.process.poll()})")
        answer = json.loads(line)
        return answer if isinstance(answer, dict) else {}

    def judge(self, file: str, source: str, cases: tuple[str, ...], timeout: float) -> tuple[str, str]:
        assert self.process.stdin is not None
        request = {"file": file, "source": source, "cases": list(cases), "timeout": timeout}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = self._read(timeout + 60.0)
        return str(answer["outcome"]), str(answer.get("detail", ""))

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)
