"""The engine's version, as written in every record."""

__version__ = "0.1.0"
ENGINE_NAME = f"truco-rules reference {__version__}"
