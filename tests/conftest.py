import pytest

from raguard import Verifier


@pytest.fixture(scope="session")
def verifier() -> Verifier:
    return Verifier()
