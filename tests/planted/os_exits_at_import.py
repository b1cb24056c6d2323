"""An engine module that ends the process at import with os._exit, skipping every handler."""

import os

os._exit(0)
