"""gunicorn.conf.py as gunicorn itself reads it.

The attack found that gunicorn's control socket defaults to one path per user, so a second
gunicorn started on the host removed the socket of the one already running."""

import os

from gunicorn.app.base import Application

from tests.faults.processes import ROOT

CONFIG = str(ROOT / "gunicorn.conf.py")


class ConfigOnly(Application):
    """gunicorn's own loader, fed the checked-in file and no command line."""

    def init(self, parser, opts, args):
        return None

    def load_config(self):
        self.load_config_from_file(CONFIG)

    def load(self):
        raise AssertionError("only the configuration is read")


def read_config(monkeypatch, **environ):
    monkeypatch.delenv("GUNICORN_CONTROL_SOCKET", raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    return ConfigOnly().cfg


def test_the_control_socket_is_off_unless_asked_for(monkeypatch):
    config = read_config(monkeypatch)
    assert config.worker_class_str == "cotati_site.gunicorn_worker.BoundedThreadWorker"
    assert config.control_socket_disable is True


def test_an_operator_gives_this_instance_its_own_control_socket(monkeypatch, tmp_path):
    path = str(tmp_path / "cotati.ctl")
    config = read_config(monkeypatch, GUNICORN_CONTROL_SOCKET=path)
    assert config.control_socket_disable is False
    assert config.control_socket == path


def test_a_worker_tells_the_database_bulkhead_its_real_thread_count(monkeypatch):
    """The bulkhead (settings.py) is sized from GUNICORN_THREADS; ``--threads 16`` on the
    command line must reach it, or the cap would be half of the file's default 4."""
    config = read_config(monkeypatch, GUNICORN_THREADS="4")
    config.set("threads", 16)

    class Worker:
        cfg = config

    config.post_fork(None, Worker())
    assert os.environ["GUNICORN_THREADS"] == "16"


def test_gunicorn_listens_on_loopback_only_unless_told_otherwise(monkeypatch):
    """The front server (README, Deploying) is the only client: gunicorn reachable from
    other hosts would let them skip its buffering and name their own address."""
    monkeypatch.delenv("GUNICORN_BIND", raising=False)
    assert read_config(monkeypatch).bind == ["127.0.0.1:8000"]
    assert read_config(monkeypatch, GUNICORN_BIND="10.0.0.5:9000").bind == ["10.0.0.5:9000"]
