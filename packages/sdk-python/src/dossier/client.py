"""The Dossier API client."""

from __future__ import annotations

import os
import time
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Union

from .operations import OPERATIONS, build_request
from .rate_limit import RateLimit
from ._version import __version__
from .transport import Transport

FINISHED = ("succeeded", "failed", "cancelled")


def _merge(params: Optional[Mapping[str, Any]], fields: Mapping[str, Any]) -> Dict[str, Any]:
    merged = dict(params or {})
    merged.update(fields)
    return merged


class Paged:
    """A search method: call it for one page, ``pages()`` for each page, ``iterate()`` for each result."""

    def __init__(self, client: "Dossier", operation: str) -> None:
        self._client = client
        self._operation = operation

    def __call__(self, params: Optional[Mapping[str, Any]] = None, **fields: Any) -> Dict[str, Any]:
        return self._client.call(self._operation, _merge(params, fields))

    def pages(
        self, params: Optional[Mapping[str, Any]] = None, *, max_pages: Optional[int] = None, **fields: Any
    ) -> Iterator[Dict[str, Any]]:
        """Each page in turn, following ``cursor`` until it is None."""
        query = _merge(params, fields)
        count = 0
        while max_pages is None or count < max_pages:
            page = self._client.call(self._operation, query)
            count += 1
            yield page
            if not page.get("cursor") or not page.get("data"):
                return
            query = dict(query, cursor=page["cursor"])

    def iterate(
        self, params: Optional[Mapping[str, Any]] = None, *, max_pages: Optional[int] = None, **fields: Any
    ) -> Iterator[Dict[str, Any]]:
        """Each result across pages: ``for company in dossier.search.companies.iterate(limit=50): ...``"""
        for page in self.pages(params, max_pages=max_pages, **fields):
            yield from page["data"]


class Search(Paged):
    """``search(...)`` for companies or people (``entity``), plus ``companies`` and ``people``."""

    def __init__(self, client: "Dossier") -> None:
        super().__init__(client, "search")
        self.companies = Paged(client, "search_companies")
        self.people = Paged(client, "search_people")


class Intent(Paged):
    """``intent(...)`` for accounts in market now, ``iterate``/``pages`` over results, ``topics(...)``."""

    def __init__(self, client: "Dossier") -> None:
        super().__init__(client, "intent")

    def topics(self, prefix: Optional[str] = None, limit: Optional[int] = None) -> Dict[str, Any]:
        """Topic names with signal counts, optionally starting with ``prefix``."""
        return self._client.call("list_intent_topics", {"prefix": prefix, "limit": limit})


class Ingest:
    """Operator calls; they need a key with the ``ingest`` scope (``dossier keys create ... --ingest``)."""

    def __init__(self, client: "Dossier") -> None:
        self._client = client

    def signals(self, signals: Sequence[Mapping[str, Any]]) -> Dict[str, Any]:
        """Intent signals (company or IP, topic, time); give each an ``id`` so a resend is not counted twice."""
        return self._client.call("push_signals", {"signals": list(signals)})

    def job_postings(self, postings: Sequence[Mapping[str, Any]]) -> Dict[str, Any]:
        """Job postings; the same company, title and URL updates the posting instead of adding one."""
        return self._client.call("push_job_postings", {"job_postings": list(postings)})

    def records(self, kind: str, source: str, records: Sequence[Mapping[str, Any]]) -> Dict[str, Any]:
        """Up to 1,000 ``people`` or ``companies`` records from a named source."""
        return self._client.call("push_records", {"kind": kind, "source": source, "records": list(records)})


