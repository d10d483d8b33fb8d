"""Verifying webhooks from Dossier (Standard Webhooks: HMAC-SHA256 over ``id.timestamp.body``)."""

import base64
import hashlib
import hmac
import json
import time
from typing import Any, Mapping, Optional, Union


class WebhookVerificationError(Exception):
    """The delivery is not from Dossier, was changed, or is too old or too new."""


def _header(headers: Mapping[str, Any], name: str) -> Optional[str]:
    for key, value in headers.items():
        if key.lower() == name:
            return value[0] if isinstance(value, (list, tuple)) else value
    return None


def verify_webhook(
    secret: str,
    body: Union[str, bytes],
    headers: Mapping[str, Any],
    tolerance_seconds: int = 300,
    now: Optional[float] = None,
) -> dict:
    """Checks a delivery and returns its event as a dict.

    ``secret`` is the subscription's ``whsec_...``; ``body`` the raw request body exactly as
    received; ``headers`` any mapping (case does not matter). During a secret rotation a delivery
    carries two signatures and either secret verifies it. Raises ``WebhookVerificationError``.
    """
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook headers")
    try:
        seconds = int(timestamp)
    except ValueError:
        raise WebhookVerificationError("invalid webhook-timestamp") from None
    current = int(time.time() if now is None else now)
    if abs(current - seconds) > tolerance_seconds:
        raise WebhookVerificationError("webhook-timestamp out of tolerance")
    raw = body.encode("utf-8") if isinstance(body, str) else body
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    signed = msg_id.encode("utf-8") + b"." + timestamp.encode("utf-8") + b"." + raw
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode("ascii")
    for part in signatures.split(" "):
        version, _, signature = part.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return json.loads(raw.decode("utf-8"))
    raise WebhookVerificationError("no matching signature")
