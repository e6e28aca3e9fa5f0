"""How `explain` finds and opens its inputs: folder walks through links, gzip on stdin, file names
that are not UTF-8."""

from __future__ import annotations

import gzip
import json
import os

import pytest

from diagnose.lines import expand_inputs

from .conftest import assert_no_traceback, run, sample

READY = "03-v1-0.10.1-tp4-ready.log"


def _loop_folder(tmp_path, loops: int):
    d = tmp_path / "d"
    (d / "sub").mkdir(parents=True)
    (d / READY).write_bytes(sample(READY).read_bytes())
    for name in "ab"[:loops]:
        os.symlink("..", d / "sub" / name)
    return d


@pytest.mark.parametrize("loops", [1, 2])
def test_a_folder_with_link_loops_reads_each_file_once(tmp_path, capsys, loops):
    d = _loop_folder(tmp_path, loops)
    specs = expand_inputs([str(d)])
    assert [sp.name for sp in specs] == [f"d/{READY}"]
    err = capsys.readouterr().err
    assert err.count("llmdiag: note: skipped") == loops and "sub/a" in err


def test_explain_of_a_folder_with_two_loops_ends_with_one_report(tmp_path):
    d = _loop_folder(tmp_path, 2)
    rc, out, err = run(["explain", "--format", "json", str(d)], timeout=60)
    assert_no_traceback(err)
    rep = json.loads(out)
    assert rc == 0 and rep["outcome"] == "ready" and rep["inputs"] == [f"d/{READY}"]
    assert "a link to a folder that is already read" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_explain_of_a_folder_skips_a_named_pipe_it_would_wait_on_forever(tmp_path):
    d = tmp_path / "d"
    d.mkdir()
    (d / READY).write_bytes(sample(READY).read_bytes())
    os.mkfifo(d / "engine.log")  # (a log file someone replaced by a pipe; nobody writes to it)
    rc, out, err = run(["explain", "--format", "json", str(d)], timeout=60)
    assert_no_traceback(err)
    assert rc == 0 and json.loads(out)["inputs"] == [f"d/{READY}"]
    assert "engine.log: not a regular file" in err


def test_the_same_file_twice_or_through_a_link_is_read_once(tmp_path, capsys):
    f = tmp_path / READY
    f.write_bytes(sample(READY).read_bytes())
    os.symlink(f, tmp_path / "again.log")
    specs = expand_inputs([str(f), str(f), str(tmp_path / "again.log")])
    assert [sp.name for sp in specs] == [READY]
    assert capsys.readouterr().err.count("the same file is already read") == 2


def test_gzip_on_stdin_is_read_like_a_gz_file(tmp_path):
    data = sample(READY).read_bytes()
    gz = tmp_path / "server.log.gz"
    gz.write_bytes(gzip.compress(data))
    rc, out, err = run(["explain", "--format", "json", "-"], input_bytes=gzip.compress(data))
    assert_no_traceback(err)
    piped = json.loads(out)
    rc2, out2, _ = run(["explain", "--format", "json", str(gz)])
    from_file = json.loads(out2)
    assert rc == rc2 == 0 and piped["engine"] == "vllm" and piped["outcome"] == "ready"
    same = ("engine", "engine_version", "outcome", "last_phase", "phases", "diagnoses", "lines", "facts")
    assert {k: piped[k] for k in same} == {k: from_file[k] for k in same}
    rc3, out3, _ = run(["explain", "--format", "json", "-"], input_bytes=data)  # plain text still plain
    assert rc3 == 0 and json.loads(out3)["lines"] == piped["lines"]


@pytest.mark.parametrize("fmt", ["json", "text", "markdown", "junit", "github"])
def test_a_file_name_that_is_not_utf8_keeps_every_format_utf8(tmp_path, fmt):
    name = os.fsdecode(b"server-\xff\xfe.log")
    path = os.path.join(os.fsdecode(bytes(tmp_path)) if isinstance(tmp_path, bytes) else str(tmp_path), name)
    with open(path, "wb") as fh:
        fh.write(sample("10-v1-0.10.2-tp2-weights-oom.log").read_bytes())
    rc, out, err = run(["explain", "--format", fmt, path])
    assert_no_traceback(err)
    assert rc == 1
    text = out.decode("utf-8")  # strict: no raw \xff byte in the output
    if fmt == "json":
        assert json.loads(text)["inputs"] == ["server-\ufffd\ufffd.log"]
    rc, out, err = run(["explain", "--format", "json", str(tmp_path)])  # the name found in a folder
    assert json.loads(out.decode("utf-8"))["inputs"][0].endswith("server-\ufffd\ufffd.log")


def test_an_annotation_never_names_a_file_in_bytes_that_are_not_utf8(tmp_path):
    name = os.fsdecode(b"server-\xff.log")
    path = os.path.join(str(tmp_path), name)
    with open(path, "wb") as fh:
        fh.write(sample("10-v1-0.10.2-tp2-weights-oom.log").read_bytes())
    from .conftest import env as base_env

    e = {**base_env(), "GITHUB_WORKSPACE": str(tmp_path)}
    rc, out, err = run(["explain", "--format", "github", path], env=e)
    assert_no_traceback(err)
    text = out.decode("utf-8")
    assert rc == 1 and "file=server-\ufffd.log" in text
