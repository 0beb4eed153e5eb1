"""``python -m bench.load``: see :mod:`bench.load.run`."""

import sys

from bench.load.run import main

sys.exit(main())
