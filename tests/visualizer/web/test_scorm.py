"""The SCORM 1.2 package (issue 40) checked against the content packaging rules: ``imsmanifest.xml``
at the zip's root, the IMS CP 1.1.2 and ADL CP 1.2 namespaces, metadata naming SCORM 1.2, one
organization whose item names a resource, that resource a SCO (``adlcp:scormtype="sco"``) launched
by a file in the zip, every file in the zip listed and every listed file there, identifiers unique,
the mastery score 0..100; and the page inside opens as a plain page too (tests/e2e)."""

from __future__ import annotations

import io
import zipfile
from xml.etree import ElementTree

import pytest

from tests.run import nqueens, refused
from visualizer.web.scorm import MANIFEST, build_package, manifest

CP = "{http://www.imsproject.org/xsd/imscp_rootv1p1p2}"
ADLCP = "{http://www.adlnet.org/xsd/adlcp_rootv1p2}"


def problems(package: bytes) -> list[str]:
    """What breaks SCORM 1.2's content packaging rules in ``package`` (none: an empty list)."""
    out: list[str] = []
    archive = zipfile.ZipFile(io.BytesIO(package))
    names = set(archive.namelist())
    if MANIFEST not in names:
        return ["no imsmanifest.xml at the zip's root"]
    root = ElementTree.fromstring(archive.read(MANIFEST))
    if root.tag != f"{CP}manifest":
        out.append(f"the root element is {root.tag}, not the IMS CP 1.1.2 manifest")
    ids = [element.get("identifier") for element in root.iter() if element.get("identifier") is not None]
    if len(ids) != len(set(ids)) or not all(ids):
        out.append(f"identifiers are not unique: {ids}")
    if root.findtext(f"{CP}metadata/{CP}schema") != "ADL SCORM":
        out.append("metadata/schema is not ADL SCORM")
    if root.findtext(f"{CP}metadata/{CP}schemaversion") != "1.2":
        out.append("metadata/schemaversion is not 1.2")
    organizations = root.find(f"{CP}organizations")
    resources = {r.get("identifier"): r for r in root.iterfind(f"{CP}resources/{CP}resource")}
    default = organizations.get("default") if organizations is not None else None
    chosen = [
        o for o in root.iterfind(f"{CP}organizations/{CP}organization") if o.get("identifier") == default
    ]
    if len(chosen) != 1:
        return [*out, f"the default organization {default!r} is not one organization"]
    items = list(chosen[0].iter(f"{CP}item"))
    if not items or not chosen[0].findtext(f"{CP}title"):
        out.append("the organization has no title or no item")
    listed: set[str] = set()
    for resource in resources.values():
        listed |= {f.get("href") for f in resource.iterfind(f"{CP}file")}  # type: ignore[misc]
    for item in items:
        resource = resources.get(item.get("identifierref"))
        if resource is None:
            out.append(f"item {item.get('identifier')} names no resource")
            continue
        if resource.get(f"{ADLCP}scormtype") != "sco" or resource.get("type") != "webcontent":
            out.append("the item's resource is not a SCO of type webcontent")
        if resource.get("href") not in names or resource.get("href") not in listed:
            out.append(f"the SCO's launch file {resource.get('href')!r} is missing or not listed")
        mastery = item.findtext(f"{ADLCP}masteryscore")
        if mastery is not None and not (mastery.isdigit() and 0 <= int(mastery) <= 100):
            out.append(f"masteryscore {mastery!r} is not 0..100")
    if listed - names:
        out.append(f"listed but not in the zip: {sorted(listed - names)}")
    if names - listed - {MANIFEST}:
        out.append(f"in the zip but not listed: {sorted(names - listed - {MANIFEST})}")
    return out


