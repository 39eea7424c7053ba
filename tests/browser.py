"""A real browser for the exported web pages' tests (issue 24): Debian's ``chromium``, headless,
driven by selenium through ``chromedriver``, with the network switched off (the DevTools
protocol's offline emulation) and every request it is asked to make recorded."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SIZE = (1200, 900)


@contextmanager
def offline_browser(*flags: str) -> Iterator[object]:
    """A headless chromium (a selenium driver, with ``flags`` besides ours) whose network is off;
    ``requests(driver)`` lists the URLs it asked for since the last call. Without chromium the test
    is skipped, except in CI (``CI`` set), where it fails."""
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not Path(path).exists()]
    if missing:  # CI has them (.ci/run installs them): there a missing browser fails
        say = pytest.fail if os.environ.get("CI") else pytest.skip
        say(f"not installed: {', '.join(missing)} (apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        f"--window-size={SIZE[0]},{SIZE[1]}", "--no-first-run", "--disable-extensions",
        "--disable-background-networking", "--disable-sync", "--disable-component-update",
        "--force-device-scale-factor=1", *flags,
    ):  # fmt: skip
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0},
        )
        yield driver
    finally:
        driver.quit()


def requests(driver: object) -> list[str]:
    """The URLs the browser asked for since the last call (from its performance log)."""
    urls = []
    for entry in driver.get_log("performance"):  # type: ignore[attr-defined]
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def open_page(driver: object, path: Path) -> None:
    """Open ``path`` from file:// and wait until its data is unpacked (AssertionError if it failed)."""
    driver.get(path.resolve().as_uri())  # type: ignore[attr-defined]
    ready = driver.execute_async_script("const done = arguments[0]; window.nqReady.then(done)")  # type: ignore[attr-defined]
    assert ready is True, driver.find_element("id", "error").text  # type: ignore[attr-defined]
