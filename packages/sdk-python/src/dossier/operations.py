"""How each operation is called over REST: the same table the server routes by (checked by a test
against the server's OpenAPI document)."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from typing import Any, Dict, Mapping, Optional

from .transport import Request


@dataclass(frozen=True)
class Operation:
    method: str
    path: str
    read_only: bool = True
    idempotent: bool = True
    # Request headers the server copies into input fields: header -> field.
    headers: Mapping[str, str] = field(default_factory=dict)
    # Content type of a download (the answer is text, not JSON).
    produces: Optional[str] = None


OPERATIONS: Dict[str, Operation] = {
    "enrich": Operation("POST", "/v1/enrich"),
    "get_company": Operation("GET", "/v1/company/{domain}"),
    "get_person": Operation("GET", "/v1/person/{id}"),
    "search_companies": Operation("POST", "/v1/search/companies"),
    "search_people": Operation("POST", "/v1/search/people"),
    "search": Operation("POST", "/v1/search"),
    "build_audience": Operation(
        "POST",
        "/v1/audience",
        read_only=False,
        idempotent=False,
        headers={"idempotency-key": "idempotency_key"},
    ),
    "get_audience_job": Operation("GET", "/v1/audience/{job_id}"),
    "get_audience_job_csv": Operation("GET", "/v1/audience/{job_id}/upload.csv", produces="text/csv"),
    "get_usage": Operation("GET", "/v1/usage"),
    "verify_emails": Operation(
        "POST",
        "/v1/verify",
        read_only=False,
        idempotent=False,
        headers={"idempotency-key": "idempotency_key"},
    ),
    "get_verify_job": Operation("GET", "/v1/verify/{job_id}"),
    "get_verify_job_csv": Operation("GET", "/v1/verify/{job_id}/results.csv", produces="text/csv"),
    "intent": Operation("POST", "/v1/intent"),
    "list_intent_topics": Operation("GET", "/v1/intent/topics"),
    # Operators only (the `ingest` scope). Not read-only, but the server makes each one idempotent.
    "push_signals": Operation("POST", "/v1/signals", read_only=False),
    "push_job_postings": Operation("POST", "/v1/job-postings", read_only=False),
    "push_records": Operation("POST", "/v1/records", read_only=False),
    # Webhook subscriptions of the key's project (the `webhooks` scope).
    "create_webhook_subscription": Operation(
        "POST", "/v1/webhooks/subscriptions", read_only=False, idempotent=False
    ),
    "list_webhook_subscriptions": Operation("GET", "/v1/webhooks/subscriptions"),
    "get_webhook_subscription": Operation("GET", "/v1/webhooks/subscriptions/{subscription_id}"),
    "update_webhook_subscription": Operation(
        "POST", "/v1/webhooks/subscriptions/{subscription_id}", read_only=False
    ),
    "delete_webhook_subscription": Operation(
        "DELETE", "/v1/webhooks/subscriptions/{subscription_id}", read_only=False, idempotent=False
    ),
    "rotate_webhook_secret": Operation(
        "POST", "/v1/webhooks/subscriptions/{subscription_id}/rotate-secret", read_only=False, idempotent=False
    ),
    "list_webhook_deliveries": Operation("GET", "/v1/webhooks/subscriptions/{subscription_id}/deliveries"),
    "replay_webhook_delivery": Operation(
        "POST",
        "/v1/webhooks/subscriptions/{subscription_id}/deliveries/{delivery_id}/replay",
        read_only=False,
        idempotent=False,
    ),
    "send_webhook_test": Operation(
        "POST", "/v1/webhooks/subscriptions/{subscription_id}/test", read_only=False, idempotent=False
    ),
    # Operators only (the `privacy` scope): data-subject requests and retention.
    "privacy_access": Operation("POST", "/v1/privacy/access"),
    "privacy_erase": Operation("POST", "/v1/privacy/erase", read_only=False),
    "privacy_suppress": Operation("POST", "/v1/privacy/suppress", read_only=False),
    "set_privacy_retention": Operation("POST", "/v1/privacy/retention", read_only=False),
}

_PARAM = re.compile(r"\{(\w+)\}")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def build_request(op: Operation, params: Mapping[str, Any]) -> Request:
    """Path parameters into the path, declared fields into headers, the rest into the query (GET) or JSON body."""
    from urllib.parse import quote

    rest = {k: v for k, v in params.items() if v is not None}

    def fill(match: "re.Match[str]") -> str:
        name = match.group(1)
        value = rest.pop(name, None)
        if value is None or value == "":
            raise TypeError(f"{name} is required")
        return quote(_text(value), safe="")

    path = _PARAM.sub(fill, op.path)
    headers: Dict[str, str] = {}
    for header, name in op.headers.items():
        if name in rest:
            headers[header] = _text(rest.pop(name))
    # A submission with an idempotency key is safe to retry: a repeat returns the same job.
    keyed = "idempotency-key" in op.headers
    if keyed and "idempotency-key" not in headers:
        headers["idempotency-key"] = str(uuid.uuid4())
    req = Request(
        method=op.method,
        path=path,
        headers=headers,
        retryable=op.method == "GET" or op.read_only or op.idempotent or keyed,
        text=op.produces is not None,
    )
    if op.method in ("GET", "DELETE"):
        for name, value in rest.items():
            for item in value if isinstance(value, (list, tuple)) else [value]:
                req.query.append((name, _text(item)))
    else:
        req.body = rest
    return req
