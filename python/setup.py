# setup.py — builds the Python module `hako`: the binding (python/src/*.c,
# which sees only include/hako.h) compiled with libhako's own sources
# (../src/*.c), so nothing but a C compiler and Python's headers (Debian:
# python3-dev) is needed. No network: pip install --no-build-isolation ./python
import glob
import os

from setuptools import Extension, setup

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
binding = sorted(glob.glob(os.path.join(here, "src", "*.c")))
library = sorted(glob.glob(os.path.join(root, "src", "*.c")))
if not library:
    raise SystemExit("hako: ../src not found; build from a checkout of the hako repository")

setup(
    name="hako",
    version="0.1.0",
    description="Sokoban solver (libhako): solve, read collections, play, deadlocks",
    license="see the hako repository",
    python_requires=">=3.9",
    ext_modules=[
        Extension(
            "hako",
            sources=binding + library,
            include_dirs=[os.path.join(root, "include")],
            define_macros=[("_POSIX_C_SOURCE", "200809L")],
            extra_compile_args=["-std=c17", "-O2", "-Wall", "-Wno-missing-field-initializers"],
        )
    ],
)
