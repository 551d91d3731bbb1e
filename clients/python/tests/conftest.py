"""A real Sluice gateway for the tests: started once from this repository's bin/sluice-gateway on 127.0.0.1, port 0,
with password authentication, and stopped after the last test.

SLUICE_TEST_GATEWAY=host:port uses a gateway that is already running instead (it must know the user below, and declare
the shared catalog lake).

The Superset tests (test_superset_*.py) run only with SLUICE_TEST_SUPERSET=1, in an environment with Superset
(./run-superset-tests makes one): Superset is big, and pins SQLAlchemy 1.4.
"""

import contextlib
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine

REPOSITORY = Path(__file__).resolve().parents[3]
USER = "alice"
PASSWORD = "sluice-test-password"
# bcrypt at cost 4, the cheapest: the test is of the dialect, not of bcrypt
PASSWORD_HASH = "$2b$04$F8OJxN48cvNfLpUCHA1adOoOKKZchCDFyImiUYdM2b0j9DQqIoDoG"
READY = re.compile(r"^Sluice gateway ready: jdbc:sluice://([^/;\s]+)", re.MULTILINE)
# the first start warms the gateway up for ~40 s; bin/sluice-gateway builds the repository first if it has changed
START_TIMEOUT_SECONDS = float(os.environ.get("SLUICE_TEST_START_TIMEOUT", "600"))

collect_ignore_glob = [] if os.environ.get("SLUICE_TEST_SUPERSET") == "1" else ["test_superset_*.py"]


@pytest.fixture(scope="session")
def gateway(tmp_path_factory):
    """The gateway's host:port, over HTTP."""
    if os.environ.get("SLUICE_TEST_GATEWAY"):
        yield os.environ["SLUICE_TEST_GATEWAY"]
        return
    with _running_gateway(tmp_path_factory.mktemp("gateway"), tls=False) as address:
        yield address


@pytest.fixture(scope="session")
def tls_gateway(tmp_path_factory):
    """A second gateway, over TLS with a certificate made for 127.0.0.1: its host:port and the certificate's file."""
    directory = tmp_path_factory.mktemp("tls-gateway")
    with _running_gateway(directory, tls=True) as address:
        yield address, directory / "certificate.pem"


@contextlib.contextmanager
def _running_gateway(directory, tls):
    (directory / "users.htpasswd").write_text(f"{USER}:{PASSWORD_HASH}\n")
    (directory / "lake").mkdir()
    # a catalog every connection shares: Superset opens a connection for each thing it does, so it sees no
    # temporary table; Paimon, since a catalog held in memory is each session's own
    config = (
        "sluice:\n"
        "  server:\n"
        "    host: 127.0.0.1\n"
        "    port: 0\n"
        "  catalogs: [lake]\n"
        "  catalog:\n"
        "    lake:\n"
        "      type: paimon\n"
        f"      warehouse: {(directory / 'lake').as_uri()}\n"
        "  security:\n"
        "    authentication:\n"
        "      methods: [PASSWORD]\n"
        "      password:\n"
        f"        file: {directory / 'users.htpasswd'}\n"
    )
    if tls:
        _make_certificate(directory / "certificate.pem", directory / "key.pem")
        config += (
            "    ssl:\n"
            "      enabled: true\n"
            f"      certificate: {directory / 'certificate.pem'}\n"
            f"      private-key: {directory / 'key.pem'}\n"
        )
    (directory / "sluice.yaml").write_text(config)
    out, err = directory / "gateway.out", directory / "gateway.err"
    with open(out, "w") as stdout, open(err, "w") as stderr:
        process = subprocess.Popen(
            [str(REPOSITORY / "bin" / "sluice-gateway"), "--config", str(directory / "sluice.yaml")],
            cwd=REPOSITORY,
            env={**os.environ, "SLUICE_LOG_DIR": str(directory)},
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,  # its own process group: a build that runs first is stopped with it
        )
    try:
        yield _await_ready(process, out, err)
    finally:
        _stop(process)


def _make_certificate(certificate, key):
    # a self-signed certificate for the address the tests connect to; the key in PKCS#8, as the gateway reads it
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(certificate)],
        check=True,
        capture_output=True,
    )


def _await_ready(process, out, err):
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        match = READY.search(out.read_text())
        if match:
            return match.group(1)
        if process.poll() is not None:
            break
        time.sleep(0.5)
    raise RuntimeError(
        f"The gateway did not start within {START_TIMEOUT_SECONDS:.0f} s; its output:\n"
        f"{out.read_text()}\n{err.read_text()[-5000:]}"
    )


def _stop(process):
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)  # the gateway stops cleanly on SIGTERM
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@pytest.fixture(scope="session")
def url(gateway):
    return f"sluice://{USER}:{PASSWORD}@{gateway}/"


@pytest.fixture
def engine(url):
    # future=True: SQLAlchemy 2's Connection (commit, rollback) also on 1.4, which the Superset run has
    engine = create_engine(url, future=True)
    yield engine
    engine.dispose()


@pytest.fixture(scope="session")
def superset_app(tmp_path_factory):
    """Superset in this process, with its metadata in a temporary SQLite file (only for the Superset tests)."""
    import superset_app

    return superset_app.create(tmp_path_factory.mktemp("superset"))
