"""Batch verification: many ``(query, retrieved_docs, llm_response)`` items, results in input order.

Responses are parsed with ``nlp.pipe`` (one spaCy pass per batch, cheaper per text than one call
each), inside one memory zone per batch, so memory stays flat however many items stream through.
Every item gets exactly the result :meth:`Verifier.verify` would give it: the same validation
(:func:`raguard.inputs.clean_inputs`), checkers and policy. A bad item gets its own
``input_error`` result and does not disturb the others.

With ``n_process > 1`` batches go to worker processes (started once per :class:`Verifier` and
reused; ``spawn`` start method, so a script that uses them needs the usual
``if __name__ == "__main__":`` guard). Each worker builds a verifier with the same
configuration (:class:`raguard.engine.Settings`, validated again there); checker objects must
then be picklable.
"""

from __future__ import annotations

import gc
import os
import pickle
import threading
import weakref
from collections import deque
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import islice
from multiprocessing import get_context
from typing import Any, Iterable, Iterator, Optional, Union

from raguard.engine import Engine, Prepared, Settings
from raguard.inputs import CleanInput, InputProblem, clean_inputs
from raguard.models import VerifyResult

#: Items per batch: one ``nlp.pipe`` batch and one memory zone. Larger batches gain little
#: (+17% over 32, first performance round in CHANGELOG.md) and hold the model lock longer.
DEFAULT_BATCH_SIZE = 64

#: With worker processes, a chunk (one task) also ends at this many characters of responses and
#: documents. 64 long items (90-word answers over 300-word sources) took over a second each, so a
#: batch of a few hundred split into a handful of tasks and one worker often idled while the other
#: finished; short answers (HaluEval: about 25,000 characters per 64 items) keep whole batches.
WORKER_CHUNK_CHARS = 32_000

ITEM_KEYS = ("query", "retrieved_docs", "llm_response")

Item = Union[tuple, list, Mapping]
_Prepared = Prepared


def verify_many(
    engine: Engine,
    items: Iterable[Item],
    *,
    batch_size: int = DEFAULT_BATCH_SIZE,
    n_process: int = 1,
) -> Iterator[VerifyResult]:
    """Verify every item with ``engine``; yield one :class:`VerifyResult` per item, in order.

    ``items`` is consumed lazily, ``batch_size`` at a time (times twice ``n_process`` when
    workers are used). Argument mistakes raise ``ValueError`` here, before anything runs; bad
    items never raise, they get an ``input_error`` result. If reading ``items`` raises (its
    ``__iter__`` or its iterator's ``__next__``), the items before keep their results, the
    failing position gets an ``input_error`` result naming the exception, and the results end
    there.
    """
    if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size < 1:
        raise ValueError(f"batch_size must be a positive integer, got {batch_size!r}")
    if not isinstance(n_process, int) or isinstance(n_process, bool) or (n_process < 1 and n_process != -1):
        raise ValueError(f"n_process must be a positive integer or -1 (all cores), got {n_process!r}")
    if n_process == -1:
        n_process = os.cpu_count() or 1
    try:
        iterator = iter(items)
    except TypeError:
        raise ValueError(
            f"items must be an iterable of (query, retrieved_docs, llm_response) tuples or dicts, "
            f"got {type(items).__name__}"
        ) from None
    except Exception as exc:  # an __iter__ that fails otherwise: one input_error result says why
        iterator = _failing(exc)
    iterator = _guarded(iterator)
    if n_process == 1:
        return _serial(engine, _chunks(iterator, batch_size, engine.max_chars), batch_size)
    # workers get smaller chunks of long items, so that they finish together (see WORKER_CHUNK_CHARS)
    chunks = _chunks(iterator, batch_size, engine.max_chars, WORKER_CHUNK_CHARS)
    return _parallel(engine, chunks, batch_size, n_process)


class _ItemsFailed:
    """Put in place of the item whose reading raised: the items end there."""

    def __init__(self, index: int, exc: BaseException) -> None:
        self.problem = InputProblem(
            f"reading item {index} of items raised {type(exc).__name__}: {exc}; the items after it were not read."
        )


def _failing(exc: BaseException) -> Iterator[Any]:
    yield _ItemsFailed(0, exc)


def _guarded(items: Iterator[Any]) -> Iterator[Any]:
    """The items; if the iterator raises, one :class:`_ItemsFailed` and the end. The results of
    the items read before are kept (they are yielded), and the failure gets its input_error
    result at its position, instead of the exception discarding the batch in progress."""
    index = 0
    while True:
        try:
            item = next(items)
        except StopIteration:
            return
        except Exception as exc:
            yield _ItemsFailed(index, exc)
            return
        yield item
        index += 1


def prepare_item(item: Any, max_chars: int) -> _Prepared:
    """Unpack one item and validate it exactly as :meth:`Verifier.verify` validates its arguments."""
    if isinstance(item, _ItemsFailed):
        return item.problem
    if isinstance(item, Mapping):
        missing = [k for k in ITEM_KEYS[1:] if k not in item]
        if missing:
            found = ", ".join(repr(k) for k in list(item)[:6]) or "none"
            return InputProblem(
                f"item is a dict without {' and '.join(repr(k) for k in missing)} "
                f"(keys found: {found}); use the keys query, retrieved_docs, llm_response."
            )
        query, docs, response = item.get("query"), item["retrieved_docs"], item["llm_response"]
    elif isinstance(item, (tuple, list)) and len(item) == 3:
        query, docs, response = item
    else:
        size = f" of length {len(item)}" if isinstance(item, (tuple, list)) else ""
        return InputProblem(
            f"item must be a (query, retrieved_docs, llm_response) tuple or a dict with those keys, "
            f"got {type(item).__name__}{size}."
        )
    return clean_inputs(query, docs, response, max_chars)


