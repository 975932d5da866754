"""gunicorn.conf.py as gunicorn itself reads it.

The attack found that gunicorn's control socket defaults to one path per user, so a second
gunicorn started on the host removed the socket of the one already running."""

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
    assert config.worker_class_str == "gthread"  # the file was read
    assert config.control_socket_disable is True


def test_an_operator_gives_this_instance_its_own_control_socket(monkeypatch, tmp_path):
    path = str(tmp_path / "cotati.ctl")
    config = read_config(monkeypatch, GUNICORN_CONTROL_SOCKET=path)
    assert config.control_socket_disable is False
    assert config.control_socket == path
