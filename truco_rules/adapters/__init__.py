"""Adapters for Truco engines published on the package index (the engine-adapter contract of
spec/adapter.py): `truco check --engine adapters.<module>:make_adapter`. Installed with the
optional extra `engines`."""
