"""`python -m rulings ...`"""

import sys

from rulings.cli import main

sys.exit(main())
