"""The caller's rate-limit window, read from the standard response headers."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Dict, Mapping, Optional


@dataclass(frozen=True)
class RateLimit:
    """Limit, remaining and reset (Unix seconds) after the last response."""

    limit: int
    remaining: int
    reset: int


def _int(value: Optional[str]) -> Optional[int]:
    if value is None or not value.strip():
        return None
    try:
        return int(float(value))
    except ValueError:
        return None


def _params(value: Optional[str]) -> Dict[str, str]:
    """``"default";r=9;t=42`` -> ``{"r": "9", "t": "42"}`` (IETF RateLimit draft syntax)."""
    out: Dict[str, str] = {}
    for part in (value or "").split(";")[1:]:
        key, sep, val = part.partition("=")
        if sep:
            out[key.strip()] = val.strip()
    return out


def parse_rate_limit(headers: Mapping[str, str], now: Optional[float] = None) -> Optional[RateLimit]:
    """Reads X-RateLimit-* (or, failing that, RateLimit and RateLimit-Policy); None when absent."""
    lower = {k.lower(): v for k, v in headers.items()}
    limit = _int(lower.get("x-ratelimit-limit"))
    remaining = _int(lower.get("x-ratelimit-remaining"))
    reset = _int(lower.get("x-ratelimit-reset"))
    if limit is None or remaining is None or reset is None:
        current = _params(lower.get("ratelimit"))
        policy = _params(lower.get("ratelimit-policy"))
        limit = limit if limit is not None else _int(policy.get("q"))
        remaining = remaining if remaining is not None else _int(current.get("r"))
        seconds = _int(current.get("t"))
        if reset is None and seconds is not None:
            reset = math.ceil(time.time() if now is None else now) + seconds
    if limit is None or remaining is None or reset is None:
        return None
    return RateLimit(limit=limit, remaining=remaining, reset=reset)