class Jobs:
    """Email verification jobs: submit, follow, wait, read and download results."""

    def __init__(self, client: "Dossier") -> None:
        self._client = client

    def submit(
        self,
        emails: Union[Sequence[str], Mapping[str, Any]],
        *,
        idempotency_key: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Queues a job for any number of addresses (or ``{"csv": ...}``). The same key returns the same job."""
        params = dict(emails) if isinstance(emails, Mapping) else {"emails": list(emails)}
        params.update(as_job=True, idempotency_key=idempotency_key)
        out = self._client.call("verify_emails", params)
        if "job" not in out:
            raise ValueError("The server answered a job submission without a job.")
        return out

    def get(self, job_id: str, *, cursor: Optional[str] = None, limit: Optional[int] = None) -> Dict[str, Any]:
        """The job's progress and one page of finished results (``next_cursor`` for the next page)."""
        return self._client.call("get_verify_job", {"job_id": job_id, "cursor": cursor, "limit": limit})

    def wait(
        self,
        job_id: str,
        *,
        on_progress: Optional[Callable[[Dict[str, Any]], None]] = None,
        interval: float = 1.0,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """Polls until the job has succeeded, failed or been cancelled; returns the job."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            job = self.get(job_id, limit=1)["job"]
            if on_progress is not None:
                on_progress(job)
            if job["status"] in FINISHED:
                return job
            if deadline is not None and time.monotonic() + interval > deadline:
                raise TimeoutError(
                    f"Job {job_id} is still {job['status']} ({job['done']} of {job['total']}) after {timeout} s."
                )
            time.sleep(interval)

    def results(self, job_id: str, *, page_size: int = 1000) -> Iterator[Dict[str, Any]]:
        """Every finished result, in submission order, across pages."""
        cursor: Optional[str] = None
        while True:
            page = self.get(job_id, cursor=cursor, limit=page_size)
            yield from page["results"]
            if page["next_cursor"] is None:
                return
            cursor = page["next_cursor"]

    def download(self, job_id: str) -> str:
        """Every finished result as CSV text, with a header row."""
        return self._client.call("get_verify_job_csv", {"job_id": job_id})


class Dossier:
    """The Dossier API client.

    >>> dossier = Dossier(api_key="dsr_live_...", base_url="http://127.0.0.1:3000")
    >>> dossier.company("northwind.example")["name"]
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        max_retry_after: float = 60.0,
    ) -> None:
        """
        :param api_key: ``dsr_live_...``; defaults to the ``DOSSIER_API_KEY`` environment variable.
        :param base_url: defaults to ``DOSSIER_BASE_URL``, else ``http://127.0.0.1:3000``.
        :param timeout: seconds per attempt, for connecting and for reading the answer.
        :param max_retries: retries of safe calls after network errors, 5xx and 429.
        :param max_retry_after: longest ``Retry-After`` (seconds) worth waiting out; longer ones raise.
        """
        key = api_key or os.environ.get("DOSSIER_API_KEY")
        if not key:
            raise ValueError("Pass api_key or set DOSSIER_API_KEY.")
        self.base_url = (base_url or os.environ.get("DOSSIER_BASE_URL") or "http://127.0.0.1:3000").rstrip("/")
        #: Limit, remaining and reset (Unix seconds) from the last response that carried them.
        self.rate_limit: Optional[RateLimit] = None
        self._transport = Transport(
            api_key=key,
            base_url=self.base_url,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_after=max_retry_after,
            user_agent=f"dossier-python/{__version__}",
            on_rate_limit=self._remember,
        )
        self.search = Search(self)
        self.jobs = Jobs(self)
        self.intent = Intent(self)
        self.ingest = Ingest(self)

    def _remember(self, state: RateLimit) -> None:
        self.rate_limit = state

    def call(
        self,
        operation: str,
        params: Optional[Mapping[str, Any]] = None,
        *,
        timeout: Optional[float] = None,
        max_retries: Optional[int] = None,
    ) -> Any:
        """Calls any operation by name, e.g. ``call("get_company", {"domain": "northwind.example"})``."""
        op = OPERATIONS.get(operation)
        if op is None:
            raise ValueError(f"unknown operation {operation!r}; known: {', '.join(OPERATIONS)}")
        req = build_request(op, params or {})
        req.timeout = timeout
        req.max_retries = max_retries
        return self._transport.send(req)

    def company(self, domain: str) -> Dict[str, Any]:
        """The company behind a domain, URL or work email. Raises NotFoundError when none is known."""
        return self.call("get_company", {"domain": domain})

    def person(self, person_id: str) -> Dict[str, Any]:
        """A stored person by id (``per_...``); contact data is masked without the ``pii`` scope."""
        return self.call("get_person", {"id": person_id})

    def enrich(self, params: Optional[Mapping[str, Any]] = None, **fields: Any) -> Dict[str, Any]:
        """Contacts and firmographics for what you know: ``enrich(domain="northwind.example")``,
        ``enrich(email=...)``, ``enrich(records=[...])`` (up to 100)."""
        return self.call("enrich", _merge(params, fields))

    def usage(self, from_: Optional[str] = None, to: Optional[str] = None) -> Dict[str, Any]:
        """Requests, errors and rate-limited requests by day, key and operation (days as YYYY-MM-DD)."""
        return self.call("get_usage", {"from": from_, "to": to})

    def audience(self, network: str, contacts: Optional[List[Mapping[str, Any]]] = None, **fields: Any) -> Dict[str, Any]:
        """Normalized and hashed identifiers for an ad network (``meta``, ``google``, ...)."""
        return self.call("build_audience", _merge({"network": network, "contacts": contacts}, fields))

    def verify(self, emails: Union[Sequence[str], Mapping[str, Any]]) -> Dict[str, Any]:
        """Verifies addresses: up to 100 are answered at once (``results``); longer lists come back as a
        queued ``job`` (see ``jobs.wait``). Each call carries an idempotency key, so retries are safe."""
        params = dict(emails) if isinstance(emails, Mapping) else {"emails": list(emails)}
        return self.call("verify_emails", params)
