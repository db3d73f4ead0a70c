"""Shared test set-up: hypothesis profiles and the toy user ring."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


def pytest_configure(config) -> None:  # type: ignore[no-untyped-def]
    # Hypothesis formats failing examples with black when it is installed, and
    # black imports mypy_extensions, which warns on import; with warnings as
    # errors that would hide the real failure behind an internal error.
    config.addinivalue_line("filterwarnings", "ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning")
