"""Python client for the Dossier API (standard library only).

    from dossier import Dossier
    dossier = Dossier(api_key="dsr_live_...")
    print(dossier.company("northwind.example")["name"])
"""

from .client import Dossier, Ingest, Intent, Jobs, Paged, Search, __version__
from .errors import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    AuthenticationError,
    FieldIssue,
    NotFoundError,
    PermissionError,
    RateLimitError,
    ValidationError,
)
from .operations import OPERATIONS, Operation
from .rate_limit import RateLimit
from .webhooks import WebhookVerificationError, verify_webhook

__all__ = [
    "ApiConnectionError",
    "ApiError",
    "ApiTimeoutError",
    "AuthenticationError",
    "Dossier",
    "FieldIssue",
    "Ingest",
    "Intent",
    "Jobs",
    "NotFoundError",
    "OPERATIONS",
    "Operation",
    "Paged",
    "PermissionError",
    "RateLimit",
    "RateLimitError",
    "Search",
    "ValidationError",
    "WebhookVerificationError",
    "verify_webhook",
    "__version__",
]
