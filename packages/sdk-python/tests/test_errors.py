import socket
import threading
import time
import unittest

import dossier
from dossier import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    AuthenticationError,
    Dossier,
    NotFoundError,
    PermissionError,
    RateLimitError,
    ValidationError,
)
from dossier.transport import Request

from .support import BASE_URL, LIMITED_KEY, ServerTest


class ErrorsTest(ServerTest):
    def test_authentication_error(self):
        client = Dossier(api_key="dsr_live_" + "x" * 49, base_url=BASE_URL)
        with self.assertRaises(AuthenticationError) as caught:
            client.company("northwind.example")
        error = caught.exception
        self.assertIsInstance(error, ApiError)
        self.assertEqual((error.status, error.code), (401, "unauthorized"))
        self.assertTrue(error.message)
        self.assertRegex(error.request_id or "", r"\S{6,}")

    def test_not_found_error(self):
        with self.assertRaises(NotFoundError) as caught:
            self.client().company("nobody-knows-this.example")
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "not_found"))

    def test_validation_error_names_the_field(self):
        with self.assertRaises(ValidationError) as caught:
            self.client().usage(from_="last tuesday")
        self.assertEqual(caught.exception.status, 422)
        self.assertIn("from", [issue["path"] for issue in caught.exception.issues])

    def test_permission_error_for_a_foreign_origin(self):
        client = Dossier(api_key=LIMITED_KEY, base_url=BASE_URL)
        # The key allows https://app.example only; the server checks that before the rate limit.
        original = client._transport._once

        def with_origin(req: Request):
            req.headers["Origin"] = "https://evil.example"
            return original(req)

        client._transport._once = with_origin
        with self.assertRaises(PermissionError) as caught:
            client.company("northwind.example")
        self.assertEqual((caught.exception.status, caught.exception.code), (403, "forbidden"))
        self.assertIn("https://evil.example", caught.exception.message)
        # The SDK's PermissionError is its own class, not the built-in OSError subclass.
        self.assertFalse(issubclass(dossier.PermissionError, OSError))

    def test_no_retry_on_4xx(self):
        client = self.client(max_retries=3)
        calls = []
        original = client._transport._once
        client._transport._once = lambda req: calls.append(1) or original(req)
        with self.assertRaises(NotFoundError):
            client.company("nobody-knows-this.example")
        self.assertEqual(len(calls), 1)


class RateLimitTest(ServerTest):
    def test_429_retry_after_then_success(self):
        strict = Dossier(api_key=LIMITED_KEY, base_url=BASE_URL, max_retries=0)
        # The key allows one request a minute: at most two calls reach the limit.
        error = None
        for _ in range(2):
            try:
                strict.company("northwind.example")
            except RateLimitError as caught:
                error = caught
                break
        self.assertIsNotNone(error)
        self.assertEqual((error.status, error.code), (429, "rate_limited"))
        self.assertTrue(1 <= error.retry_after <= 60)
        self.assertEqual((strict.rate_limit.limit, strict.rate_limit.remaining), (1, 0))

        patient = Dossier(api_key=LIMITED_KEY, base_url=BASE_URL, max_retries=2)
        attempts = []
        original = patient._transport._once
        patient._transport._once = lambda req: attempts.append(1) or original(req)
        started = time.monotonic()
        self.assertEqual(patient.company("northwind.example")["domain"], "northwind.example")
        self.assertEqual(len(attempts), 2)
        self.assertGreaterEqual(time.monotonic() - started, error.retry_after - 2)


class SilentServer:
    """Accepts connections and never answers."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.connections = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections.append(conn)

    def close(self) -> None:
        self.sock.close()
        for conn in self.connections:
            conn.close()


class TimeoutTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = SilentServer()
        self.addCleanup(self.server.close)

    def test_timeout_error_after_timeout_with_a_retry(self):
        client = Dossier(api_key="dsr_live_test", base_url=f"http://127.0.0.1:{self.server.port}", timeout=0.3, max_retries=1)
        started = time.monotonic()
        with self.assertRaises(ApiTimeoutError) as caught:
            client.company("northwind.example")
        elapsed = time.monotonic() - started
        self.assertIsInstance(caught.exception, ApiConnectionError)
        self.assertEqual((caught.exception.status, caught.exception.code), (0, "timeout"))
        self.assertGreaterEqual(elapsed, 0.6)
        self.assertLess(elapsed, 5)
        self.assertEqual(len(self.server.connections), 2)

    def test_per_call_timeout(self):
        client = Dossier(api_key="dsr_live_test", base_url=f"http://127.0.0.1:{self.server.port}", timeout=60)
        started = time.monotonic()
        with self.assertRaises(ApiTimeoutError):
            client.call("get_usage", {}, timeout=0.2, max_retries=0)
        self.assertLess(time.monotonic() - started, 5)

    def test_refused_connection_retries_then_raises(self):
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        client = Dossier(api_key="dsr_live_test", base_url=f"http://127.0.0.1:{port}", max_retries=2)
        attempts = []
        original = client._transport._once
        client._transport._once = lambda req: attempts.append(1) or original(req)
        with self.assertRaises(ApiConnectionError) as caught:
            client.company("northwind.example")
        self.assertNotIsInstance(caught.exception, ApiTimeoutError)
        self.assertEqual(len(attempts), 3)


if __name__ == "__main__":
    unittest.main()
