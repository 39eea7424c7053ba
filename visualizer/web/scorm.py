"""An exported page as a SCORM 1.2 package (issue 40): a zip that any LMS with SCORM 1.2 imports as
it is (Moodle, Blackboard, Brightspace; Canvas through its SCORM engine), with no server of ours.

The zip holds ``imsmanifest.xml`` at its root and the page, ``index.html``, which is the package's
one SCO (``adlcp:scormtype="sco"``) and needs no other file: everything it shows is inlined, and it
fetches nothing. The manifest names the teacher's mastery score (``adlcp:masteryscore``), which the
LMS hands the page as ``cmi.student_data.mastery_score``. The XML schema files that some packages
carry beside the manifest are left out: the LMSs named above do not ask for them.

>>> package = build_package("<!DOCTYPE html><title>x</title>", "Backtracking · n = 6", 80)
>>> import io, zipfile
>>> sorted(zipfile.ZipFile(io.BytesIO(package)).namelist())
['imsmanifest.xml', 'index.html']
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from solvers.safe_files import write_atomically

MANIFEST = "imsmanifest.xml"
PAGE = "index.html"
#: The files' date in the zip (fixed: the same page makes the same package, byte for byte).
ZIP_DATE = (2000, 1, 1, 0, 0, 0)


def manifest(title: str, identifier: str, mastery: int | None) -> str:
    """The SCORM 1.2 manifest of a package whose one SCO is ``PAGE``; ``mastery`` (percent) is the
    score that passes, None for a page without an exercise."""
    mastery_line = (
        "" if mastery is None else f"\n        <adlcp:masteryscore>{int(mastery)}</adlcp:masteryscore>"
    )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier={quoteattr(identifier)} version="1.0"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd
        http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd
        http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="ORG-1">
    <organization identifier="ORG-1">
      <title>{escape(title)}</title>
      <item identifier="ITEM-1" identifierref="RES-1" isvisible="true">
        <title>{escape(title)}</title>{mastery_line}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES-1" type="webcontent" adlcp:scormtype="sco" href="{PAGE}">
      <file href="{PAGE}"/>
    </resource>
  </resources>
</manifest>
"""


def build_package(html: str, title: str, mastery: int | None) -> bytes:
    """The zip's bytes: the manifest and the page (its identifier is the page's digest)."""
    page = html.encode("utf-8")
    identifier = "nqueens-" + hashlib.sha256(page).hexdigest()[:16]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in ((MANIFEST, manifest(title, identifier, mastery).encode("utf-8")), (PAGE, page)):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out.getvalue()


def write_package(path: str | Path, package: bytes) -> Path:
    """Write the zip whole or not at all (``solvers/safe_files.py``); returns its path."""
    path = Path(path)
    write_atomically(path, package, mode=0o644)
    return path
