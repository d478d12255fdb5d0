import sys
from pathlib import Path

# `bench` is imported as a top-level package from the repository root, however pytest is run.
ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
