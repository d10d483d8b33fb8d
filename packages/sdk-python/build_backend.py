"""A minimal PEP 517 build backend using only the standard library.

pip builds this package with it offline (no setuptools download): it writes a pure-Python wheel of
src/dossier and an sdist of the source tree. Metadata comes from pyproject.toml's [project] table.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile
from pathlib import Path
from typing import Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent
PACKAGE = "dossier"
SDIST_FILES = ["pyproject.toml", "build_backend.py", "README.md", "CHANGELOG.md", "run-tests.sh"]


def _project() -> Dict[str, object]:
    """The few [project] keys this backend uses, read without tomllib (absent before Python 3.11)."""
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    section = text.split("[project]", 1)[1].split("\n[", 1)[0]

    def value(key: str) -> Optional[str]:
        match = re.search(rf'^{key}\s*=\s*"([^"]*)"', section, re.M)
        return match.group(1) if match else None

    classifiers = re.search(r"^classifiers\s*=\s*\[(.*?)\]", section, re.M | re.S)
    return {
        "name": value("name"),
        "version": value("version") or _version(),
        "description": value("description"),
        "requires_python": value("requires-python"),
        "classifiers": re.findall(r'"([^"]+)"', classifiers.group(1)) if classifiers else [],
    }


def _version() -> str:
    """The package version: src/dossier/_version.py, written from the API version (pyproject lists
    version as dynamic, so there is one source)."""
    text = (ROOT / "src" / PACKAGE / "_version.py").read_text("utf-8")
    match = re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.M)
    if not match:
        raise RuntimeError("src/dossier/_version.py has no __version__")
    return match.group(1)


def _metadata() -> str:
    p = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {p['name']}",
        f"Version: {p['version']}",
        f"Summary: {p['description']}",
        f"Requires-Python: {p['requires_python']}",
        "License: MIT",
    ]
    lines += [f"Classifier: {c}" for c in p["classifiers"]]  # type: ignore[union-attr]
    readme = ROOT / "README.md"
    if readme.exists():
        lines += ["Description-Content-Type: text/markdown", "", readme.read_text("utf-8")]
    return "\n".join(lines) + "\n"


def _dist_name() -> Tuple[str, str]:
    p = _project()
    return re.sub(r"[-_.]+", "_", str(p["name"])), str(p["version"])


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _wheel_files() -> List[Tuple[str, bytes]]:
    files = []
    for path in sorted((ROOT / "src" / PACKAGE).rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".typed"):
            files.append((path.relative_to(ROOT / "src").as_posix(), path.read_bytes()))
    return files


def _write_wheel(directory: str, extra: List[Tuple[str, bytes]]) -> str:
    name, version = _dist_name()
    info = f"{name}-{version}.dist-info"
    wheel_name = f"{name}-{version}-py3-none-any.whl"
    entries = extra + [
        (f"{info}/METADATA", _metadata().encode()),
        (f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: dossier-build-backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
    ]
    record = [_record_line(n, d) for n, d in entries] + [f"{info}/RECORD,,"]
    entries.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(os.path.join(directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for entry, data in entries:
            wheel.writestr(zipfile.ZipInfo(entry, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return wheel_name


# PEP 517 hooks


def get_requires_for_build_wheel(config_settings=None):  # noqa: ANN001, ARG001
    return []


def get_requires_for_build_sdist(config_settings=None):  # noqa: ANN001, ARG001
    return []


def get_requires_for_build_editable(config_settings=None):  # noqa: ANN001, ARG001
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):  # noqa: ANN001, ARG001
    return _write_wheel(wheel_directory, _wheel_files())


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):  # noqa: ANN001, ARG001
    # PEP 660: a .pth file that puts src/ on the path, so edits show without reinstalling.
    return _write_wheel(wheel_directory, [(f"_{PACKAGE}_editable.pth", f"{ROOT / 'src'}\n".encode())])


def build_sdist(sdist_directory, config_settings=None):  # noqa: ANN001, ARG001
    name, version = _dist_name()
    base = f"{name}-{version}"
    target = os.path.join(sdist_directory, f"{base}.tar.gz")
    with tarfile.open(target, "w:gz") as tar:
        paths = [ROOT / f for f in SDIST_FILES if (ROOT / f).exists()]
        paths += [p for p in sorted((ROOT / "src").rglob("*")) if p.is_file() and "__pycache__" not in p.parts]
        paths += [p for p in sorted((ROOT / "tests").rglob("*.py"))]
        for path in paths:
            tar.add(path, arcname=f"{base}/{path.relative_to(ROOT).as_posix()}")
        pkg_info = _metadata().encode()
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        info.size = len(pkg_info)
        tar.addfile(info, io.BytesIO(pkg_info))
    return os.path.basename(target)
