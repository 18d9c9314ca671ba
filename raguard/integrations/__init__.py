"""Thin adapters to RAG frameworks and observability; each maps the framework's shapes to strings
and calls :func:`raguard.verify`. Import the module you need (each needs its own extra):

- :mod:`raguard.integrations.langchain` (``pip install 'raguard-verify[langchain]'``)
- :mod:`raguard.integrations.llamaindex` (``pip install 'raguard-verify[llamaindex]'``)
- :mod:`raguard.integrations.otel` (``pip install 'raguard-verify[otel]'``)
"""