def _chunks(items: Iterator[Any], size: int, max_chars: int,
            chunk_chars: Optional[int] = None) -> Iterator[list[_Prepared]]:
    """Validated items, ``size`` at a time; with ``chunk_chars``, a chunk also ends once its
    responses and documents reach that many characters (at least one item per chunk)."""
    if chunk_chars is None:
        while True:
            chunk = [prepare_item(item, max_chars) for item in islice(items, size)]
            if not chunk:
                return
            yield chunk
    chunk, chars = [], 0
    for item in items:
        prepared = prepare_item(item, max_chars)
        chunk.append(prepared)
        if isinstance(prepared, CleanInput):
            chars += len(prepared.response) + sum(len(d) for d in prepared.documents)
        if len(chunk) >= size or chars >= chunk_chars:
            yield chunk
            chunk, chars = [], 0
    if chunk:
        yield chunk


def _serial(engine: Engine, chunks: Iterator[list[_Prepared]], batch_size: int) -> Iterator[VerifyResult]:
    for chunk in chunks:
        yield from engine.run(chunk, batch_size)


def _parallel(
    engine: Engine, chunks: Iterator[list[_Prepared]], batch_size: int, n_process: int
) -> Iterator[VerifyResult]:
    executor = _executor(engine, n_process)
    window: deque[Future] = deque()
    try:
        for chunk in chunks:
            window.append(executor.submit(_worker_verify, chunk, batch_size))
            if len(window) >= 2 * n_process:  # bounded look-ahead: the input is read lazily
                yield from window.popleft().result()
        while window:
            yield from window.popleft().result()
    except BrokenProcessPool as exc:
        _forget(engine, n_process)
        raise RuntimeError(
            f"a raguard worker process died or failed to start ({exc}); the next call starts new "
            "workers. Use n_process=1 to see the error in this process."
        ) from exc


# -- worker processes ------------------------------------------------------------------------------

_executors: "weakref.WeakKeyDictionary[Engine, dict[int, ProcessPoolExecutor]]" = weakref.WeakKeyDictionary()
_executors_lock = threading.Lock()
_worker: Optional[Engine] = None


def _settings_state(engine: Engine) -> bytes:
    """The engine's settings, pickled for the workers (no model, lock or cache: each builds its own)."""
    try:
        return pickle.dumps(engine.settings)
    except Exception as exc:
        raise ValueError(
            f"n_process > 1 sends the verifier's configuration to worker processes, but it cannot be "
            f"pickled ({exc.__class__.__name__}: {exc}); define custom checkers at module level or "
            "use n_process=1."
        ) from None


def _worker_init(state: bytes) -> None:
    """Build this worker's engine from the parent's settings (validated as in the parent) and warm
    it up (model, tables); what it loaded is then set aside from the garbage collector, whose full
    collections would walk its ~100k objects again and again (a tenth of a second or more each)."""
    global _worker
    engine = Engine(pickle.loads(state))
    engine.warm_up()
    gc.collect()
    gc.freeze()
    _worker = engine


def _worker_verify(chunk: list[_Prepared], batch_size: int) -> list[VerifyResult]:
    assert _worker is not None, "worker not initialized"
    return _worker.run(chunk, batch_size)


def _executor(engine: Engine, n_process: int) -> ProcessPoolExecutor:
    """The engine's pool of ``n_process`` workers, started on first use and kept."""
    with _executors_lock:
        pools = _executors.get(engine)
        if pools is None:
            pools = {}
            _executors[engine] = pools
            weakref.finalize(engine, _shutdown_all, pools)
        executor = pools.get(n_process)
        if executor is None:
            executor = ProcessPoolExecutor(
                max_workers=n_process, mp_context=get_context("spawn"),
                initializer=_worker_init, initargs=(_settings_state(engine),),
            )
            pools[n_process] = executor
        return executor


def _forget(engine: Engine, n_process: int) -> None:
    with _executors_lock:
        executor = _executors.get(engine, {}).pop(n_process, None)
    if executor is not None:
        executor.shutdown(wait=False, cancel_futures=True)


def _shutdown_all(pools: dict[int, ProcessPoolExecutor], wait: bool = False) -> None:
    for executor in pools.values():
        executor.shutdown(wait=wait, cancel_futures=True)
    pools.clear()


def shutdown_workers(verifier: Optional[Any] = None) -> None:
    """Stop (and wait for) the worker processes of ``verifier`` (a :class:`~raguard.Verifier` or
    its :class:`~raguard.engine.Engine`), or of every one when None."""
    engine = getattr(verifier, "engine", verifier)
    with _executors_lock:
        targets = [_executors.get(engine)] if engine is not None else list(_executors.values())
    for pools in targets:
        if pools:
            _shutdown_all(pools, wait=True)
