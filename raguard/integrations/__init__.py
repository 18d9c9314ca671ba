"""Thin adapters to RAG frameworks, observability and cluster engines; each maps the other system's
shapes to strings and calls raguard. Import the module you need (each needs its own extra):

- :mod:`raguard.integrations.langchain` (``pip install 'raguard-verify[langchain]'``)
- :mod:`raguard.integrations.llamaindex` (``pip install 'raguard-verify[llamaindex]'``)
- :mod:`raguard.integrations.otel` (``pip install 'raguard-verify[otel]'``)
- :mod:`raguard.integrations.ray` (``pip install 'raguard-verify[ray]'``): audits on Ray Data
"""