def test_the_exercise_package_follows_the_packaging_rules(tmp_path):
    out = tmp_path / "exercise.zip"
    result = nqueens("scorm", "5", "--algo", "bitmask", "--exercise", "--mastery", "70", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert "SCORM 1.2 package" in result.stdout
    package = out.read_bytes()
    assert problems(package) == []
    root = ElementTree.fromstring(zipfile.ZipFile(out).read(MANIFEST))
    assert root.findtext(f".//{ADLCP}masteryscore") == "70"
    page = zipfile.ZipFile(out).read("index.html").decode("utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<script src" not in page and "<link" not in page


def test_a_plain_page_package_has_no_mastery_score_and_the_same_page_gives_the_same_zip(tmp_path):
    result = nqueens("html", "5", "--scorm", "-o", str(tmp_path / "run.zip"))
    assert result.returncode == 0, result.stderr
    package = (tmp_path / "run.zip").read_bytes()
    assert problems(package) == []
    assert b"masteryscore" not in zipfile.ZipFile(tmp_path / "run.zip").read(MANIFEST)
    nqueens("html", "5", "--scorm", "-o", str(tmp_path / "again.zip"))
    assert (tmp_path / "again.zip").read_bytes() == package


def test_the_checker_finds_what_breaks_the_rules():
    good = build_package("<!DOCTYPE html>", "t", 80)
    assert problems(good) == []
    text = manifest("t", "X", 80)
    broken = {
        'adlcp:scormtype="sco"': 'adlcp:scormtype="asset"',
        '<file href="index.html"/>': '<file href="other.html"/>',
        "<schemaversion>1.2</schemaversion>": "<schemaversion>2004</schemaversion>",
        ">80<": ">180<",
    }
    for old, new in broken.items():
        archive = io.BytesIO()
        with zipfile.ZipFile(archive, "w") as z:
            z.writestr(MANIFEST, text.replace(old, new))
            z.writestr("index.html", "<!DOCTYPE html>")
        assert problems(archive.getvalue()), new


def test_a_title_with_markup_stays_text():
    title = 'A & B <i>"quoted"</i>'
    root = ElementTree.fromstring(manifest(title, "id-1", None))
    assert root.findtext(f".//{CP}organization/{CP}title") == title


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("scorm", "6", "--exercise", "-o", "x.html"), ".zip"),
        (("html", "6", "--exercise", "--scorm", "-o", "x.html"), ".zip"),
        (("scorm", "9", "--exercise", "-o", "x.zip"), "n from 4 to 8"),
        (("scorm", "6", "--algo", "dlx", "--exercise", "-o", "x.zip"), "cannot use"),
        (("scorm", "6", "--instances", "3", "-o", "x.zip"), "needs --seed"),
        (("scorm", "6", "--seed", "x", "-o", "x.zip"), "seed"),
        (("scorm", "6", "--mastery", "120", "-o", "x.zip"), "mastery"),
        (("scorm", "6", "--exercise", "--lesson", "seed-003-four-queens", "-o", "x.zip"), "--lesson"),
        (("scorm", "6", "--seed", "3", "--given", "2,4", "-o", "x.zip"), "not both"),
        (("scorm", "6", "--blocked", "9,9", "-o", "x.zip"), "off the 6 x 6 board"),
        (("scorm", "6", "--algo", "bitmask", "--seed", "3", "-o", "x.zip"), "takes no blocked squares"),
    ],
)
def test_the_cli_refuses_in_one_line(tmp_path, args, needle):
    args = tuple(str(tmp_path / a) if a.startswith("x.") else a for a in args)
    refused(nqueens(*args), needle)
    assert not list(tmp_path.iterdir())


def test_the_window_exports_its_exercise_as_a_package_and_as_a_page(tmp_path):
    import base64
    import json
    import re
    import zlib

    from tests.run import viz

    out, page = tmp_path / "window.zip", tmp_path / "window.html"
    script = f"exercise:place;export-exercise:{out};export-exercise:{page}"
    args = (
        "--n",
        "6",
        "--algo",
        "mrv",
        "--mode",
        "exercise",
        "--seed",
        "4",
        "--goal",
        "all",
        "--feedback",
        "undo",
    )
    result = viz(*args, "--script", script)
    assert result.returncode == 0, result.stderr
    assert problems(out.read_bytes()) == []
    html = zipfile.ZipFile(out).read("index.html").decode("utf-8")
    assert html == page.read_text(encoding="utf-8")  # the package's page is the page
    encoded = re.search(r'<script type="application/octet-stream" id="data">([^<]+)</script>', html)
    assert encoded is not None
    data = json.loads(zlib.decompress(base64.b64decode(encoded.group(1))))["exercise"]
    assert (data["algorithm"], data["n"], data["goal"], data["feedback"]) == ("mrv", 6, "all", "undo")
    (instance,) = data["instances"]
    assert instance["instance"]["seed"] == 4 and len(instance["instance"]["blocked"]) == 2
    refused_script = viz(*args, "--script", f"export-exercise:{tmp_path / 'x.txt'}")
    assert refused_script.returncode == 2 and ".zip" in refused_script.stderr


def test_one_instance_of_the_teachers_blocked_squares_and_given_queens(tmp_path):
    import base64
    import json
    import re
    import zlib

    out = tmp_path / "fixed.html"
    result = nqueens("html", "6", "--blocked", "0,0", "1,2", "--given", "2,4", "-o", str(out))
    assert result.returncode == 0, result.stderr
    encoded = re.search(r'id="data">([^<]+)</script>', out.read_text(encoding="utf-8"))
    assert encoded is not None
    (instance,) = json.loads(zlib.decompress(base64.b64decode(encoded.group(1))))["exercise"]["instances"]
    assert instance["instance"] == {"n": 6, "blocked": [[0, 0], [1, 2]], "given": [[2, 4]], "seed": None}
