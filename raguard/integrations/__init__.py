"""Optional integrations of raguard with other systems; each needs its own extra (``pip install 'raguard[ray]'``)."""
