import email.utils
import unittest

from dossier import OPERATIONS, RateLimit
from dossier.errors import ValidationError, error_from_response, parse_retry_after
from dossier.operations import Operation, build_request
from dossier.rate_limit import parse_rate_limit
from dossier.transport import backoff


class ParseTest(unittest.TestCase):
    def test_rate_limit_headers(self):
        headers = {"X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "59", "X-RateLimit-Reset": "1800000000"}
        self.assertEqual(parse_rate_limit(headers), RateLimit(60, 59, 1800000000))
        ietf = {"RateLimit-Policy": '"default";q=100;w=60', "RateLimit": '"default";r=7;t=30'}
        self.assertEqual(parse_rate_limit(ietf, now=1_000_000_000), RateLimit(100, 7, 1_000_000_030))
        self.assertIsNone(parse_rate_limit({}))

    def test_retry_after(self):
        self.assertEqual(parse_retry_after("7"), 7)
        self.assertEqual(parse_retry_after(email.utils.formatdate(1_000_000_030, usegmt=True), now=1_000_000_000), 30)
        self.assertIsNone(parse_retry_after(None))
        self.assertIsNone(parse_retry_after("soon"))

    def test_error_from_response(self):
        body = '{"error":"invalid_request","message":"from: bad","issues":[{"path":"from","message":"bad"}],"request_id":"r1"}'
        error = error_from_response(422, {"Retry-After": "3"}, body)
        self.assertIsInstance(error, ValidationError)
        self.assertEqual((error.status, error.code, error.request_id), (422, "invalid_request", "r1"))
        self.assertEqual(error.issues, [{"path": "from", "message": "bad"}])
        plain = error_from_response(502, {"X-Request-Id": "r2"}, "<html>bad gateway</html>")
        self.assertEqual((plain.code, plain.request_id, plain.message), ("http_502", "r2", "<html>bad gateway</html>"))

    def test_backoff_grows_caps_and_jitters(self):
        self.assertEqual(backoff(0, lambda: 1), 0.5)
        self.assertEqual(backoff(3, lambda: 1), 4)
        self.assertEqual(backoff(10, lambda: 1), 8)
        self.assertEqual(backoff(3, lambda: 0.5), 2)


class BuildRequestTest(unittest.TestCase):
    def test_get_path_and_query(self):
        req = build_request(OPERATIONS["get_verify_job"], {"job_id": "job 1/2", "cursor": "5", "limit": 10})
        self.assertEqual(req.path, "/v1/verify/job%201%2F2")
        self.assertEqual(req.query, [("cursor", "5"), ("limit", "10")])
        self.assertIsNone(req.body)
        self.assertTrue(req.retryable)

    def test_idempotency_header(self):
        mine = build_request(OPERATIONS["verify_emails"], {"emails": ["a@b.c"], "idempotency_key": "k1"})
        self.assertEqual(mine.headers, {"idempotency-key": "k1"})
        self.assertEqual(mine.body, {"emails": ["a@b.c"]})
        self.assertTrue(mine.retryable)
        auto = build_request(OPERATIONS["verify_emails"], {"emails": ["a@b.c"]})
        self.assertRegex(auto.headers["idempotency-key"], r"^[0-9a-f-]{36}$")

    def test_unsafe_post_is_not_retryable(self):
        self.assertFalse(build_request(Operation("POST", "/v1/x", read_only=False, idempotent=False), {}).retryable)

    def test_missing_path_parameter(self):
        with self.assertRaisesRegex(TypeError, "domain"):
            build_request(OPERATIONS["get_company"], {})


if __name__ == "__main__":
    unittest.main()
