"""``python3 -m companion.club club status`` and the like, before ``companion club`` is wired."""

import sys

from .commands import main

sys.exit(main())
