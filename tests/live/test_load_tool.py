"""The load tool refuses a run it cannot make before it connects to anything."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVER = os.environ.get("MAPWIRE_BIN", os.path.join(ROOT, ".build", "debug", "mapwire"))
LOAD = os.path.join(os.path.dirname(SERVER), "mapwire-load")


def test_moves_without_pins_to_move_are_refused_with_a_reason():
    # No server listens on this port: the refusal must come before any connection.
    run = subprocess.run([LOAD, "--port", "9", "--moves", "5", "--annotations", "0"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 64, run.stderr
    assert "--moves needs pins to move" in run.stderr


def test_moves_with_clustered_pins_only_are_accepted():
    run = subprocess.run([LOAD, "--port", "9", "--moves", "5", "--annotations", "0", "--clustered", "10",
                          "--duration", "0.1"], capture_output=True, text=True, timeout=60)
    assert "--moves needs pins to move" not in run.stderr
