import json
import os
import unittest

from dossier import WebhookVerificationError, verify_webhook

# Signed by the standardwebhooks npm package; packages/sdk/src/webhooks.test.ts checks they still are.
with open(os.path.join(os.path.dirname(__file__), "webhook_vectors.json"), encoding="utf-8") as f:
    VECTORS = json.load(f)


def headers_of(case, signature=None):
    return {
        "Webhook-Id": case["id"],
        "Webhook-Timestamp": str(case["timestamp"]),
        "Webhook-Signature": signature or case["signature"],
    }


class VerifyWebhookTest(unittest.TestCase):
    def test_accepts_what_standardwebhooks_signs(self):
        for case in VECTORS["cases"]:
            event = verify_webhook(VECTORS["secret"], case["body"].encode("utf-8"), headers_of(case), now=case["timestamp"])
            self.assertEqual(event, json.loads(case["body"]))
            self.assertTrue(verify_webhook(VECTORS["secret"], case["body"], headers_of(case), now=case["timestamp"] + 299))

    def test_either_signature_during_a_rotation(self):
        case = VECTORS["cases"][0]
        both = "v1,bm90LXRoZS1zaWduYXR1cmU= " + case["signature"]
        self.assertTrue(verify_webhook(VECTORS["secret"], case["body"], headers_of(case, both), now=case["timestamp"]))

    def test_refuses_changed_body_wrong_secret_old_timestamp_missing_headers(self):
        case = VECTORS["cases"][1]
        with self.assertRaisesRegex(WebhookVerificationError, "no matching signature"):
            verify_webhook(VECTORS["secret"], case["body"] + " ", headers_of(case), now=case["timestamp"])
        with self.assertRaises(WebhookVerificationError):
            verify_webhook("whsec_" + "A" * 44, case["body"], headers_of(case), now=case["timestamp"])
        with self.assertRaisesRegex(WebhookVerificationError, "tolerance"):
            verify_webhook(VECTORS["secret"], case["body"], headers_of(case), now=case["timestamp"] + 301)
        with self.assertRaisesRegex(WebhookVerificationError, "missing"):
            verify_webhook(VECTORS["secret"], case["body"], {"webhook-id": case["id"]})


if __name__ == "__main__":
    unittest.main()
