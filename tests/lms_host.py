"""An LMS for the SCORM package's tests (issue 40): scorm-again's SCORM 1.2 API (npm, test-only,
installed into tests/lms by .ci/run or, failing that, by ``scorm_again``) on a host page, with the
package's SCO in an iframe, as an LMS's player shows it. Every ``LMSSetValue`` the SCO makes is
recorded in ``window.lmsCalls`` (``[element, value]``), each commit and finish too."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests import ROOT

LMS = ROOT / "tests" / "lms"
SCORM12 = LMS / "node_modules" / "scorm-again" / "dist" / "scorm12.js"
#: Chromium lets a page from file:// reach its parent's API only with this flag (an LMS serves both
#: from one origin, where no flag is needed).
SAME_ORIGIN_FILES = "--allow-file-access-from-files"


def scorm_again() -> Path:
    """scorm-again's SCORM 1.2 API script; installed from the lock file once if missing (``npm ci``);
    the test is skipped when npm is missing or cannot install it (in CI, where .ci/run installs it,
    it fails)."""
    if not SCORM12.is_file():
        npm = shutil.which("npm")
        say = pytest.fail if os.environ.get("CI") else pytest.skip
        if npm is None:
            say("scorm-again is not installed and there is no npm (.ci/run installs both)")
        done = subprocess.run(
            [npm, "ci", "--prefix", str(LMS), "--no-audit", "--no-fund", "--loglevel=error"],
            capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        if done.returncode != 0 or not SCORM12.is_file():
            say(f"npm could not install scorm-again: {done.stderr.strip()[-200:]}")
    return SCORM12


HOST = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>LMS</title>
<script src="{script}"></script>
<script>
  window.API = new Scorm12API({{ autocommit: false, logLevel: 5 }});
  window.API.loadFromJSON({preset});
  window.lmsCalls = [];
  window.API.on("LMSSetValue.cmi.*", (element, value) => window.lmsCalls.push([element, String(value)]));
  window.API.on("LMSCommit", () => window.lmsCalls.push(["commit", ""]));
  window.API.on("LMSFinish", () => window.lmsCalls.push(["finish", ""]));
</script></head>
<body><iframe id="sco" src="{sco}" width="1100" height="850"></iframe></body></html>
"""


def lms_page(folder: Path, package: Path, preset: dict | None = None) -> Path:
    """The host page in ``folder``: the package unpacked into ``folder/sco``, the API loaded with
    ``preset`` (a partial CMI object, e.g. a stored suspend_data), the SCO in an iframe."""
    sco = folder / "sco"
    shutil.rmtree(sco, ignore_errors=True)
    with zipfile.ZipFile(package) as archive:
        archive.extractall(sco)
    host = folder / "lms.html"
    host.write_text(
        HOST.format(script=scorm_again().as_uri(), preset=json.dumps(preset or {}), sco="sco/index.html"),
        encoding="utf-8",
    )
    return host


def open_in_lms(driver: object, host: Path) -> None:
    """Open the host page and wait, inside the SCO's frame, until the page runs."""
    driver.get(host.resolve().as_uri())  # type: ignore[attr-defined]
    driver.switch_to.default_content()  # type: ignore[attr-defined]
    driver.switch_to.frame(driver.find_element("id", "sco"))  # type: ignore[attr-defined]
    ready = driver.execute_async_script("const done = arguments[0]; window.nqReady.then(done)")  # type: ignore[attr-defined]
    assert ready is True, driver.find_element("id", "error").text  # type: ignore[attr-defined]


def lms_calls(driver: object) -> list[list[str]]:
    """Every value the SCO set (and each commit and finish), in order, read from the host page."""
    return driver.execute_script("return window.parent.lmsCalls")  # type: ignore[attr-defined]
