"""Typed errors. Every failed call raises an ApiError subclass carrying status, code, message and request id."""

from __future__ import annotations

import email.utils
import json
import time
from typing import Any, List, Mapping, Optional

try:  # Python 3.9 has TypedDict in typing already; kept plain for readers.
    from typing import TypedDict
except ImportError:  # pragma: no cover
    TypedDict = dict  # type: ignore


class FieldIssue(TypedDict):
    """A field the server rejected, e.g. ``{"path": "emails.3", "message": "Invalid email address"}``."""

    path: str
    message: str


class ApiError(Exception):
    """Any failed call. ``status`` is the HTTP status (0 when no response arrived)."""

    def __init__(
        self,
        message: str,
        *,
        status: int = 0,
        code: str = "error",
        request_id: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
        issues: Optional[List[FieldIssue]] = None,
        retry_after: Optional[float] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.request_id = request_id
        self.headers = dict(headers or {})
        self.issues: List[FieldIssue] = list(issues or [])
        self.retry_after = retry_after

    def __str__(self) -> str:
        where = f" (request {self.request_id})" if self.request_id else ""
        return f"{self.status} {self.code}: {self.message}{where}"


class AuthenticationError(ApiError):
    """401: the key is missing, malformed, revoked or expired."""


class PermissionError(ApiError):  # noqa: A001 - the SDK's name for 403, as in the TypeScript SDK
    """403: the key lacks the scope, or the origin is not allowed for it."""


class NotFoundError(ApiError):
    """404: nothing is known for what was asked."""


class ValidationError(ApiError):
    """400, 413 or 422: the request was not accepted as sent; ``issues`` names the fields."""


class RateLimitError(ApiError):
    """429: the key's rate limit is used up; ``retry_after`` is the wait in seconds."""


class ApiConnectionError(ApiError):
    """No response: the connection failed or was cut."""


class ApiTimeoutError(ApiConnectionError):
    """No complete response within ``timeout`` seconds."""


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Seconds from a ``Retry-After`` header (delta seconds or an HTTP date); None when absent or bad."""
    if value is None or not value.strip():
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, float(int(when - (time.time() if now is None else now) + 0.999)))


_BY_STATUS = {
    400: ValidationError,
    401: AuthenticationError,
    403: PermissionError,
    404: NotFoundError,
    413: ValidationError,
    415: ValidationError,
    422: ValidationError,
    429: RateLimitError,
}


def error_from_response(status: int, headers: Mapping[str, str], text: str) -> ApiError:
    """The typed error for a non-2xx response and its body text."""
    body: Any = None
    try:
        body = json.loads(text)
    except ValueError:
        pass
    parsed = body if isinstance(body, dict) and isinstance(body.get("error"), str) else {}
    lower = {k.lower(): v for k, v in headers.items()}
    message = parsed.get("message") if isinstance(parsed.get("message"), str) else None
    cls = _BY_STATUS.get(status, ApiError)
    return cls(
        message or (text.strip()[:200] or f"HTTP {status}"),
        status=status,
        code=parsed.get("error") or f"http_{status}",
        request_id=parsed.get("request_id") or lower.get("x-request-id"),
        headers=headers,
        issues=parsed.get("issues") if isinstance(parsed.get("issues"), list) else None,
        retry_after=parse_retry_after(lower.get("retry-after")),
    )
