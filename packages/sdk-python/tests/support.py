"""The test server run-tests.sh started, read from the environment."""

import os
import unittest

from dossier import Dossier

BASE_URL = os.environ.get("DOSSIER_TEST_BASE_URL", "")
API_KEY = os.environ.get("DOSSIER_TEST_API_KEY", "")
LIMITED_KEY = os.environ.get("DOSSIER_TEST_LIMITED_KEY", "")


class ServerTest(unittest.TestCase):
    """Needs the server from run-tests.sh; fails (never skips) without it."""

    @classmethod
    def setUpClass(cls) -> None:
        if not (BASE_URL and API_KEY and LIMITED_KEY):
            raise RuntimeError("run these tests with packages/sdk-python/run-tests.sh (it starts the server)")

    def client(self, **options) -> Dossier:
        options.setdefault("timeout", 20.0)
        return Dossier(api_key=API_KEY, base_url=BASE_URL, **options)
