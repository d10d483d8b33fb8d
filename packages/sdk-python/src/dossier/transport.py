"""One HTTP exchange with a timeout, typed errors, rate-limit tracking and safe retries (urllib only)."""

from __future__ import annotations

import json
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from .errors import ApiConnectionError, ApiError, ApiTimeoutError, RateLimitError, error_from_response
from .rate_limit import RateLimit, parse_rate_limit

BASE_DELAY = 0.5
MAX_DELAY = 8.0


def backoff(attempt: int, rand: Callable[[], float] = random.random) -> float:
    """Exponential backoff with full jitter: a random wait up to 0.5 s * 2^attempt, capped at 8 s."""
    return rand() * min(MAX_DELAY, BASE_DELAY * (2**attempt))


@dataclass
class Request:
    method: str
    path: str
    query: List[Tuple[str, str]] = field(default_factory=list)
    body: Optional[Dict[str, Any]] = None
    headers: Dict[str, str] = field(default_factory=dict)
    retryable: bool = False
    text: bool = False
    timeout: Optional[float] = None
    max_retries: Optional[int] = None


@dataclass
class Transport:
    api_key: str
    base_url: str
    timeout: float
    max_retries: int
    max_retry_after: float
    user_agent: str
    on_rate_limit: Callable[[RateLimit], None]
    sleep: Callable[[float], None] = time.sleep

    def send(self, req: Request) -> Any:
        retries = (self.max_retries if req.max_retries is None else req.max_retries) if req.retryable else 0
        attempt = 0
        while True:
            try:
                return self._once(req)
            except ApiError as error:
                if attempt >= retries:
                    raise
                if isinstance(error, ApiConnectionError):
                    wait = backoff(attempt)
                elif error.status == 429 or error.status >= 500:
                    after = error.retry_after if isinstance(error, RateLimitError) else None
                    if after is not None and after > self.max_retry_after:
                        raise
                    # The server's word plus a little jitter, so waiting clients do not return together.
                    wait = after + random.random() * 0.25 if after is not None else backoff(attempt)
                else:
                    raise
                self.sleep(wait)
                attempt += 1

    def _once(self, req: Request) -> Any:
        timeout = self.timeout if req.timeout is None else req.timeout
        url = self.base_url + req.path
        if req.query:
            url += "?" + urllib.parse.urlencode(req.query)
        headers = {
            "Authorization": f"Bearer {self.api_key}",
            "Accept": "text/csv, application/json" if req.text else "application/json",
            "User-Agent": self.user_agent,
            **req.headers,
        }
        data = None
        if req.body is not None:
            data = json.dumps(req.body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=headers, method=req.method)
        deadline = time.monotonic() + timeout
        try:
            try:
                response = urllib.request.urlopen(request, timeout=timeout)  # noqa: S310 - the caller's base URL
            except urllib.error.HTTPError as http_error:
                response = http_error
            with response:
                status = response.status if hasattr(response, "status") else response.code
                resp_headers = dict(response.headers.items())
                text = _read(response, deadline, req, timeout).decode("utf-8", errors="replace")
        except ApiError:
            raise
        except (socket.timeout, TimeoutError) as cause:
            raise _timeout(req, timeout) from cause
        except urllib.error.URLError as cause:
            if isinstance(cause.reason, (socket.timeout, TimeoutError)):
                raise _timeout(req, timeout) from cause
            raise ApiConnectionError(
                f"Could not reach {self.base_url}: {cause.reason}", code="connection_error"
            ) from cause
        except (OSError, ValueError) as cause:
            raise ApiConnectionError(f"Could not reach {self.base_url}: {cause}", code="connection_error") from cause

        state = parse_rate_limit(resp_headers)
        if state is not None:
            self.on_rate_limit(state)
        if status >= 400:
            raise error_from_response(status, resp_headers, text)
        if req.text:
            return text
        if text == "":
            return None
        try:
            return json.loads(text)
        except ValueError as cause:
            raise ApiError(
                "The server answered with a body that is not JSON.",
                status=status,
                code="invalid_response",
                request_id=resp_headers.get("X-Request-Id") or resp_headers.get("x-request-id"),
            ) from cause


def _timeout(req: Request, timeout: float) -> ApiTimeoutError:
    return ApiTimeoutError(f"No response from {req.method} {req.path} within {timeout} s.", code="timeout")


def _read(response: Any, deadline: float, req: Request, timeout: float) -> bytes:
    """Reads the body in chunks so a server that trickles it still times out (at most ~2x timeout)."""
    chunks = []
    while True:
        chunk = response.read(65536)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        if time.monotonic() > deadline:
            raise _timeout(req, timeout)
