"""An engine module that ends the process at import with sys.exit(5)."""

import sys

sys.exit(5)
