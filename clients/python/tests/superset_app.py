"""A Superset app in this process for the Superset tests: its metadata in SQLite in a temporary folder, migrated,
with the roles of `superset init` and one admin. Superset reads its configuration when it is first imported, so this
module is imported only by the Superset tests' fixtures, which run first."""

import os
import warnings
from pathlib import Path

from sqlalchemy.exc import SAWarning

ADMIN = "admin"
ADMIN_PASSWORD = "admin-password"


def create(directory):
    config = Path(directory) / "superset_config.py"
    config.write_text(
        f"SQLALCHEMY_DATABASE_URI = 'sqlite:///{Path(directory) / 'superset.db'}'\n"
        "SECRET_KEY = 'sluice-superset-test-key-0123456789abcdef'\n"
        # the test client posts JSON without Superset's CSRF token
        "WTF_CSRF_ENABLED = False\n"
        # each SQL Lab query runs in the request, not through Celery
        "SQLLAB_ASYNC_TIME_LIMIT_SEC = 60\n"
    )
    os.environ["SUPERSET_CONFIG_PATH"] = str(config)

    import superset
    from flask_migrate import upgrade
    from superset.app import create_app

    app = create_app()
    # Superset's migrations warn about SQLite's foreign keys: warnings of Superset's, not of the dialect
    with app.app_context(), warnings.catch_warnings():
        warnings.simplefilter("ignore", SAWarning)
        upgrade(directory=str(Path(superset.__file__).parent / "migrations"))
        from superset import appbuilder, security_manager

        # what `superset init` does
        appbuilder.add_permissions(update_perms=True)
        security_manager.sync_role_definitions()
        security_manager.add_user(
            ADMIN, "Ada", "Admin", "admin@example.com", security_manager.find_role("Admin"), password=ADMIN_PASSWORD
        )
    return app
